import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { craftBundle } from '../bundles/support/craft-zip.js';
import { miniWorkspace, writeTempWorkspace } from '../fixtures/temp-workspace.js';
import { ALIAS_BOMB, DEEP_FLOW } from '../yaml/hostile-yaml.js';

/**
 * Issue 18, item 2, in the CLI: a workspace (or a bundle) whose YAML nests 1000 deep used to
 * abort Node (SIGABRT in V8's regexp compiler) in check, build, snapshot and import
 * --dry-run. Each runs the installed bin (dist-lib, `npm run build:lib`) in a child process,
 * so an abort fails the test instead of the runner.
 */

const BIN = path.resolve('bin/variant-studio.js');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function deepWorkspace(): string {
  const dir = writeTempWorkspace({ ...miniWorkspace(), 'workspace.yaml': DEEP_FLOW, 'tools/a.yaml': DEEP_FLOW });
  dirs.push(dir);
  return dir;
}

function cli(args: string[]): { status: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string } {
  expect(existsSync(path.resolve('dist-lib/cli/main.js')), 'run `npm run build:lib` first').toBe(true);
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

const DEEP = 'YAML: collections are nested more than 64 deep; the file is not read';

describe('the CLI on deeply nested YAML', () => {
  it('check names both files and exits 1', () => {
    const r = cli(['check', '--workspace', deepWorkspace()]);
    expect(r.signal).toBeNull();
    expect(r.status).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines.filter((l) => l.includes(' error '))).toEqual([
      `tools/a.yaml:1:64: error LOAD_ERROR: ${DEEP}`,
      `workspace.yaml:1:64: error LOAD_ERROR: ${DEEP}`,
    ]);
    expect(lines.at(-2)).toMatch(/^2 error\(s\), 4 warning\(s\), 0 note\(s\) in /);
  });

  it('build and snapshot run on what loads', () => {
    const ws = deepWorkspace();
    const build = cli(['build', '--workspace', ws, '--variant', 'generic']);
    expect(build.signal).toBeNull();
    expect(build.status).toBe(0);
    expect(build.stdout.length).toBeGreaterThan(0);
    const snapshot = cli(['snapshot', '--workspace', ws]);
    expect(snapshot.signal).toBeNull();
    // No snapshots stored yet: each variant and preset is reported missing (exit 1), none aborts.
    expect(snapshot.status).toBe(1);
    expect(snapshot.stdout.split('\n').at(-2)).toBe('4 of 4 snapshot(s) differ');
  });

  it('import --dry-run refuses a bundle of deep or alias-bomb YAML, naming the entry (exit 2)', () => {
    const ws = deepWorkspace();
    for (const [file, text] of [
      ['tools/deep.yaml', DEEP_FLOW],
      ['profiles/bomb/profile.yaml', ALIAS_BOMB],
    ] as const) {
      const zip = path.join(ws, 'bundle.zip');
      writeFileSync(zip, craftBundle({ [file]: text }));
      const r = cli(['import', zip, '--workspace', ws, '--dry-run']);
      expect(r.signal).toBeNull();
      expect(r.status).toBe(2);
      expect(r.stderr).toContain(file);
    }
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { folderFileSource } from '../folder-source.js';
import { loadHarnessProfiles, runHarness } from '../../../shared/harness/index.js';
import type { InstructionFs } from '../../../shared/stack/index.js';
import { createNodeInstructionFs } from '../stack/node-fs.js';
import { realHarnessSetup } from './real-harness.js';

/**
 * On the real disk every harness reads only inside the granted folder and its own standard
 * global locations: on random trees with symlinks and imports pointing out of the granted
 * folder, the disk below the confinement is never asked about anything else.
 */

const { profiles } = loadHarnessProfiles(folderFileSource(path.resolve('variants')));
const top = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'vs-real-harness-')));
afterAll(() => fs.rmSync(top, { recursive: true, force: true }));

type Call = [method: string, path: string];

function recording(inner: InstructionFs, seen: Call[]): InstructionFs {
  return {
    stat: (p) => (seen.push(['stat', p]), inner.stat(p)),
    readFile: (p) => (seen.push(['readFile', p]), inner.readFile(p)),
    readdir: (p) => (seen.push(['readdir', p]), inner.readdir(p)),
    realpath: (p) => (seen.push(['realpath', p]), inner.realpath(p)),
    lstat: (p) => (seen.push(['lstat', p]), inner.lstat ? inner.lstat(p) : Promise.resolve(undefined)),
  };
}

const NAMES = [
  'AGENTS.md',
  'CLAUDE.md',
  'GEMINI.md',
  'QWEN.md',
  '.clinerules',
  '.cursorrules',
  '.kilocoderules',
  'copilot-instructions.md',
];
const entry = fc.record({
  dir: fc.constantFrom('', 'sub', 'sub/deep', '.clinerules', '.claude/rules', '.github', '.kilo/rules', '.qwen/rules'),
  name: fc.constantFrom(...NAMES, 'x.md'),
  kind: fc.constantFrom('file', 'link-out', 'link-up', 'import-out'),
});

let n = 0;
describe('real-disk harness runs', () => {
  it('never ask the disk about anything outside the granted folder and the harness globals', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { maxLength: 8 }), fc.constantFrom(...profiles), async (entries, profile) => {
        const base = path.join(top, `run-${n++}`);
        const home = path.join(base, 'home');
        const repo = path.join(base, 'repo');
        const outside = path.join(base, 'outside');
        for (const d of [home, repo, outside, path.join(repo, '.git')]) fs.mkdirSync(d, { recursive: true });
        fs.writeFileSync(path.join(outside, 'secret.md'), 'SECRET');
        for (const e of entries) {
          const dir = path.join(repo, e.dir);
          fs.mkdirSync(dir, { recursive: true });
          const p = path.join(dir, e.name);
          if (fs.existsSync(p) || fs.existsSync(path.dirname(p)) === false) continue;
          if (e.kind === 'file') fs.writeFileSync(p, 'rules');
          else if (e.kind === 'import-out')
            fs.writeFileSync(p, `@${path.join(outside, 'secret.md')} @../../outside/secret.md {file:${path.join(outside, 'secret.md')}}`);
          else if (e.kind === 'link-out') fs.symlinkSync(path.join(outside, 'secret.md'), p);
          else fs.symlinkSync(base, p);
        }
        const seen: Call[] = [];
        const setup = await realHarnessSetup(
          profile,
          { cwd: repo, reads: [path.join(repo, 'sub', 'deep', 'x.ts')], settings: { hasClaudeMdExternalIncludesApproved: true } },
          { granted: [repo], homeDir: home, env: {}, platform: 'linux', inner: recording(createNodeInstructionFs(), seen) },
        );
        if (!setup.ok) throw new Error(setup.error);
        const result = await runHarness(profile, setup.context, { fs: setup.fs, today: '2026-11-30' });
        const allowed = [repo, ...setup.globals.flatMap((g) => [...g.files, ...g.folders])];
        const inside = (p: string): boolean => allowed.some((a) => p === a || p.startsWith(`${a}/`));
        const above = (p: string): boolean => allowed.some((a) => a.startsWith(`${p}/`));
        // The confinement resolves where a granted path really is before it lets it through (for
        // a folder not there yet, its parents' real paths): besides that, nothing outside.
        expect(seen.filter(([method, p]) => !inside(p) && !(method === 'realpath' && above(p)))).toEqual([]);
        expect(JSON.stringify(result.parts)).not.toContain('SECRET');
      }),
      { numRuns: 40, seed: 9 },
    );
  });
});

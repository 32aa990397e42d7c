import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/main.js';
import { buildVariantPrompt } from '../../shared/engine/build/build-variant-prompt.js';
import { deterministicBuildOptions } from '../../shared/engine/snapshots/snapshot-files.js';
import { loadWorkspace } from '../../shared/engine/workspace/load-workspace.js';
import { builtinWorkspaceDir } from '../../electron/host/builtin-workspace.js';
import { readBundle } from '../../electron/host/bundles/read-bundle.js';
import { folderFileSource } from '../../electron/host/folder-source.js';
import { scanWorkspace } from '../../electron/host/workspace-files.js';

async function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const before = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(env)) process.env[k] = v;
  try {
    const code = await runCli(args, { stdout: (t) => (out += t), stderr: (t) => (err += t), cwd: process.cwd() });
    return { code, out, err };
  } finally {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

const dirs: string[] = [];
function temp(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('round trip: every built-in variant, rendered, into an empty workspace', () => {
  it('reproduces every build byte for byte, the stored snapshots, and the workspace files', async () => {
    const out = temp('vs-rt-');
    const zip = path.join(out, 'builtin.zip');
    const exported = await run(['export', '--out', zip, '--rendered'], { SOURCE_DATE_EPOCH: '1768435200' });
    expect(exported.err).toBe('');
    expect(exported.code).toBe(0);
    expect(exported.out).toMatch(
      /^wrote .*builtin\.zip: 8 variant\(s\), 2 profile\(s\), 10 preset\(s\), \d+ file\(s\) with rendered prompts, \d+ bytes\n$/,
    );

    const contents = await readBundle(readFileSync(zip));
    const builtin = builtinWorkspaceDir();
    const snapshotsDir = path.join(builtin, 'snapshots');
    // Every rendered Markdown file is the stored snapshot of that variant x preset.
    let compared = 0;
    for (const variant of readdirSync(snapshotsDir)) {
      for (const file of readdirSync(path.join(snapshotsDir, variant))) {
        expect(contents.rendered.get(`rendered/${variant}/${file}`), `${variant}/${file}`).toBe(
          readFileSync(path.join(snapshotsDir, variant, file), 'utf8'),
        );
        compared++;
      }
    }
    expect(compared).toBe(56);
    expect([...contents.rendered.keys()].filter((p) => p.endsWith('.md'))).toHaveLength(56);

    const target = path.join(temp('vs-rt-ws-'), 'imported');
    const imported = await run(['import', zip, '--workspace', target]);
    expect(imported.err).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.out).toMatch(/imported into .*: \d+ file\(s\) written, 0 removed\n$/);

    // The imported workspace holds exactly the built-in workspace files.
    const original = scanWorkspace(builtin).files;
    const copy = scanWorkspace(target).files;
    expect([...copy.keys()].sort()).toEqual([...original.keys()].sort());
    for (const [rel, text] of original) expect(copy.get(rel), rel).toBe(text);

    // Building the imported workspace reproduces the rendered prompts and JSON results.
    const ws = loadWorkspace(folderFileSource(target));
    expect(ws.problems.filter((p) => p.severity === 'error')).toEqual([]);
    for (const variant of ws.variants) {
      for (const preset of ws.presets) {
        const result = buildVariantPrompt({
          variant,
          context: preset.context,
          components: ws.components,
          tools: ws.tools,
          options: deterministicBuildOptions(),
        });
        expect(`${result.text}\n`).toBe(contents.rendered.get(`rendered/${variant.id}/${preset.name}.md`));
        expect(`${JSON.stringify(result, null, 2)}\n`).toBe(contents.rendered.get(`rendered/${variant.id}/${preset.name}.json`));
      }
    }
    // And the snapshot command, pointed at the stored snapshots, agrees.
    const snap = await run(['snapshot', '--workspace', target, '--dir', snapshotsDir]);
    expect(snap.out).toBe('56 snapshot(s) match\n');
    expect(snap.code).toBe(0);
  });

  it('exports the same bytes twice', async () => {
    const out = temp('vs-det-');
    const a = path.join(out, 'a.zip');
    const b = path.join(out, 'b.zip');
    expect((await run(['export', '--out', a, '--rendered'], { SOURCE_DATE_EPOCH: '1768435200' })).code).toBe(0);
    // Another time zone: zip times are local times, and must not depend on it.
    expect((await run(['export', '--out', b, '--rendered'], { SOURCE_DATE_EPOCH: '1768435200', TZ: 'Pacific/Kiritimati' })).code).toBe(0);
    expect(Buffer.compare(readFileSync(a), readFileSync(b))).toBe(0);
  });
});

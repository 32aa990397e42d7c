import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/main.js';
import { loadWorkspace } from '../../shared/engine/workspace/load-workspace.js';
import { readBundle } from '../../electron/host/bundles/read-bundle.js';
import { folderFileSource } from '../../electron/host/folder-source.js';
import { builtinWorkspaceDir } from '../../electron/host/builtin-workspace.js';
import { miniWorkspace, writeTempWorkspace } from '../fixtures/temp-workspace.js';
import { craftBundle } from './support/craft-zip.js';

/** `variant-studio export` and `import` end to end, in-process. */

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(args, { stdout: (t) => (out += t), stderr: (t) => (err += t), cwd: process.cwd() });
  return { code, out, err };
}

const dirs: string[] = [];
function temp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vs-cli-bundle-'));
  dirs.push(dir);
  return dir;
}
function mini(extra: Record<string, string> = {}): string {
  const dir = writeTempWorkspace({ ...miniWorkspace(), ...extra });
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function files(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string): void => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(child);
      else out[child] = fs.readFileSync(path.join(dir, child), 'utf8');
    }
  };
  walk('');
  return out;
}

describe('variant-studio export', () => {
  it('a bundle of one variant holds its closure: folder, workspace components, tools, presets and their bases', async () => {
    const ws = mini();
    const zip = path.join(temp(), 'special.zip');
    const r = await run(['export', '--workspace', ws, '--variant', 'generic', '--preset', 'browser', '--out', zip]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const contents = await readBundle(fs.readFileSync(zip));
    expect([...contents.files.keys()].sort()).toEqual([
      'components/AGENT_ROLE_SECTION.md',
      'components/SYSTEM_INFO_SECTION.md',
      'components/TOOLBOX.md',
      'contexts/base.yaml',
      'contexts/browser.yaml',
      'tools/say.yaml',
      'variants/generic/template.md',
      'variants/generic/variant.yaml',
    ]);
    expect(contents.manifest.contents).toEqual({ variants: ['generic'], profiles: [], presets: ['browser'], rendered: false });
    expect(contents.manifest.sourceWorkspace).toBe('Mini');
  });

  it('the same choice in another order gives the same bytes', async () => {
    const dir = temp();
    process.env.SOURCE_DATE_EPOCH = '1768435200';
    try {
      expect((await run(['export', '--variant', 'xs', '--variant', 'gpt-5', '--out', path.join(dir, 'a.zip')])).code).toBe(0);
      expect((await run(['export', '--variant', 'gpt-5', '--variant', 'xs', '--out', path.join(dir, 'b.zip')])).code).toBe(0);
    } finally {
      delete process.env.SOURCE_DATE_EPOCH;
    }
    expect(fs.readFileSync(path.join(dir, 'a.zip')).equals(fs.readFileSync(path.join(dir, 'b.zip')))).toBe(true);
    // In the workspace's selection order (xs comes before gpt-5 there).
    expect((await readBundle(fs.readFileSync(path.join(dir, 'a.zip')))).manifest.contents.variants).toEqual(['xs', 'gpt-5']);
  });

  it('a stack profile carries the harness profile it names, and builds on its own after import', async () => {
    const zip = path.join(temp(), 'opencode.zip');
    const r = await run(['export', '--profile', 'opencode', '--out', zip]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const contents = await readBundle(fs.readFileSync(zip));
    const paths = [...contents.files.keys()];
    expect(paths.filter((p) => p.startsWith('harnesses/'))).toEqual(['harnesses/opencode/harness.yaml']);
    expect(paths.filter((p) => p.startsWith('variants/'))).toEqual([]);
    const target = path.join(temp(), 'ws');
    expect((await run(['import', zip, '--workspace', target])).code).toBe(0);
    const built = await run(['build', '--workspace', target, '--profile', 'opencode', '--preset', 'stack-basic']);
    expect(built.err).toBe('');
    expect(built.code).toBe(0);
  });

  it('a complete export carries workspace.yaml', async () => {
    const zip = path.join(temp(), 'all.zip');
    expect((await run(['export', '--workspace', mini(), '--out', zip])).code).toBe(0);
    expect((await readBundle(fs.readFileSync(zip))).files.get('workspace.yaml')).toBe(miniWorkspace()['workspace.yaml']);
  });

  it('--format md writes the prompts as snapshot files', async () => {
    const out = temp();
    const r = await run(['export', '--format', 'md', '--variant', 'generic', '--variant', 'xs', '--preset', 'basic', '--out', out]);
    expect(r.out).toBe(`wrote 2 file(s) to ${out}\n`);
    const snapshots = path.join(builtinWorkspaceDir(), 'snapshots');
    expect(files(out)).toEqual({
      'generic/basic.md': fs.readFileSync(path.join(snapshots, 'generic/basic.md'), 'utf8'),
      'xs/basic.md': fs.readFileSync(path.join(snapshots, 'xs/basic.md'), 'utf8'),
    });
  });

  it('--format request writes a body per API and a README with the curl commands', async () => {
    const out = temp();
    const r = await run([
      'export',
      '--format',
      'request',
      '--api',
      'anthropic',
      '--api',
      'gemini',
      '--variant',
      'generic',
      '--preset',
      'basic',
      '--out',
      out,
    ]);
    expect(r.code).toBe(0);
    const written = files(out);
    expect(Object.keys(written).sort()).toEqual(['README.md', 'generic/basic.anthropic.json', 'generic/basic.gemini.json']);
    const body = JSON.parse(written['generic/basic.anthropic.json']!) as { model: string; system: { text: string }[] };
    expect(body.model).toBe('claude-sonnet-4-5-20250929');
    expect(`${body.system[0]!.text}\n`).toBe(fs.readFileSync(path.join(builtinWorkspaceDir(), 'snapshots/generic/basic.md'), 'utf8'));
    expect(written['README.md']).toContain(
      'curl https://api.anthropic.com/v1/messages -H "x-api-key: $ANTHROPIC_API_KEY" -H "anthropic-version: 2023-06-01" -H "Content-Type: application/json" -d @generic/basic.anthropic.json',
    );
    // generic's modelName is `any`: the Gemini body (and its URL) names the Gemini default.
    expect(written['README.md']).toContain('curl "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-pro:generateContent"');
    expect(r.out).toBe(
      [
        `wrote 3 file(s) to ${out}`,
        "generic/basic.anthropic.json: model claude-sonnet-4-5-20250929, the context's model (claude-sonnet-4-5-20250929, an Anthropic model)",
        "generic/basic.gemini.json: model gemini-2.5-pro, the default model of Gemini generateContent (gemini-2.5-pro): the context's model claude-sonnet-4-5-20250929 is an Anthropic model; the variant's modelName any is a model of no known provider",
        '',
      ].join('\n'),
    );
  });

  it("--format request --api openai-chat --variant gpt-5 --preset basic names gpt-5, the variant's modelName, not the preset's Claude", async () => {
    const out = temp();
    const r = await run(['export', '--format', 'request', '--api', 'openai-chat', '--variant', 'gpt-5', '--preset', 'basic', '--out', out]);
    expect(r).toEqual({
      code: 0,
      out: `wrote 2 file(s) to ${out}\ngpt-5/basic.openai-chat.json: model gpt-5, the variant's modelName (gpt-5): the context's model claude-sonnet-4-5-20250929 is an Anthropic model\n`,
      err: '',
    });
    const body = JSON.parse(files(out)['gpt-5/basic.openai-chat.json']!) as { model: string };
    expect(body.model).toBe('gpt-5');
  });

  it('--format ts writes the modules', async () => {
    const out = temp();
    expect((await run(['export', '--format', 'ts', '--variant', 'xs', '--out', out])).code).toBe(0);
    expect(Object.keys(files(out)).sort()).toEqual(['index.ts', 'types.ts', 'xs.ts']);
  });

  it('bad selections and arguments: one line, exit 2', async () => {
    const zip = path.join(temp(), 'x.zip');
    expect(await run(['export', '--variant', 'nope', '--out', zip])).toEqual({
      code: 2,
      out: '',
      err: "variant-studio: no variant 'nope' in this workspace (variants: xs, devstral, hermes, glm, gemini-3, gpt-5, next-gen, generic)\n",
    });
    expect(await run(['export', '--format', 'ts', '--profile', 'opencode', '--out', temp()])).toEqual({
      code: 2,
      out: '',
      err: 'variant-studio: --profile goes with bundles: ts, md and request exports are of variants\n',
    });
    expect((await run(['export', '--format', 'pdf', '--out', zip])).err).toBe(
      "variant-studio: --format must be ts, md, request or promptfoo (or left out for a bundle), not 'pdf'\n",
    );
    expect((await run(['export', '--format', 'request', '--api', 'cohere', '--out', temp()])).err).toBe(
      "variant-studio: --api must be one of openai-chat, openai-responses, anthropic, gemini, not 'cohere'\n",
    );
    expect(fs.existsSync(zip)).toBe(false);
  });
});

describe('variant-studio import', () => {
  async function bundleOfMini(args: string[] = []): Promise<string> {
    const zip = path.join(temp(), 'mini.zip');
    expect((await run(['export', '--workspace', mini(), '--out', zip, ...args])).code).toBe(0);
    return zip;
  }

  it('refuses a bad bundle with one line naming the entry and the reason, exit 2, nothing written', async () => {
    const ws = mini();
    const before = files(ws);
    const zip = path.join(temp(), 'evil.zip');
    fs.writeFileSync(zip, craftBundle({ 'variants/x/../../../escape.md': 'x' }));
    expect(await run(['import', zip, '--workspace', ws])).toEqual({
      code: 2,
      out: '',
      err: `variant-studio: ${zip}: entry 'variants/x/../../../escape.md': leaves the bundle's folder (..); nothing was written\n`,
    });
    expect(files(ws)).toEqual(before);
  });

  it('into a workspace with other content: fails by default, nothing written', async () => {
    const zip = await bundleOfMini();
    const ws = mini({ 'variants/generic/template.md': 'MINE {{ROLE}}\n' });
    const before = files(ws);
    const r = await run(['import', zip, '--workspace', ws]);
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      'variant-studio: changed variant generic (1 changed, 1 identical): conflict (choose with --on-conflict overwrite, skip or rename)\nvariant-studio: 1 conflict(s); nothing was written\n',
    );
    expect(files(ws)).toEqual(before);
  });

  it('--dry-run prints the plan per file and writes nothing', async () => {
    const zip = await bundleOfMini();
    const ws = mini({ 'variants/generic/template.md': 'MINE {{ROLE}}\n' });
    fs.rmSync(path.join(ws, 'tools/say.yaml'));
    const before = files(ws);
    const r = await run(['import', zip, '--workspace', ws, '--dry-run', '--on-conflict', 'rename']);
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      [
        `${zip} into ${ws} (dry run: nothing written)`,
        "changed variant generic (1 changed, 1 identical) -> import as 'generic-imported'",
        '  changed   variants/generic/template.md (+11 -1)',
        '  identical variants/generic/variant.yaml',
        'identical variant special (2 identical) -> nothing to do',
        '  identical variants/special/template.md',
        '  identical variants/special/variant.yaml',
        'identical component AGENT_ROLE_SECTION (1 identical) -> nothing to do',
        '  identical components/AGENT_ROLE_SECTION.md',
        'identical component SYSTEM_INFO_SECTION (1 identical) -> nothing to do',
        '  identical components/SYSTEM_INFO_SECTION.md',
        'identical component TOOLBOX (1 identical) -> nothing to do',
        '  identical components/TOOLBOX.md',
        'new tool say (1 new) -> add',
        '  new       tools/say.yaml (+6 -0)',
        'identical context preset base (1 identical) -> nothing to do',
        '  identical contexts/base.yaml',
        'identical context preset browser (1 identical) -> nothing to do',
        '  identical contexts/browser.yaml',
        'identical workspace.yaml (1 identical) -> nothing to do',
        '  identical workspace.yaml',
        '',
      ].join('\n'),
    );
    expect(files(ws)).toEqual(before);
  });

  it('--on-conflict overwrite, skip and rename', async () => {
    const zip = await bundleOfMini();
    const theirs = miniWorkspace()['variants/generic/template.md'];
    const overwrite = mini({ 'variants/generic/template.md': 'MINE\n' });
    expect((await run(['import', zip, '--workspace', overwrite, '--on-conflict', 'overwrite'])).out).toBe(
      `changed variant generic (1 changed, 1 identical) -> overwrite\nimported into ${overwrite}: 1 file(s) written, 0 removed\n`,
    );
    expect(fs.readFileSync(path.join(overwrite, 'variants/generic/template.md'), 'utf8')).toBe(theirs);

    const skip = mini({ 'variants/generic/template.md': 'MINE\n' });
    expect((await run(['import', zip, '--workspace', skip, '--on-conflict', 'skip'])).out).toBe(
      `changed variant generic (1 changed, 1 identical) -> keep the workspace’s\nimported into ${skip}: 0 file(s) written, 0 removed\n`,
    );
    expect(fs.readFileSync(path.join(skip, 'variants/generic/template.md'), 'utf8')).toBe('MINE\n');

    const rename = mini({ 'variants/generic/template.md': 'MINE\n' });
    expect((await run(['import', zip, '--workspace', rename, '--on-conflict', 'rename'])).code).toBe(0);
    expect(fs.readFileSync(path.join(rename, 'variants/generic/template.md'), 'utf8')).toBe('MINE\n');
    expect(fs.readFileSync(path.join(rename, 'variants/generic-imported/template.md'), 'utf8')).toBe(theirs);
    expect(fs.readFileSync(path.join(rename, 'variants/generic-imported/variant.yaml'), 'utf8')).toBe(
      miniWorkspace()['variants/generic/variant.yaml']!.replace('id: generic', 'id: generic-imported'),
    );
    // The result loads without errors, the renamed variant beside the original.
    const loaded = loadWorkspace(folderFileSource(rename));
    expect(loaded.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(loaded.variants.map((v) => v.id).sort()).toEqual(['generic', 'generic-imported', 'special']);
  });

  it('import usage errors', async () => {
    expect((await run(['import', '--workspace', temp()])).err).toBe(
      'variant-studio: import takes one bundle file: variant-studio import <file.zip> --workspace <dir>\n',
    );
    expect((await run(['import', 'x.zip'])).err).toBe('variant-studio: import needs --workspace <dir> (the workspace to import into)\n');
    expect((await run(['import', 'x.zip', '--workspace', temp(), '--on-conflict', 'merge'])).err).toBe(
      "variant-studio: --on-conflict must be fail, overwrite, skip or rename, not 'merge'\n",
    );
  });
});

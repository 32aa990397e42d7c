import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { miniWorkspace, writeTempWorkspace } from '../fixtures/temp-workspace.js';
import { run, tempWorkspaces } from './support/run-cli.js';

const { workspace, dirs } = tempWorkspaces();

const GENERIC_BASE = [
  'You are a test agent in /proj.',
  '',
  '====',
  '',
  'TOOLS',
  '',
  '## say',
  'Description: Say something.',
  'Parameters:',
  '- text: (required) What to say.',
  'Usage:',
  '<say>',
  '<text>Hello</text>',
  '</say>',
  '',
  '====',
  '',
  'SYSTEM INFORMATION',
  '',
  'Shell: /bin/bash',
  'Home: /home/user',
  '',
  'hello on 2026-02-03',
].join('\n');

describe('variant-studio build', async () => {
  it('builds a variant by id with a preset', async () => {
    const ws = workspace();
    const r = await run(['build', '--workspace', ws, '--variant', 'generic', '--preset', 'base', '--context-unused'].slice(0, 7));
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    // The machine facts come from this machine in `build`; the mini workspace's SYSTEM_INFO shows shell and home.
    const text = r.out.replace(/Shell: .*\nHome: .*/, 'Shell: /bin/bash\nHome: /home/user');
    expect(text).toBe(`${GENERIC_BASE}\n`);
  });

  it('selects the variant through the matcher from --model', async () => {
    const ws = workspace();
    const r = await run(['build', '--workspace', ws, '--preset', 'base', '--model', 'my-special-model', '--format', 'json']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out) as { variantId: string; text: string; selection: { variantId: string; verdict: string }[] };
    expect(json.variantId).toBe('special');
    expect(json.text).toBe('SPECIAL You are a test agent in /proj. {{NOT_A_KEY}}');
    expect(json.selection.map((s) => `${s.variantId}:${s.verdict}`)).toEqual(['special:match', 'generic:not-tried']);
  });

  it('falls back to generic and honours --date when the preset has no date', async () => {
    const ws = workspace({ 'contexts/nodate.yaml': 'context:\n  cwd: /x\n' });
    const r = await run(['build', '--workspace', ws, '--preset', 'nodate', '--date', '2030-05-06', '--model', 'other']);
    expect(r.code).toBe(0);
    expect(r.out.endsWith('hello on 2030-05-06\n')).toBe(true);
    expect(r.out.startsWith('You are a test agent in /x.')).toBe(true);
  });

  it('reads a context from a JSON file and shows the browser block of the component template', async () => {
    const ws = workspace();
    const file = path.join(ws, 'ctx.json');
    writeFileSync(file, JSON.stringify({ cwd: '/j', supportsBrowserUse: true, date: '2026-01-01' }));
    const r = await run(['build', '--workspace', ws, '--variant', 'generic', '--context', file]);
    expect(r.code).toBe(0);
    expect(r.out.split('\n')[0]).toBe('You are a test agent in /j. You can browse.');
  });

  it.each([
    [['build', '--variant', 'nope'], "variant-studio: no variant 'nope' in this workspace"],
    [['build', '--preset', 'missing'], "variant-studio: no preset 'missing' (presets: base, browser)"],
    [['build', '--format', 'xml'], "variant-studio: --format must be text or json, not 'xml'"],
    [['build', '--date', '2026-13-45'], "variant-studio: --date must be a date as YYYY-MM-DD, not '2026-13-45'"],
    [['build', '--bogus'], "variant-studio: unknown option '--bogus' (see variant-studio --help)"],
    [['build', '--varient', 'generic'], 'variant-studio: --varient: did you mean --variant?'],
    [['check', '--stirct'], 'variant-studio: --stirct: did you mean --strict?'],
    [['select', '--workspace-dir', 'x', 'gpt-5'], "variant-studio: unknown option '--workspace-dir'"],
    [['select'], 'variant-studio: usage: variant-studio select <model-id>... [--provider <id>]'],
    [['snapshot', '--dir', 'no-such-folder'], "variant-studio: --dir: the folder '"],
    [
      ['frobnicate'],
      "variant-studio: unknown command 'frobnicate' (commands: build, select, compare, cache, check, snapshot, schemas, instructions, capture, export, import, run, eval)",
    ],
  ])('%j is a one-line error with exit code 2', async (args, message) => {
    const ws = workspace();
    const r = await run([...args, '--workspace', ws], ws);
    expect(r.code).toBe(2);
    expect(r.err.split('\n').length).toBe(2);
    expect(r.err.startsWith(message)).toBe(true);
    expect(r.out).toBe('');
  });

  it('names a broken context file and its problem, exit 2', async () => {
    const ws = workspace();
    writeFileSync(path.join(ws, 'bad.json'), '{"cwd": 3}');
    const r = await run(['build', '--workspace', ws, '--context', path.join(ws, 'bad.json')]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `variant-studio: context file '${path.join(ws, 'bad.json')}': cwd: Invalid input: expected string, received number\n`,
    );
  });
});

describe('variant-studio select', async () => {
  it('explains the choice for several model ids at once', async () => {
    const ws = workspace();
    const r = await run(['select', '--workspace', ws, 'special-1', 'gpt-4o']);
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      [
        'special-1 -> special',
        `  'special' matched: model id "special-1" contains "special"`,
        '  match      special: model id "special-1" contains "special"',
        "  not-tried  generic: not tried: 'special' matched first",
        'gpt-4o -> generic (fell through to the fallback)',
        "  no matcher said yes, so the fallback 'generic' serves",
        '  no-match   special: model id "gpt-4o" does not contain "special"',
        '  no-matcher generic: has no matcher (used only as the fallback)',
        '',
      ].join('\n'),
    );
  });

  it('fails with exit 1 when nothing matches and there is no fallback', async () => {
    const ws = workspace({ 'workspace.yaml': 'fallback: none-here\n' });
    const r = await run(['select', '--workspace', ws, '--model', 'x', '--format', 'json']);
    expect(r.code).toBe(1);
    const json = JSON.parse(r.out) as { models: { variant: null; decidedBy: string }[] };
    expect(json.models[0]!.variant).toBeNull();
    expect(json.models[0]!.decidedBy).toBe(
      "no variant matches model 'x' (provider 'anthropic') and there is no 'none-here' variant to fall back to; variants: generic, special",
    );
  });
});

describe('variant-studio check', async () => {
  it('passes a clean workspace and fails (exit 1) on errors with file positions', async () => {
    const clean = await run(['check', '--workspace', workspace()]);
    expect(clean.code).toBe(0);
    const ws = workspace({
      'variants/generic/variant.yaml': miniWorkspace()['variants/generic/variant.yaml']!.replace(
        'tools: [say]',
        'tools: [say, say, ghost]',
      ),
      'variants/broken/variant.yaml': 'id: broken\nfamily: x\nversion: "one"\n',
    });
    const r = await run(['check', '--workspace', ws]);
    expect(r.code).toBe(1);
    expect(r.out).toContain("variants/generic/variant.yaml:8:14: error DUPLICATE_TOOL: tool 'say' appears twice in tools");
    expect(r.out).toContain("variants/generic/variant.yaml:8:19: warning UNKNOWN_TOOL: no tool spec with id 'ghost' (tools/ghost.yaml)");
    expect(r.out).toContain(
      'variants/broken/variant.yaml:3:10: error LOAD_ERROR: Invalid input: expected number, received string (at version)',
    );
  });
});

describe('variant-studio check: the context window', async () => {
  it('warns when a 1 MB template does not fit the 200k window of the preset model (built-in table), saying by how much', async () => {
    const sentence = 'Handlers live in src/routes/orders.ts; validate with zod (z.object({ id: z.string() })) and log via log.info(). ';
    const ws = workspace({
      'contexts/base.yaml':
        'description: base\ncontext:\n  cwd: /proj\n  date: 2026-02-03\n  providerInfo: { providerId: anthropic, model: { id: claude-sonnet-4-5-20250929 }, mode: act }\n',
      'variants/generic/template.md': `{{AGENT_ROLE_SECTION}}\n\n${sentence.repeat(Math.ceil(1_000_000 / sentence.length))}\n\n{{SYSTEM_INFO_SECTION}}`,
    });
    const r = await run(['check', '--workspace', ws]);
    const lines = r.out.split('\n').filter((l) => l.includes('CONTEXT_WINDOW_EXCEEDED'));
    expect(lines).toHaveLength(2); // generic under base and under browser (which extends base)
    expect(lines[0]).toMatch(
      /^variants\/generic\/variant\.yaml: warning CONTEXT_WINDOW_EXCEEDED: the prompt has 2\d\d,\d{3} tokens, over the 200,000-token context window of claude-sonnet-4-5-20250929 by \d{2},\d{3} \(limits of family claude-sonnet-4\.5, built-in table\) \[variant generic, preset base\]$/,
    );
    expect(r.out.split('\n').filter((l) => / error /.test(l))).toEqual([]);
    expect(r.code).toBe(0); // a warning, not an error
  });
});

describe('variant-studio snapshot', async () => {
  it('writes, matches, reports a unified diff on change, and removes stale files', async () => {
    const ws = workspace();
    const first = await run(['snapshot', '--workspace', ws]);
    expect(first.code).toBe(1);
    expect(first.out).toContain('missing snapshot generic/base.md (run with --update to write it)');
    expect((await run(['snapshot', '--workspace', ws, '--update'])).out).toBe(
      `4 snapshot(s) written, 0 removed, 0 unchanged in ${path.join(ws, 'snapshots')}\n`,
    );
    expect(readFileSync(path.join(ws, 'snapshots/generic/base.md'), 'utf8')).toBe(`${GENERIC_BASE}\n`);
    expect(await run(['snapshot', '--workspace', ws])).toEqual({ code: 0, out: '4 snapshot(s) match\n', err: '' });

    writeFileSync(
      path.join(ws, 'variants/generic/template.md'),
      readFileSync(path.join(ws, 'variants/generic/template.md'), 'utf8').replace('{{GREETING}} on', '{{GREETING}} again on'),
    );
    const changed = await run(['snapshot', '--workspace', ws]);
    expect(changed.code).toBe(1);
    expect(changed.out).toContain('--- a/generic/base.md\tstored snapshot\n+++ b/generic/base.md\tcurrent build\n');
    expect(changed.out).toContain('-hello on 2026-02-03\n+hello again on 2026-02-03\n');
    expect(changed.out.endsWith('2 of 4 snapshot(s) differ\n')).toBe(true);

    rmSync(path.join(ws, 'contexts/browser.yaml'));
    const stale = await run(['snapshot', '--workspace', ws]);
    expect(stale.out).toContain('stale snapshot generic/browser.md: no such variant and preset any more');
    await run(['snapshot', '--workspace', ws, '--update']);
    expect(existsSync(path.join(ws, 'snapshots/generic/browser.md'))).toBe(false);
    expect((await run(['snapshot', '--workspace', ws])).code).toBe(0);
  });
});

describe('the installed bin', async () => {
  it('runs from dist-lib (npm run build:lib) with the built-in variants by default', async () => {
    const bin = path.resolve('bin/variant-studio.js');
    expect(existsSync(path.resolve('dist-lib/cli/main.js')), 'run `npm run build:lib` first').toBe(true);
    const help = execFileSync(process.execPath, [bin, '--help'], { encoding: 'utf8' });
    expect(help.startsWith('variant-studio <command> [options]')).toBe(true);
    const bad = spawnSync(process.execPath, [bin, 'build', '--variant', 'no-such-variant'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^variant-studio: no variant 'no-such-variant' in this workspace \(variants: .*generic.*\)\n$/);
  });
});

describe('variant-studio build --profile (OpenCode-style stacks)', () => {
  it('builds the built-in profile (OpenCode 1.18.33) from a stack preset (virtual file tree): global file first, then nearest AGENTS.md first', async () => {
    const r = await run(['build', '--profile', 'opencode', '--preset', 'stack-basic']);
    expect(r.code).toBe(0);
    const blocks = [...r.out.matchAll(/^Instructions from: (.*)$/gm)].map((m) => m[1]);
    expect(blocks).toEqual(['/home/user/.claude/CLAUDE.md', '/home/user/project/packages/api/AGENTS.md', '/home/user/project/AGENTS.md']);
    expect(r.out).toContain('  Working directory: /home/user/project/packages/api\n  Workspace root folder: /home/user/project\n');
    expect(r.out).toContain('  Is directory a git repo: yes');
    expect(r.out).toContain("  Today's date: Thu Jan 15 2026");
    expect(r.out).not.toContain('This file is ignored while an AGENTS.md exists');
  });

  it('builds the seed version (opencode-seed) from the same preset: project files first, then the global file', async () => {
    const r = await run(['build', '--profile', 'opencode-seed', '--preset', 'stack-basic']);
    expect(r.code).toBe(0);
    const blocks = [...r.out.matchAll(/^Instructions from: (.*)$/gm)].map((m) => m[1]);
    expect(blocks).toEqual(['/home/user/project/packages/api/AGENTS.md', '/home/user/project/AGENTS.md', '/home/user/.claude/CLAUDE.md']);
    expect(r.out).toContain('Working directory is a git repository: yes');
  });

  it('discovers instruction files on the real disk with --cwd, and explains the lookups', async () => {
    const root = writeTempWorkspace({
      '.git/HEAD': 'ref: refs/heads/main\n',
      'CLAUDE.md': 'claude rules at the root',
      'pkg/sub/CLAUDE.md': 'claude rules in sub',
    });
    dirs.push(root);
    const r = await run([
      'build',
      '--profile',
      'opencode',
      '--cwd',
      path.join(root, 'pkg/sub'),
      '--agent',
      'plan',
      '--model',
      'gpt-4.1',
      '--date',
      '2026-11-29',
      '--explain',
    ]);
    expect(r.code).toBe(0);
    const real = (await import('node:fs')).realpathSync(root);
    expect([...r.out.matchAll(/^Instructions from: (.*)$/gm)].map((m) => m[1])).toEqual([`${real}/pkg/sub/CLAUDE.md`, `${real}/CLAUDE.md`]);
    expect(r.out).toContain("Today's date: Sun Nov 29 2026");
    expect(r.err).toContain('profile opencode, agent plan');
    expect(r.err).toMatch(/AGENTS\.md/);
  });

  it('rejects an unknown profile or stack preset with exit 2', async () => {
    expect((await run(['build', '--profile', 'nope'])).err).toBe("variant-studio: no profile 'nope' (profiles: opencode, opencode-seed)\n");
    const r = await run(['build', '--profile', 'opencode', '--preset', 'basic']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^variant-studio: no stack preset 'basic' \(stack presets: stack-basic, /);
  });
});

describe('variant-studio schemas', () => {
  it('the JSON Schemas published with the built-in workspace are up to date', async () => {
    expect(await run(['schemas', '--check'])).toEqual({ code: 0, out: '', err: '' });
  });

  it('writes the schemas into a workspace and reports stale ones with --check', async () => {
    const ws = workspace();
    expect((await run(['schemas', '--workspace', ws, '--check'])).code).toBe(1);
    const written = await run(['schemas', '--workspace', ws]);
    expect(
      written.out
        .split('\n')
        .filter(Boolean)
        .map((l) => path.basename(l)),
    ).toEqual([
      'workspace.schema.json',
      'variant.schema.json',
      'tool.schema.json',
      'context-preset.schema.json',
      'context.schema.json',
      'models.schema.json',
      'stack-profile.schema.json',
      'harness-profile.schema.json',
      'test.schema.json',
    ]);
    const schema = JSON.parse(readFileSync(path.join(ws, 'schemas/variant.schema.json'), 'utf8')) as {
      required: string[];
      additionalProperties: boolean;
    };
    expect(schema.required).toEqual(['id', 'family', 'version', 'description', 'componentOrder']);
    expect(schema.additionalProperties).toBe(false);
    expect((await run(['schemas', '--workspace', ws, '--check'])).code).toBe(0);
  });
});

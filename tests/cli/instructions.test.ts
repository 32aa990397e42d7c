import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/main.js';

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(args, { stdout: (t) => (out += t), stderr: (t) => (err += t), cwd: process.cwd() });
  return { code, out, err };
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'vs-instructions-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const context = {
  files: {
    '/repo/.git/': '',
    '/repo/AGENTS.md': 'Use pnpm.\n',
    '/repo/CLAUDE.md': 'Claude only.\n',
    '/repo/pkg/GEMINI.md': 'Gemini pkg.\n',
    '/repo/pkg/x.ts': 'code',
  },
  cwd: '/repo',
  home: '/home/u',
  env: { GEMINI_CLI_TRUST_WORKSPACE: 'true', CLAUDE_CODE_DISABLE_AUTO_MEMORY: '1' },
  settings: { date: '2026-11-30' },
  reads: ['/repo/pkg/x.ts'],
};
const file = path.join(dir, 'context.json');
writeFileSync(file, JSON.stringify(context));

describe('variant-studio instructions', () => {
  it('prints one harness: each part under its placement, then every file with its status and reason', async () => {
    const r = await run(['instructions', '--harness', 'codex', '--context', file]);
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      [
        '=== Codex CLI 0.169.0 (codex) ===',
        'observed with Codex CLI 0.169.0, 0.171.0',
        '--- user: AGENTS.md fragment ---',
        '# AGENTS.md instructions for /repo\n\n<INSTRUCTIONS>\nUse pnpm.\n\n</INSTRUCTIONS>',
        'files:',
        '  missing        /home/u/.codex/AGENTS.override.md: no such file',
        '  missing        /home/u/.codex/AGENTS.md: no such file',
        '  missing        /repo/AGENTS.override.md: no such file',
        '  loaded         /repo/AGENTS.md (10 B) -> user: 10 of 32768 budget bytes',
        '',
      ].join('\n'),
    );
  });

  it('gives parts with placement and path, and every file, as JSON', async () => {
    const r = await run(['instructions', '--harness', 'gemini-cli', '--context', file, '--format', 'json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out) as {
      harness: string;
      observedWith: string[];
      parts: { placement: string; path?: string; text: string }[];
      files: { path: string; status: string }[];
    };
    expect(out.harness).toBe('gemini-cli');
    expect(out.observedWith).toEqual(['0.61.0']);
    expect(out.parts.map((p) => [p.placement, p.path])).toEqual([
      ['user', undefined],
      ['read', '/repo/pkg/x.ts'],
    ]);
    expect(out.parts[1]?.text).toBe(
      '\n\n--- Newly Discovered Project Context ---\n--- Context from: /repo/pkg/GEMINI.md ---\nGemini pkg.\n--- End of Context from: /repo/pkg/GEMINI.md ---\n--- End Project Context ---',
    );
    expect(out.parts[0]?.text).toContain("Today's date is Monday, November 30, 2026");
    expect(out.files.find((f) => f.path === '/repo/GEMINI.md')).toEqual({
      path: '/repo/GEMINI.md',
      group: 'project',
      readProblem: 'missing',
      status: 'missing',
      reason: 'no such file',
    });
  });

  it('runs every built-in harness without --harness', async () => {
    const r = await run(['instructions', '--context', file, '--format', 'json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out) as {
      harnesses: { harness: string; parts: { text: string }[] }[];
      lint: { code: string; path: string }[];
    };
    expect(out.harnesses.map((h) => h.harness)).toEqual([
      'claude-code',
      'cline',
      'cline-classic',
      'codex',
      'copilot',
      'gemini-cli',
      'kilo',
      'opencode',
      'opencode-seed',
      'qwen-code',
    ]);
    const claude = out.harnesses.find((h) => h.harness === 'claude-code');
    expect(claude?.parts[0]?.text).toContain(
      'Contents of /repo/CLAUDE.md (project instructions, checked into the codebase):\n\nClaude only.',
    );
  });

  it('rejects an unknown harness and a bad context file with exit 2', async () => {
    const unknown = await run(['instructions', '--harness', 'nope', '--context', file]);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toBe(
      "variant-studio: no harness 'nope' (harnesses: claude-code, cline, cline-classic, codex, copilot, gemini-cli, kilo, opencode, opencode-seed, qwen-code)\n",
    );
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ cwd: 'relative' }));
    const r = await run(['instructions', '--context', bad]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`variant-studio: context file '${bad}': cwd: must be an absolute path\n`);
  });
});

describe('variant-studio instructions --cwd', () => {
  const savedHome = process.env.HOME;
  afterAll(() => {
    if (savedHome === undefined) delete process.env.HOME;
    else process.env.HOME = savedHome;
  });

  it('reads the folder on disk, confined to it and the harness’s global files', async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'vs-home-'));
    process.env.HOME = home;
    const repo = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'vs-repo-')));
    const outside = mkdtempSync(path.join(os.tmpdir(), 'vs-outside-'));
    writeFileSync(path.join(outside, 'secret.md'), 'SECRET');
    mkdirSync(path.join(repo, '.clinerules'));
    writeFileSync(path.join(repo, '.clinerules', 'style.md'), 'Tabs.\n');
    writeFileSync(path.join(repo, 'AGENTS.md'), 'Use pnpm.\n');
    writeFileSync(path.join(repo, 'GEMINI.md'), `@${path.join(outside, 'secret.md')}\n`);
    const r = await run(['instructions', '--cwd', repo, '--format', 'json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out) as { harnesses: { harness: string; parts: { text: string }[] }[] };
    expect(r.out).not.toContain('SECRET');
    expect(out.harnesses.find((h) => h.harness === 'codex')?.parts[0]?.text).toBe(
      `# AGENTS.md instructions for ${repo}\n\n<INSTRUCTIONS>\nUse pnpm.\n\n</INSTRUCTIONS>`,
    );
    expect(out.harnesses.find((h) => h.harness === 'cline')?.parts[0]?.text).toBe(
      '\n\n# Rules\n## style\nTabs.\n\n## Workspace AGENTS.md\nUse pnpm.',
    );
    const missing = await run(['instructions', '--cwd', path.join(repo, 'nope')]);
    expect(missing.code).toBe(2);
    expect(missing.err).toBe(`variant-studio: --cwd '${path.join(repo, 'nope')}' is not a folder\n`);
  });
});

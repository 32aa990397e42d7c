import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hostsClosedAfterEach, miniWorkspace, tempDir, writeFiles } from './support/fixtures.js';

const hosts = hostsClosedAfterEach();
const codexYaml = fs.readFileSync(path.resolve('variants/harnesses/codex/harness.yaml'), 'utf8');

const context = {
  files: { '/repo/.git/': '', '/repo/AGENTS.md': 'Use pnpm.\n', '/repo/CLAUDE.md': 'Claude only.\n' },
  cwd: '/repo',
  home: '/home/u',
  env: { CLAUDE_CODE_DISABLE_AUTO_MEMORY: '1' },
};

describe('harness:run', () => {
  it('runs every harness profile of the built-in workspace on a tree, with token counts and lint', async () => {
    const h = await hosts.start();
    const r = await h.call<{
      results: {
        harness: string;
        parts: { placement: string; text: string }[];
        partTokens: number[];
        files: { path: string; status: string }[];
        fileTokens: (number | null)[];
      }[];
      lint: { code: string; path: string }[];
    }>('harness:run', { context });
    expect(r.results.map((x) => x.harness)).toEqual([
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
    const codex = r.results.find((x) => x.harness === 'codex');
    expect(codex?.parts).toEqual([
      {
        placement: 'user',
        label: 'AGENTS.md fragment',
        text: '# AGENTS.md instructions for /repo\n\n<INSTRUCTIONS>\nUse pnpm.\n\n</INSTRUCTIONS>',
        files: ['/repo/AGENTS.md'],
      },
    ]);
    expect(codex?.partTokens).toHaveLength(1);
    expect(codex?.partTokens[0]).toBeGreaterThan(10);
    const agents = codex?.files.findIndex((f) => f.path === '/repo/AGENTS.md') ?? -1;
    expect(codex?.fileTokens[agents]).toBe(4);
    // Qwen Code always loads the language file it writes into ~/.qwen.
    expect(r.lint.filter((f) => f.code === 'ignored-by').map((f) => f.path)).toEqual([
      '/repo/CLAUDE.md',
      '/repo/AGENTS.md',
      '/home/u/.qwen/output-language.md',
    ]);
  });

  it('uses the profiles as edited: a changed wrapper string shows at once', async () => {
    const ws = writeFiles(tempDir(), { ...miniWorkspace(), 'harnesses/codex/harness.yaml': codexYaml });
    const h = await hosts.start({ initialWorkspace: ws });
    const before = await h.call<{ results: { parts: { text: string }[] }[] }>('harness:run', { context, harnesses: ['codex'] });
    expect(before.results[0]?.parts[0]?.text.startsWith('# AGENTS.md instructions for /repo')).toBe(true);
    const ref = { kind: 'harness-file', harnessId: 'codex', file: 'harness.yaml' };
    await h.call('doc:update', {
      ref,
      text: codexYaml.replace('"# AGENTS.md instructions for {{cwd}}"', '"# Project instructions for {{cwd}}"'),
    });
    const after = await h.call<{ results: { parts: { text: string }[] }[] }>('harness:run', { context, harnesses: ['codex'] });
    expect(after.results[0]?.parts[0]?.text.startsWith('# Project instructions for /repo')).toBe(true);
  });

  it('refuses an unknown harness and a tree that is not absolute', async () => {
    const h = await hosts.start();
    const unknown = await h.raw('harness:run', { context, harnesses: ['nope'] });
    expect(unknown).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'no harness profile nope in this workspace' } });
    const bad = await h.raw('harness:run', { context: { ...context, files: { 'relative/AGENTS.md': 'x' } } });
    expect(bad.ok).toBe(false);
    expect(bad.error.code).toBe('INVALID_REQUEST');
  });
});

describe('harness:run on the real disk', () => {
  const savedHome = process.env.HOME;
  afterEach(() => {
    if (savedHome === undefined) delete process.env.HOME;
    else process.env.HOME = savedHome;
  });

  it('reads only the granted folder and the standard global locations not switched off', async () => {
    const home = fs.realpathSync(tempDir('vs-home-'));
    process.env.HOME = home;
    fs.mkdirSync(path.join(home, '.codex'));
    fs.writeFileSync(path.join(home, '.codex', 'AGENTS.md'), 'Global codex rules.');
    fs.writeFileSync(path.join(home, '.codex', 'auth.json'), 'SECRET TOKEN');
    const secretDir = fs.realpathSync(tempDir('vs-secret-'));
    fs.writeFileSync(path.join(secretDir, 'secret.md'), 'SECRET TEXT');
    const repo = fs.realpathSync(tempDir('vs-repo-'));
    fs.mkdirSync(path.join(repo, '.git'));
    fs.writeFileSync(path.join(repo, 'AGENTS.md'), 'Repo rules.\n');
    fs.writeFileSync(path.join(repo, 'CLAUDE.md'), `@${path.join(secretDir, 'secret.md')}\n`);
    fs.mkdirSync(path.join(repo, '.clinerules'));
    fs.symlinkSync(path.join(secretDir, 'secret.md'), path.join(repo, '.clinerules', 'leak.md'));

    const h = await hosts.start();
    const notYet = await h.raw('harness:run', { context: { cwd: repo }, discovery: 'real' });
    expect(notYet.ok).toBe(false);
    expect(notYet.error.message).toContain('is not inside a folder chosen for reading');

    await h.call('stack:grantFolder', { path: repo });
    type Run = {
      results: {
        harness: string;
        parts: { text: string }[];
        files: { path: string; status: string; reason: string }[];
        globals?: { id: string; off: boolean }[];
      }[];
    };
    const run = await h.call<Run>('harness:run', {
      context: {
        cwd: repo,
        files: { '/ignored/AGENTS.md': 'not read in real mode' },
        settings: { hasClaudeMdExternalIncludesApproved: true },
      },
      discovery: 'real',
    });
    const text = JSON.stringify(run.results.map((r) => r.parts));
    expect(text).not.toContain('SECRET');
    expect(text).not.toContain('not read in real mode');
    const codex = run.results.find((r) => r.harness === 'codex');
    expect(codex?.parts[0]?.text).toBe(
      `# AGENTS.md instructions for ${repo}\n\n<INSTRUCTIONS>\nGlobal codex rules.\n\n--- project-doc ---\n\nRepo rules.\n\n</INSTRUCTIONS>`,
    );
    expect(codex?.globals).toEqual([
      {
        id: 'codex-global',
        name: '~/.codex/AGENTS.override.md, AGENTS.md',
        paths: [path.join(home, '.codex'), path.join(home, '.codex', 'AGENTS.override.md'), path.join(home, '.codex', 'AGENTS.md')],
        off: false,
      },
    ]);
    const claude = run.results.find((r) => r.harness === 'claude-code');
    expect(claude?.files.find((f) => f.path === path.join(secretDir, 'secret.md'))).toMatchObject({ status: 'not-granted' });

    const off = await h.call<Run>('harness:run', {
      context: { cwd: repo },
      discovery: 'real',
      harnesses: ['codex'],
      globalsOff: ['codex-global'],
    });
    expect(off.results[0]?.parts[0]?.text).toBe(`# AGENTS.md instructions for ${repo}\n\n<INSTRUCTIONS>\nRepo rules.\n\n</INSTRUCTIONS>`);
    expect(off.results[0]?.files.find((f) => f.path === path.join(home, '.codex', 'AGENTS.md'))).toMatchObject({
      status: 'not-granted',
      reason: 'not read: ~/.codex/AGENTS.override.md, AGENTS.md is switched off',
    });
  });
});

describe('a Cline-style context with a repository on the real disk', () => {
  it('builds the variant with the folder’s rules files once the folder is chosen through the host', async () => {
    const repo = fs.realpathSync(tempDir('vs-cline-repo-'));
    fs.mkdirSync(path.join(repo, '.clinerules'));
    fs.writeFileSync(path.join(repo, '.clinerules', 'style.md'), 'Tabs-from-the-real-disk.\n');
    const h = await hosts.start();
    const context = { kind: 'inline', context: { cwd: repo, repository: { discovery: 'real' } } };
    const before = await h.call<{ ok: boolean; error?: string }>('build:run', {
      target: { kind: 'variant', variantId: 'generic' },
      context,
    });
    expect(before).toEqual({
      ok: false,
      error: `repository: '${repo}' is not inside a folder chosen for reading: choose the working folder first`,
    });
    await h.call('stack:grantFolder', { path: repo });
    const after = await h.call<{ ok: boolean; result: { text: string } }>('build:run', {
      target: { kind: 'variant', variantId: 'generic' },
      context,
    });
    expect(after.ok).toBe(true);
    expect(after.result.text).toContain(
      `# .clinerules/\n\nThe following is provided by a root-level .clinerules/ directory where the user has specified instructions for this working directory (${repo})\n\n.clinerules/style.md\nTabs-from-the-real-disk.`,
    );
  });
});

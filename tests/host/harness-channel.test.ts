import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
      'gemini-cli',
      'opencode',
      'opencode-seed',
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
    expect(r.lint.filter((f) => f.code === 'ignored-by').map((f) => f.path)).toEqual(['/repo/CLAUDE.md', '/repo/AGENTS.md']);
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

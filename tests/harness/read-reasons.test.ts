import { describe, expect, it } from 'vitest';
import { parseHarnessContext, runHarness, type HarnessFileReport } from '../../shared/harness/index.js';
import { readText } from '../../shared/harness/run/read.js';
import { confineInstructionFs } from '../../shared/stack/confined-fs.js';
import { virtualInstructionFs } from '../../shared/stack/virtual-fs.js';
import { builtinHarnesses } from './conformance-cases.js';

/**
 * Every read the loaders make goes through one probe-with-reason read (shared/harness/run/read.ts):
 * a file that is there but cannot be used is never reported as "no such file", and the report
 * names the real reason.
 */

const locked = (content: string) => ({ type: 'file' as const, content, unreadable: true });

describe('the one read: its reasons', () => {
  const fs = virtualInstructionFs({
    '/r/ok.md': 'text\n',
    '/r/dir': { type: 'dir' },
    '/r/locked.md': locked('secret'),
    '/r/bin.md': { type: 'file', base64: 'AGI=' },
    '/r/bad.md': { type: 'file', base64: '/w==' },
    '/r/big.md': 'x'.repeat(100),
    '/r/loop': { type: 'symlink', target: 'loop' },
  });

  it('gives the text, or the problem and the reason', async () => {
    expect(await readText(fs, '/r/ok.md', { decoding: 'strict' })).toEqual({
      ok: true,
      bytes: new TextEncoder().encode('text\n'),
      text: 'text\n',
      size: 5,
    });
    const problem = async (path: string, decoding: 'strict' | 'lossy' = 'strict', maxBytes?: number) => {
      const r = await readText(fs, path, { decoding, maxBytes });
      return r.ok ? 'ok' : `${r.problem}: ${r.reason}`;
    };
    expect(await problem('/r/none.md')).toBe('missing: no such file');
    expect(await problem('/r/dir')).toBe('not-a-file: a folder has this name');
    expect(await problem('/r/locked.md')).toBe('permission: cannot read it (EACCES: permission denied)');
    expect(await problem('/r/bin.md')).toBe('not-utf8: binary: it contains NUL bytes');
    expect(await problem('/r/bad.md')).toBe('not-utf8: binary: it is not valid UTF-8');
    expect(await problem('/r/bad.md', 'lossy')).toBe('ok');
    expect(await problem('/r/big.md', 'lossy', 99)).toBe('too-large: too large: 100 bytes, over the 99-byte limit (not read)');
    expect(await problem('/r/loop')).toBe('error: cannot examine it (ELOOP: too many levels of symbolic links (a symlink loop))');
    const confined = confineInstructionFs(fs, { folders: ['/elsewhere'] });
    expect(await problem.call(null, '/r/ok.md').then(() => readText(confined, '/r/ok.md', { decoding: 'lossy' }))).toMatchObject({
      ok: false,
      problem: 'not-granted',
    });
  });
});

describe('every loader records why it could not read a file', () => {
  const profiles = builtinHarnesses();
  // Every instruction file any harness looks for, there but unreadable.
  const names = [
    'AGENTS.md',
    'CLAUDE.md',
    'GEMINI.md',
    'QWEN.md',
    'CONTEXT.md',
    '.clinerules',
    '.cursorrules',
    '.windsurfrules',
    '.github/copilot-instructions.md',
    '.kilocoderules',
  ];
  const files: Record<string, unknown> = {
    '/repo/.git/HEAD': 'ref: refs/heads/main\n',
    '/repo/.git/objects/': '',
    '/repo/.git/refs/': '',
  };
  for (const n of names) files[`/repo/${n}`] = locked(`${n} text`);
  const context = parseHarnessContext({
    files,
    cwd: '/repo',
    home: '/home/u',
    env: { GEMINI_CLI_TRUST_WORKSPACE: 'true' },
  });

  for (const profile of profiles) {
    it(`${profile.id}: an unreadable file is reported unreadable, with the permission problem`, async () => {
      const r = await runHarness(profile, context, { today: '2026-11-30' });
      const ofTree = r.files.filter((f: HarnessFileReport) => names.some((n) => f.path === `/repo/${n}`));
      expect(ofTree.length).toBeGreaterThan(0);
      const read = ofTree.filter((f) => f.status !== 'not-looked-for' && f.status !== 'skipped');
      expect(read.length).toBeGreaterThan(0);
      for (const f of read) {
        expect(f.status, `${f.path}: ${f.reason}`).toBe('unreadable');
        expect(f.readProblem, f.path).toBe('permission');
        expect(f.reason).toContain('EACCES');
      }
      const sent = r.parts.map((p) => p.text).join('\n');
      for (const n of names) expect(sent).not.toContain(`${n} text`);
    });
  }
});

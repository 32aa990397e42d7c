import { describe, expect, it } from 'vitest';
import { decodeUtf8 } from './bytes.js';
import { fsErrorCode } from './instruction-fs.js';
import { virtualInstructionFs } from './virtual-fs.js';

const code = async (p: Promise<unknown>): Promise<string> => {
  try {
    await p;
    return 'none';
  } catch (error) {
    return fsErrorCode(error);
  }
};

describe('virtual instruction fs', () => {
  const fs = virtualInstructionFs({
    '/r/.git': { type: 'dir' },
    '/r/AGENTS.md': 'root rules\n',
    '/r/real/AGENTS.md': 'real rules',
    '/r/link': { type: 'symlink', target: 'real' },
    '/r/abs': { type: 'symlink', target: '/r/real/AGENTS.md' },
    '/r/up': { type: 'symlink', target: '../r' },
    '/r/self': { type: 'symlink', target: 'self' },
    '/r/a': { type: 'symlink', target: 'b' },
    '/r/b': { type: 'symlink', target: 'a' },
    '/r/dangling': { type: 'symlink', target: 'nowhere' },
    '/r/locked.md': { type: 'file', content: 'secret', unreadable: true },
    '/r/bin': { type: 'file', base64: 'AAE=' },
  });

  it('implies folders and lists them sorted', async () => {
    expect(await fs.readdir('/')).toEqual(['r']);
    expect(await fs.readdir('/r')).toEqual([
      '.git',
      'AGENTS.md',
      'a',
      'abs',
      'b',
      'bin',
      'dangling',
      'link',
      'locked.md',
      'real',
      'self',
      'up',
    ]);
    expect(await fs.stat('/r/.git')).toEqual({ kind: 'directory', size: 0, id: '/r/.git' });
    expect(await fs.stat('/r/AGENTS.md')).toEqual({ kind: 'file', size: 11, id: '/r/AGENTS.md' });
    expect(await fs.stat('/r/missing')).toBeUndefined();
    expect(await fs.stat('/r/AGENTS.md/below')).toBeUndefined(); // ENOTDIR reads as absent
  });

  it('follows relative and absolute symlinks, and realpath resolves them', async () => {
    expect(decodeUtf8(await fs.readFile('/r/link/AGENTS.md'))).toBe('real rules');
    expect(decodeUtf8(await fs.readFile('/r/abs'))).toBe('real rules');
    expect(await fs.realpath('/r/link/AGENTS.md')).toBe('/r/real/AGENTS.md');
    expect(await fs.realpath('/r/up/up/up/link')).toBe('/r/real');
    expect(await fs.stat('/r/dangling')).toBeUndefined();
  });

  it('fails symlink loops with ELOOP, unreadable files with EACCES, folders with EISDIR', async () => {
    expect(await code(fs.stat('/r/self'))).toBe('ELOOP');
    expect(await code(fs.stat('/r/a'))).toBe('ELOOP');
    expect(await code(fs.realpath('/r/a'))).toBe('ELOOP');
    expect(await fs.stat('/r/locked.md')).toEqual({ kind: 'file', size: 6, id: '/r/locked.md' });
    expect(await code(fs.readFile('/r/locked.md'))).toBe('EACCES');
    expect(await code(fs.readFile('/r/real'))).toBe('EISDIR');
    expect(await code(fs.readFile('/r/nope'))).toBe('ENOENT');
    expect(await code(fs.readdir('/r/AGENTS.md'))).toBe('ENOTDIR');
    expect([...(await fs.readFile('/r/bin'))]).toEqual([0, 1]);
  });

  it('reports entries it cannot place instead of throwing', () => {
    const bad = virtualInstructionFs({ '/x/file': 'text', '/x/file/below': 'y' });
    expect(bad.problems).toHaveLength(1);
    expect(bad.problems[0]).toContain('/x/file');
  });
});

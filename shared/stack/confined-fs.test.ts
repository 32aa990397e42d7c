import { describe, expect, it } from 'vitest';
import { decodeUtf8 } from './bytes.js';
import { confineInstructionFs, NOT_GRANTED } from './confined-fs.js';
import { fsErrorCode } from './instruction-fs.js';
import { resolveOpencodeGlobals } from './standard-globals.js';
import { virtualInstructionFs } from './virtual-fs.js';

const outcome = async (p: Promise<unknown>): Promise<string> => {
  try {
    const value = await p;
    return value instanceof Uint8Array ? `read: ${decodeUtf8(value)}` : 'ok';
  } catch (error) {
    return `${fsErrorCode(error)}: ${error instanceof Error ? error.message : ''}`;
  }
};

describe('confined instruction fs', () => {
  const disk = virtualInstructionFs({
    '/home/u/project/AGENTS.md': 'project rules',
    '/home/u/project/docs/x.md': 'docs',
    '/home/u/project/out': { type: 'symlink', target: '/home/u/secret' },
    '/home/u/project/loop': { type: 'symlink', target: 'loop' },
    '/home/u/project/key.md': { type: 'symlink', target: '../.ssh/id_rsa' },
    '/home/u/project/inside.md': { type: 'symlink', target: 'docs/x.md' },
    '/home/u/secret/s.md': 'SECRET',
    '/home/u/.ssh/id_rsa': 'KEY',
    '/home/u/AGENTS.md': 'above',
    '/home/u/.config/opencode/AGENTS.md': 'global rules',
    '/home/u/.claude/CLAUDE.md': 'claude rules',
    '/dotfiles/opencode.md': 'linked global',
    '/home/u/.config/opencode/link.md': { type: 'symlink', target: '/dotfiles/opencode.md' },
  });
  const fs = confineInstructionFs(disk, {
    folders: ['/home/u/project'],
    files: ['/home/u/.config/opencode/AGENTS.md'],
    refused: new Map([['/home/u/.claude/CLAUDE.md', 'not read: switched off']]),
  });

  it('lets through paths inside the granted folder, symlinks inside it included', async () => {
    expect(await outcome(fs.readFile('/home/u/project/AGENTS.md'))).toBe('read: project rules');
    expect(await outcome(fs.readFile('/home/u/project/inside.md'))).toBe('read: docs');
    expect(await fs.readdir('/home/u/project/docs')).toEqual(['x.md']);
    expect(await fs.stat('/home/u/project/nothing-here.md')).toBeUndefined();
    expect(await fs.realpath('/home/u/project/docs/../AGENTS.md')).toBe('/home/u/project/AGENTS.md');
  });

  it('refuses everything outside, symlinks resolved first, without reading it', async () => {
    expect(await outcome(fs.readFile('/home/u/project/out/s.md'))).toBe(
      `${NOT_GRANTED}: not read: it leads to /home/u/secret/s.md, outside the granted folders (/home/u/project)`,
    );
    expect(await outcome(fs.stat('/home/u/project/key.md'))).toBe(
      `${NOT_GRANTED}: not read: it leads to /home/u/.ssh/id_rsa, outside the granted folders (/home/u/project)`,
    );
    expect(await outcome(fs.readdir('/home/u/project/out'))).toContain(NOT_GRANTED);
    expect(await outcome(fs.stat('/home/u/project/out/missing.md'))).toContain('it leads to /home/u/secret/missing.md');
    expect(await outcome(fs.stat('/home/u/AGENTS.md'))).toBe(`${NOT_GRANTED}: not read: outside the granted folders (/home/u/project)`);
    expect(await outcome(fs.readFile('/home/u/project/../.ssh/id_rsa'))).toContain(NOT_GRANTED);
    expect(await outcome(fs.stat('relative/AGENTS.md'))).toBe(`${NOT_GRANTED}: relative/AGENTS.md is not an absolute path`);
    expect(await outcome(fs.readFile('/home/u/.claude/CLAUDE.md'))).toBe(`${NOT_GRANTED}: not read: switched off`);
    // A symlink loop is not a way out: it stays an error of its own.
    expect(await outcome(fs.stat('/home/u/project/loop'))).toMatch(/^ELOOP/);
  });

  it('lets through the single files granted (a global location), wherever they lead, and nothing next to them', async () => {
    expect(await outcome(fs.readFile('/home/u/.config/opencode/AGENTS.md'))).toBe('read: global rules');
    expect(await outcome(fs.readFile('/home/u/.config/opencode/link.md'))).toContain(NOT_GRANTED);
    const linked = confineInstructionFs(disk, { folders: [], files: ['/home/u/.config/opencode/link.md'] });
    expect(await outcome(linked.readFile('/home/u/.config/opencode/link.md'))).toBe('read: linked global');
    expect(await outcome(linked.readFile('/dotfiles/opencode.md'))).toBe(
      `${NOT_GRANTED}: not read: outside the granted folders (none granted)`,
    );
  });
});

describe('standard global locations', () => {
  it('are found from the machine: OPENCODE_CONFIG_DIR (relative from the working folder), the XDG config folder, home', () => {
    const dirs = { homeDir: '/home/u', configDir: '/xdg', cwd: '/work' };
    expect(resolveOpencodeGlobals({ ...dirs, env: {} }).map((g) => [g.id, g.name, g.path])).toEqual([
      ['opencode-config-dir', '$OPENCODE_CONFIG_DIR/AGENTS.md', undefined],
      ['opencode-config', '~/.config/opencode/AGENTS.md', '/xdg/opencode/AGENTS.md'],
      ['claude', '~/.claude/CLAUDE.md', '/home/u/.claude/CLAUDE.md'],
    ]);
    expect(resolveOpencodeGlobals({ ...dirs, env: { OPENCODE_CONFIG_DIR: 'conf' } })[0]!.path).toBe('/work/conf/AGENTS.md');
    expect(resolveOpencodeGlobals({ ...dirs, env: { OPENCODE_CONFIG_DIR: '/etc/oc' } })[0]!.path).toBe('/etc/oc/AGENTS.md');
  });
});

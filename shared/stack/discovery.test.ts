import { describe, expect, it } from 'vitest';
import { companionName, discoverInstructions, envFlagOn, type DiscoveryInput } from './discovery.js';
import type { InstructionFs } from './instruction-fs.js';
import { virtualInstructionFs } from './virtual-fs.js';
import type { VirtualTree } from './context.js';

const input = (over: Partial<DiscoveryInput> = {}): DiscoveryInput => ({
  cwd: '/w/repo/app',
  homeDir: '/home/u',
  configDir: '/home/u/.config',
  env: {},
  instructionFiles: [{ name: 'AGENTS.md', deprecated: false }],
  localCompanions: true,
  globalFiles: [{ path: '{configDirOverride}/AGENTS.md' }, { path: '{home}/rules/AGENTS.md' }],
  flags: {
    configDirOverride: 'OPENCODE_CONFIG_DIR',
    disableClaudePrompts: 'OPENCODE_DISABLE_CLAUDE_CODE_PROMPT',
    disableProjectConfig: 'OPENCODE_DISABLE_PROJECT_CONFIG',
  },
  instructions: [],
  ...over,
});

function recorded(tree: VirtualTree): { fs: InstructionFs; seen: string[] } {
  const inner = virtualInstructionFs(tree);
  const seen: string[] = [];
  return {
    seen,
    fs: {
      stat: (p) => (seen.push(p), inner.stat(p)),
      readFile: (p) => (seen.push(p), inner.readFile(p)),
      readdir: (p) => (seen.push(p), inner.readdir(p)),
      realpath: (p) => (seen.push(p), inner.realpath(p)),
    },
  };
}

describe('discoverInstructions details', () => {
  it('reads flags as OpenCode does: "true" or "1", any case', () => {
    expect(['true', 'TRUE', '1', ' 1 '].map(envFlagOn)).toEqual([true, true, true, true]);
    expect(['false', '0', 'yes', '', undefined].map(envFlagOn)).toEqual([false, false, false, false, false]);
    expect(companionName('AGENTS.md')).toBe('AGENTS.local.md');
    expect(companionName('RULES')).toBe('RULES.local');
  });

  it('does not look for .git when the context says there is no repository', async () => {
    const { fs, seen } = recorded({ '/w/repo/.git': { type: 'dir' }, '/w/AGENTS.md': 'w' });
    const d = await discoverInstructions(fs, input({ isGitRepo: false }));
    expect(seen.some((p) => p.endsWith('/.git'))).toBe(false);
    expect(d).toMatchObject({
      worktreeRoot: '/',
      worktreeFrom: 'filesystem-root',
      isGitRepo: false,
      walk: ['/w/repo/app', '/w/repo', '/w', '/'],
    });
    expect(d.sources.map((s) => s.path)).toEqual(['/w/AGENTS.md']);
  });

  it('warns when the context says git but no .git exists', async () => {
    const d = await discoverInstructions(virtualInstructionFs({}), input({ isGitRepo: true }));
    expect(d.isGitRepo).toBe(true);
    expect(d.warnings.map((w) => w.code)).toEqual(['worktree-not-found']);
  });

  it('warns when cwd lies outside the given worktree root, and walks like find-up (to the filesystem root)', async () => {
    const d = await discoverInstructions(virtualInstructionFs({}), input({ worktreeRoot: '/other' }));
    expect(d.warnings.map((w) => w.code)).toEqual(['cwd-outside-worktree']);
    expect(d.walk).toEqual(['/w/repo/app', '/w/repo', '/w', '/']);
  });

  it('takes a relative config dir override from cwd, and skips the location while the variable is unset', async () => {
    const tree: VirtualTree = {
      '/w/repo/.git': { type: 'dir' },
      '/w/repo/app/cfg/AGENTS.md': 'override',
      '/home/u/rules/AGENTS.md': 'home',
    };
    const set = await discoverInstructions(virtualInstructionFs(tree), input({ env: { OPENCODE_CONFIG_DIR: 'cfg' } }));
    expect(set.sources.map((s) => s.path)).toEqual(['/w/repo/app/cfg/AGENTS.md']);
    const unset = await discoverInstructions(virtualInstructionFs(tree), input());
    expect(unset.sources.map((s) => s.path)).toEqual(['/home/u/rules/AGENTS.md']);
    expect(unset.lookups.find((l) => l.layer === 'global')).toMatchObject({ status: 'disabled', reason: 'OPENCODE_CONFIG_DIR is not set' });
  });

  it('without companions, only the plain names are looked for', async () => {
    const tree: VirtualTree = { '/w/repo/.git': { type: 'dir' }, '/w/repo/AGENTS.local.md': 'local' };
    const d = await discoverInstructions(virtualInstructionFs(tree), input({ localCompanions: false }));
    expect(d.sources).toEqual([]);
    expect(d.lookups.filter((l) => l.layer === 'project').map((l) => l.path)).toEqual(['/w/repo/app/AGENTS.md', '/w/repo/AGENTS.md']);
  });

  it('stops a glob walk that visits too many entries', async () => {
    const tree: VirtualTree = { '/w/repo/.git': { type: 'dir' } };
    for (let i = 0; i < 30; i++) tree[`/w/repo/notes/n${String(i).padStart(2, '0')}.md`] = `note ${i}`;
    const d = await discoverInstructions(virtualInstructionFs(tree), input({ cwd: '/w/repo', instructions: ['notes/*.md'] }), {
      maxGlobEntries: 10,
    });
    expect(d.warnings.map((w) => w.code)).toEqual(['instruction-walk-limit']);
    expect(d.sources).toHaveLength(10);
  });
});

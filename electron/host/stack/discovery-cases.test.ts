import { chmod, mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderFileSource } from '../folder-source.js';
import {
  buildStackPrompt,
  findWorktreeRoot,
  fsErrorCode,
  InstructionFsError,
  loadStackProfile,
  parseStackContext,
  virtualInstructionFs,
  type InstructionFs,
  type LookupStatus,
  type StackBuildResult,
  type StackProfile,
  type StackWarningCode,
  type VirtualTree,
} from '../../../shared/stack/index.js';
import { createNodeInstructionFs } from './node-fs.js';

/**
 * One table of discovery cases, run against a real temporary directory tree (node fs) and
 * against the same tree as a virtual file tree. Both get the same absolute root, so their
 * results must be equal to each other and to the expectations, byte for byte.
 */

type TreeNode = string | { dir: true } | { symlink: string } | { unreadable: string } | { bytes: number[] };

interface Case {
  name: string;
  /** Paths relative to the temporary root. */
  tree: Record<string, TreeNode>;
  cwd: string;
  worktreeRoot?: string;
  /** Values may use {ROOT}. */
  env?: Record<string, string>;
  /** Configured entries (context.instructions); may use {ROOT}. */
  instructions?: string[];
  /** Expected instruction blocks, in order: [relative path, content]. */
  blocks: [string, string][];
  /** Expected warning codes, in order. */
  warnings: StackWarningCode[];
  /** Expected lookup statuses, keyed `<layer>:<relative path or target>`. */
  lookups?: Record<string, LookupStatus>;
  /** Expected walk (relative folders, nearest first). */
  walk?: string[];
  /** Every path the filesystem is asked about lies inside one of these (relative) folders. */
  touchOnlyInside?: string[];
  /** Expected realPath of sources, by relative path. */
  realPaths?: Record<string, string>;
  /** Profile options that differ from the built-in profile's (e.g. `.local.md` companions, off by default). */
  profile?: Partial<StackProfile>;
}

const repo = { 'repo/.git': { dir: true } } as const;

const CASES: Case[] = [
  {
    name: 'nested AGENTS.md at several depths: all used, nearest first',
    tree: {
      ...repo,
      'repo/AGENTS.md': 'root rules\n',
      'repo/pkg/AGENTS.md': 'pkg rules',
      'repo/pkg/app/AGENTS.md': 'app rules',
      'repo/pkg/app/src/main.ts': 'code',
      'repo/CLAUDE.md': 'claude rules',
    },
    cwd: 'repo/pkg/app/src',
    blocks: [
      ['repo/pkg/app/AGENTS.md', 'app rules'],
      ['repo/pkg/AGENTS.md', 'pkg rules'],
      ['repo/AGENTS.md', 'root rules\n'],
    ],
    warnings: [],
    walk: ['repo/pkg/app/src', 'repo/pkg/app', 'repo/pkg', 'repo'],
    lookups: {
      'project:repo/pkg/app/src/AGENTS.md': 'missing',
      'project:repo/pkg/app/AGENTS.md': 'found',
      'project:repo/CLAUDE.md': 'not-looked-for',
      'project:repo/CONTEXT.md': 'not-looked-for',
    },
  },
  {
    name: 'only CLAUDE.md',
    tree: { ...repo, 'repo/CLAUDE.md': 'root claude', 'repo/sub/CLAUDE.md': 'sub claude' },
    cwd: 'repo/sub',
    blocks: [
      ['repo/sub/CLAUDE.md', 'sub claude'],
      ['repo/CLAUDE.md', 'root claude'],
    ],
    warnings: [],
    lookups: { 'project:repo/sub/AGENTS.md': 'missing', 'project:repo/AGENTS.md': 'missing', 'project:repo/CONTEXT.md': 'not-looked-for' },
  },
  {
    name: 'AGENTS.md and CLAUDE.md: AGENTS.md wins even when CLAUDE.md is nearer',
    tree: { ...repo, 'repo/AGENTS.md': 'agents', 'repo/sub/CLAUDE.md': 'nearer claude' },
    cwd: 'repo/sub',
    blocks: [['repo/AGENTS.md', 'agents']],
    warnings: [],
    lookups: { 'project:repo/sub/AGENTS.md': 'missing', 'project:repo/sub/CLAUDE.md': 'not-looked-for' },
  },
  {
    name: 'only CONTEXT.md (deprecated name)',
    tree: { ...repo, 'repo/sub/CONTEXT.md': 'context rules' },
    cwd: 'repo/sub',
    blocks: [['repo/sub/CONTEXT.md', 'context rules']],
    warnings: ['instruction-deprecated-name'],
    lookups: { 'project:repo/sub/CLAUDE.md': 'missing', 'project:repo/sub/CONTEXT.md': 'found' },
  },
  {
    name: 'Claude prompts disabled: CLAUDE.md and ~/.claude/CLAUDE.md are not looked for',
    tree: { ...repo, 'repo/CLAUDE.md': 'claude', 'repo/CONTEXT.md': 'context', 'home/.claude/CLAUDE.md': 'global claude' },
    cwd: 'repo',
    env: { OPENCODE_DISABLE_CLAUDE_CODE_PROMPT: 'true' },
    blocks: [['repo/CONTEXT.md', 'context']],
    warnings: ['instruction-deprecated-name'],
    lookups: { 'project:repo/CLAUDE.md': 'disabled', 'global:~/.claude/CLAUDE.md': 'disabled' },
  },
  {
    name: 'the same tree with Claude prompts enabled',
    tree: { ...repo, 'repo/CLAUDE.md': 'claude', 'repo/CONTEXT.md': 'context', 'home/.claude/CLAUDE.md': 'global claude' },
    cwd: 'repo',
    env: { OPENCODE_DISABLE_CLAUDE_CODE_PROMPT: '0' },
    blocks: [
      ['repo/CLAUDE.md', 'claude'],
      ['home/.claude/CLAUDE.md', 'global claude'],
    ],
    warnings: [],
    lookups: { 'project:repo/CONTEXT.md': 'not-looked-for', 'global:home/.claude/CLAUDE.md': 'found' },
  },
  {
    name: 'no .local.md companions by default (no released OpenCode reads them)',
    tree: { ...repo, 'repo/AGENTS.md': 'shared', 'repo/AGENTS.local.md': 'mine', 'repo/CLAUDE.local.md': 'local claude' },
    cwd: 'repo',
    blocks: [['repo/AGENTS.md', 'shared']],
    warnings: [],
    lookups: { 'project:repo/AGENTS.md': 'found', 'project:repo/CLAUDE.md': 'not-looked-for' },
  },
  {
    name: '.local.md companions (a profile option): each folder gives the file, then its companion',
    profile: { localCompanions: true },
    tree: { ...repo, 'repo/AGENTS.md': 'shared', 'repo/AGENTS.local.md': 'mine', 'repo/sub/AGENTS.local.md': 'sub mine' },
    cwd: 'repo/sub',
    blocks: [
      ['repo/sub/AGENTS.local.md', 'sub mine'],
      ['repo/AGENTS.md', 'shared'],
      ['repo/AGENTS.local.md', 'mine'],
    ],
    warnings: [],
    lookups: { 'project:repo/sub/AGENTS.md': 'missing', 'project:repo/sub/AGENTS.local.md': 'found' },
  },
  {
    name: 'a companion alone makes its name win (companions on)',
    profile: { localCompanions: true },
    tree: { ...repo, 'repo/CLAUDE.local.md': 'local claude', 'repo/CONTEXT.md': 'context' },
    cwd: 'repo',
    blocks: [['repo/CLAUDE.local.md', 'local claude']],
    warnings: [],
    lookups: { 'project:repo/CLAUDE.md': 'missing', 'project:repo/CONTEXT.md': 'not-looked-for' },
  },
  {
    name: 'files above the worktree root are never read (nor even looked at)',
    tree: {
      'outer/AGENTS.md': 'OUTER',
      'outer/CLAUDE.md': 'OUTER CLAUDE',
      'outer/repo/.git': { dir: true },
      'outer/repo/src/CLAUDE.md': 'inner',
    },
    cwd: 'outer/repo/src',
    blocks: [['outer/repo/src/CLAUDE.md', 'inner']],
    warnings: [],
    walk: ['outer/repo/src', 'outer/repo'],
    touchOnlyInside: ['outer/repo', 'home'],
  },
  {
    name: 'a worktree root given by the context bounds the walk',
    tree: { ...repo, 'repo/AGENTS.md': 'top', 'repo/mid/AGENTS.md': 'mid', 'repo/mid/leaf': { dir: true } },
    cwd: 'repo/mid/leaf',
    worktreeRoot: 'repo/mid',
    blocks: [['repo/mid/AGENTS.md', 'mid']],
    warnings: [],
    walk: ['repo/mid/leaf', 'repo/mid'],
    touchOnlyInside: ['repo/mid', 'home'],
  },
  {
    name: 'a .git file (git worktree) marks the root too',
    tree: { 'outer/AGENTS.md': 'outer', 'outer/wt/.git': 'gitdir: /somewhere/else\n', 'outer/wt/AGENTS.md': 'worktree' },
    cwd: 'outer/wt',
    blocks: [['outer/wt/AGENTS.md', 'worktree']],
    warnings: [],
    walk: ['outer/wt'],
  },
  {
    name: 'an empty AGENTS.md adds nothing but still wins over CLAUDE.md',
    tree: { ...repo, 'repo/AGENTS.md': '', 'repo/CLAUDE.md': 'claude' },
    cwd: 'repo',
    blocks: [],
    warnings: ['instruction-empty'],
    lookups: { 'project:repo/AGENTS.md': 'empty', 'project:repo/CLAUDE.md': 'not-looked-for' },
  },
  {
    name: 'an empty nested file is dropped, the others stay',
    tree: { ...repo, 'repo/AGENTS.md': 'root', 'repo/sub/AGENTS.md': '' },
    cwd: 'repo/sub',
    blocks: [['repo/AGENTS.md', 'root']],
    warnings: ['instruction-empty'],
  },
  {
    name: 'a whitespace-only file is sent as is, with a warning',
    tree: { ...repo, 'repo/AGENTS.md': '  \n' },
    cwd: 'repo',
    blocks: [['repo/AGENTS.md', '  \n']],
    warnings: ['instruction-whitespace-only'],
  },
  {
    name: 'an unreadable file is skipped with a warning (it exists, so its name still wins)',
    tree: { ...repo, 'repo/sub/AGENTS.md': { unreadable: 'secret' }, 'repo/AGENTS.md': 'root', 'repo/CLAUDE.md': 'claude' },
    cwd: 'repo/sub',
    blocks: [['repo/AGENTS.md', 'root']],
    warnings: ['instruction-unreadable'],
    lookups: { 'project:repo/sub/AGENTS.md': 'unreadable', 'project:repo/CLAUDE.md': 'not-looked-for' },
  },
  {
    name: 'a folder named like the file is skipped with a warning and does not win',
    tree: { ...repo, 'repo/AGENTS.md/notes.txt': 'not instructions', 'repo/CLAUDE.md': 'claude' },
    cwd: 'repo',
    blocks: [['repo/CLAUDE.md', 'claude']],
    warnings: ['instruction-not-a-file'],
    lookups: { 'project:repo/AGENTS.md': 'not-a-file', 'project:repo/CLAUDE.md': 'found' },
  },
  {
    name: 'binary files (NUL bytes, invalid UTF-8) are skipped with warnings',
    tree: {
      ...repo,
      'repo/AGENTS.md': { bytes: [0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01] },
      'repo/sub/AGENTS.md': { bytes: [0xff, 0xfe, 0x41] },
    },
    cwd: 'repo/sub',
    blocks: [],
    warnings: ['instruction-binary', 'instruction-binary'],
    lookups: { 'project:repo/AGENTS.md': 'binary', 'project:repo/sub/AGENTS.md': 'binary' },
  },
  {
    name: 'a symlinked folder: paths stay as walked, real paths are reported',
    tree: { ...repo, 'repo/real/AGENTS.md': 'real', 'repo/AGENTS.md': 'root', 'repo/link': { symlink: 'real' } },
    cwd: 'repo/link',
    blocks: [
      ['repo/link/AGENTS.md', 'real'],
      ['repo/AGENTS.md', 'root'],
    ],
    warnings: [],
    realPaths: { 'repo/link/AGENTS.md': 'repo/real/AGENTS.md' },
  },
  {
    name: 'an instruction file symlinked to a file outside the worktree is used, with a note',
    tree: { ...repo, 'shared/house.md': 'house rules', 'repo/AGENTS.md': { symlink: '../shared/house.md' } },
    cwd: 'repo',
    blocks: [['repo/AGENTS.md', 'house rules']],
    warnings: ['instruction-symlink-outside-worktree'],
    realPaths: { 'repo/AGENTS.md': 'shared/house.md' },
  },
  {
    name: 'the same file through two paths is sent twice, with a note',
    tree: { ...repo, 'repo/AGENTS.md': 'same', 'repo/sub/AGENTS.md': { symlink: '../AGENTS.md' } },
    cwd: 'repo/sub',
    blocks: [
      ['repo/sub/AGENTS.md', 'same'],
      ['repo/AGENTS.md', 'same'],
    ],
    warnings: ['instruction-duplicate-file'],
  },
  {
    name: 'a self-referencing symlink loop is survived and skipped',
    tree: { ...repo, 'repo/sub/AGENTS.md': { symlink: 'AGENTS.md' }, 'repo/CLAUDE.md': 'claude' },
    cwd: 'repo/sub',
    blocks: [['repo/CLAUDE.md', 'claude']],
    warnings: ['instruction-unreadable'],
    lookups: { 'project:repo/sub/AGENTS.md': 'unreadable', 'project:repo/CLAUDE.md': 'found' },
  },
  {
    name: 'a glob survives a folder loop and follows symlinked folders',
    tree: {
      ...repo,
      'repo/docs/a.md': 'A',
      'repo/docs/c.txt': 'not markdown',
      'repo/docs/deep/b.md': 'B',
      'repo/docs/deep/up': { symlink: '..' },
      'repo/docs/alias': { symlink: '../extra' },
      'repo/extra/e.md': 'E',
    },
    cwd: 'repo',
    instructions: ['docs/**/*.md'],
    blocks: [
      ['repo/docs/a.md', 'A'],
      ['repo/docs/alias/e.md', 'E'],
      ['repo/docs/deep/b.md', 'B'],
    ],
    warnings: ['instruction-symlink-loop'],
  },
  {
    name: 'global and project files stack: project first, then the first global',
    tree: { ...repo, 'repo/AGENTS.md': 'project', 'home/.config/opencode/AGENTS.md': 'global', 'home/.claude/CLAUDE.md': 'claude global' },
    cwd: 'repo',
    blocks: [
      ['repo/AGENTS.md', 'project'],
      ['home/.config/opencode/AGENTS.md', 'global'],
    ],
    warnings: [],
    lookups: {
      'global:{configDirOverride}/AGENTS.md': 'disabled',
      'global:home/.config/opencode/AGENTS.md': 'found',
      'global:~/.claude/CLAUDE.md': 'not-looked-for',
    },
  },
  {
    name: 'the config dir override is tried first',
    tree: { ...repo, 'cfg/AGENTS.md': 'override', 'home/.config/opencode/AGENTS.md': 'global' },
    cwd: 'repo',
    env: { OPENCODE_CONFIG_DIR: '{ROOT}/cfg' },
    blocks: [['cfg/AGENTS.md', 'override']],
    warnings: [],
    lookups: { 'global:cfg/AGENTS.md': 'found', 'global:{configDir}/opencode/AGENTS.md': 'not-looked-for' },
  },
  {
    name: '~/.claude/CLAUDE.md is the last global fallback',
    tree: { ...repo, 'home/.claude/CLAUDE.md': 'claude global' },
    cwd: 'repo',
    blocks: [['home/.claude/CLAUDE.md', 'claude global']],
    warnings: [],
    lookups: { 'global:home/.config/opencode/AGENTS.md': 'missing' },
  },
  {
    name: 'configured paths, globs, ~/ paths and absolute paths, after project and global',
    tree: {
      ...repo,
      'repo/AGENTS.md': 'project',
      'repo/docs/b.md': 'B',
      'repo/docs/a.md': 'A',
      'repo/docs/skip.txt': 'skip',
      'repo/docs/.hidden.md': 'hidden',
      'home/notes/rules.md': 'notes',
      'abs/x.md': 'absolute',
      'outside.md': 'outside',
    },
    cwd: 'repo',
    instructions: ['docs/*.md', '~/notes/rules.md', 'missing.md', '../outside.md', 'AGENTS.md', '{ROOT}/abs/x.md', 'nothing/*.md'],
    blocks: [
      ['repo/AGENTS.md', 'project'],
      ['repo/docs/a.md', 'A'],
      ['repo/docs/b.md', 'B'],
      ['home/notes/rules.md', 'notes'],
      ['abs/x.md', 'absolute'],
    ],
    warnings: ['instruction-missing', 'instruction-outside-worktree', 'instruction-glob-no-match'],
    lookups: {
      'configured:repo/missing.md': 'missing',
      'configured:outside.md': 'outside-worktree',
      'configured:repo/AGENTS.md': 'duplicate',
      'configured:repo/nothing/*.md': 'no-match',
    },
  },
  {
    name: 'relative configured entries are resolved from the worktree root, not the working directory',
    tree: { ...repo, 'repo/docs/x.md': 'from the root', 'repo/app/docs/x.md': 'from the app folder', 'repo/app/docs/y.md': 'y' },
    cwd: 'repo/app',
    instructions: ['docs/x.md', 'docs/*.md'],
    blocks: [['repo/docs/x.md', 'from the root']],
    warnings: [],
    lookups: { 'configured:repo/docs/x.md': 'found', 'configured:repo/docs/*.md': 'found' },
  },
  {
    name: 'project config disabled: only global and configured files',
    tree: { ...repo, 'repo/AGENTS.md': 'project', 'home/.config/opencode/AGENTS.md': 'global' },
    cwd: 'repo',
    env: { OPENCODE_DISABLE_PROJECT_CONFIG: '1' },
    blocks: [['home/.config/opencode/AGENTS.md', 'global']],
    warnings: [],
    lookups: { 'project:repo/AGENTS.md': 'disabled', 'project:repo/CLAUDE.md': 'disabled' },
  },
];

let ROOT = '';
let PROFILE: StackProfile;
/** Whether chmod 000 stops this process from reading (false when running as root). */
let chmodBlocksReads = false;

const relTo = (dir: string, abs: string): string => (abs === dir ? '' : abs.startsWith(`${dir}/`) ? abs.slice(dir.length + 1) : abs);
const subst = (dir: string, s: string): string => s.replaceAll('{ROOT}', dir);

/** Records every path the discovery asks about. */
function recording(fs: InstructionFs, seen: string[]): InstructionFs {
  return {
    stat: (p) => (seen.push(p), fs.stat(p)),
    readFile: (p) => (seen.push(p), fs.readFile(p)),
    readdir: (p) => (seen.push(p), fs.readdir(p)),
    realpath: (p) => (seen.push(p), fs.realpath(p)),
  };
}

/** The real fs, but reading the given files fails with EACCES (for root, where chmod 000 does not). */
function denyReads(fs: InstructionFs, denied: readonly string[]): InstructionFs {
  return {
    ...fs,
    readFile: async (p) => {
      if (denied.includes(p)) throw new InstructionFsError('EACCES', `EACCES: permission denied, open '${p}'`);
      return fs.readFile(p);
    },
  };
}

async function materialize(dir: string, tree: Case['tree']): Promise<string[]> {
  const unreadable: string[] = [];
  for (const [relPath, node] of Object.entries(tree)) {
    const abs = path.join(dir, relPath);
    await mkdir(path.dirname(abs), { recursive: true });
    if (typeof node === 'string') await writeFile(abs, node);
    else if ('dir' in node) await mkdir(abs, { recursive: true });
    else if ('symlink' in node) await symlink(node.symlink, abs);
    else if ('bytes' in node) await writeFile(abs, Uint8Array.from(node.bytes));
    else {
      await writeFile(abs, node.unreadable);
      await chmod(abs, 0o000);
      unreadable.push(abs);
    }
  }
  return unreadable;
}

function virtualTree(dir: string, tree: Case['tree']): VirtualTree {
  const out: VirtualTree = {};
  for (const [relPath, node] of Object.entries(tree)) {
    const abs = path.join(dir, relPath);
    if (typeof node === 'string') out[abs] = node;
    else if ('dir' in node) out[abs] = { type: 'dir' };
    else if ('symlink' in node) out[abs] = { type: 'symlink', target: node.symlink };
    else if ('bytes' in node) out[abs] = { type: 'file', base64: Buffer.from(node.bytes).toString('base64') };
    else out[abs] = { type: 'file', content: node.unreadable, unreadable: true };
  }
  return out;
}

function contextFor(c: Case, dir: string) {
  return parseStackContext({
    modelId: 'claude-sonnet-4-5',
    cwd: path.join(dir, c.cwd),
    worktreeRoot: c.worktreeRoot === undefined ? undefined : path.join(dir, c.worktreeRoot),
    homeDir: path.join(dir, 'home'),
    date: '2026-11-29',
    platform: 'linux',
    env: Object.fromEntries(Object.entries(c.env ?? {}).map(([k, v]) => [k, subst(dir, v)])),
    instructions: (c.instructions ?? []).map((i) => subst(dir, i)),
  });
}

interface Outcome {
  system: string;
  blocks: [string, string][];
  warnings: StackWarningCode[];
  lookups: [string, string, LookupStatus][];
  walk: string[];
  realPaths: Record<string, string>;
  touched: string[];
}

function summarize(r: StackBuildResult, touched: string[], dir: string): Outcome {
  const rel = (abs: string): string => relTo(dir, abs);
  const key = (l: StackBuildResult['instructions']['lookups'][number]): string =>
    `${l.layer}:${l.path !== undefined ? rel(l.path) : l.target}`;
  return {
    system: r.system,
    blocks: r.instructions.sources.filter((s) => s.block !== undefined).map((s) => [rel(s.path), s.content ?? '']),
    warnings: r.warnings.map((w) => w.code),
    lookups: r.instructions.lookups.map((l) => [key(l), l.reason, l.status]),
    walk: r.instructions.walk.map(rel),
    realPaths: Object.fromEntries(r.instructions.sources.filter((s) => s.realPath).map((s) => [rel(s.path), rel(s.realPath as string)])),
    touched,
  };
}

/** Runs a case whose relative paths are taken from `dir`; the outcome's paths are relative to `dir`. */
async function runCase(c: Case, fs: InstructionFs, dir: string): Promise<Outcome> {
  const touched: string[] = [];
  const r = await buildStackPrompt({ ...PROFILE, ...c.profile }, contextFor(c, dir), { fs: recording(fs, touched) });
  return summarize(r, touched, dir);
}

beforeAll(async () => {
  ROOT = await realpath(await mkdtemp(path.join(os.tmpdir(), 'vs-stack-')));
  // Short texts for the prompt layers, so the expected system text is easy to state.
  const loaded = loadStackProfile(folderFileSource(path.resolve('variants')), 'profiles/opencode-seed');
  if (!loaded.profile) throw new Error(JSON.stringify(loaded.problems));
  PROFILE = {
    ...loaded.profile,
    providerPrompts: Object.fromEntries(Object.keys(loaded.profile.providerPrompts).map((k) => [k, { text: `PROMPT ${k}` }])),
    environment: { text: 'ENV {{cwd}} git={{isGitRepo}} {{date}}' },
  };
  const probe = path.join(ROOT, 'chmod-probe');
  await writeFile(probe, 'x');
  await chmod(probe, 0o000);
  chmodBlocksReads = await readFile(probe).then(
    () => false,
    () => true,
  );
  await rm(probe, { force: true });
});

afterAll(async () => {
  if (ROOT) await rm(ROOT, { recursive: true, force: true });
});

describe('instruction discovery: the same cases on the real disk and on the virtual tree', () => {
  CASES.forEach((c, index) => {
    it(c.name, async () => {
      const dir = path.join(ROOT, `case-${index}`);
      const unreadable = await materialize(dir, c.tree);
      const nodeFs = createNodeInstructionFs();
      const realFs = chmodBlocksReads ? nodeFs : denyReads(nodeFs, unreadable);
      // The unreadable fixtures really cannot be read through the fs under test, however the tests run.
      for (const p of unreadable) {
        const failure = await realFs.readFile(p).then(
          () => 'read',
          (e: unknown) => fsErrorCode(e),
        );
        expect(failure).toBe('EACCES');
      }
      const virtualFs = virtualInstructionFs(virtualTree(dir, c.tree));
      expect(virtualFs.problems).toEqual([]);

      const real = await runCase(c, realFs, dir);
      const virtual = await runCase(c, virtualFs, dir);

      // 1. Both filesystems give the same result, down to every lookup and reason.
      expect({ ...real, touched: undefined }).toEqual({ ...virtual, touched: undefined });
      expect([...new Set(real.touched)].sort()).toEqual([...new Set(virtual.touched)].sort());

      // 2. The result is the expected one.
      expect(real.blocks).toEqual(c.blocks);
      expect(real.warnings).toEqual(c.warnings);
      const expectedSystem = [
        'PROMPT anthropic',
        `ENV ${path.join(dir, c.cwd)} git=yes Sun Nov 29 2026`,
        ...c.blocks.map(([p, content]) => `Instructions from: ${path.join(dir, p)}\n${content}`),
      ].join('\n');
      expect(real.system).toBe(expectedSystem);
      if (c.walk) expect(real.walk).toEqual(c.walk);
      for (const [key, status] of Object.entries(c.lookups ?? {})) {
        const found = real.lookups.filter(([k]) => k === key);
        expect(found.length, `lookup ${key}`).toBeGreaterThan(0);
        expect(found[0]?.[2], `status of ${key}`).toBe(status);
      }
      for (const [p, realPath] of Object.entries(c.realPaths ?? {})) {
        expect(real.realPaths[p]).toBe(realPath);
      }
      if (c.touchOnlyInside) {
        const allowed = c.touchOnlyInside.map((p) => path.join(dir, p));
        const outside = real.touched.filter((t) => !allowed.some((a) => t === a || t.startsWith(`${a}/`)));
        expect(outside).toEqual([]);
        expect(real.touched.length).toBeGreaterThan(0);
      }
    });
  });
});

describe('outside any repository', () => {
  it('walks up to the filesystem root, on both filesystems', async () => {
    const dir = path.join(ROOT, 'no-repo');
    const tree: Case['tree'] = { 'plain/AGENTS.md': 'plain', 'plain/sub/AGENTS.md': 'sub' };
    await materialize(dir, tree);
    const nodeFs = createNodeInstructionFs();
    // The temporary folder must not itself be inside a git repository for this test to mean anything.
    expect(await findWorktreeRoot(nodeFs, dir)).toBeUndefined();
    const c: Case = { name: 'no repo', tree, cwd: 'plain/sub', blocks: [], warnings: [] };
    const real = await runCase(c, nodeFs, dir);
    const virtual = await runCase(c, virtualInstructionFs(virtualTree(dir, tree)), dir);
    const ancestors: string[] = [];
    for (let p = path.join(dir, 'plain/sub'); ; p = path.dirname(p)) {
      ancestors.push(p);
      if (p === path.dirname(p)) break;
    }
    expect(real.walk).toEqual(ancestors.map((a) => relTo(dir, a)));
    expect(virtual.walk).toEqual(real.walk);
    const inside = (o: Outcome): [string, string][] => o.blocks.filter(([p]) => !path.isAbsolute(p));
    expect(inside(real)).toEqual([
      ['plain/sub/AGENTS.md', 'sub'],
      ['plain/AGENTS.md', 'plain'],
    ]);
    expect(inside(virtual)).toEqual(inside(real));
    expect(virtual.system).toContain(`git=no`);
    expect(real.system).toContain(`git=no`);
  });
});

describe('test set-up', () => {
  it('knows how unreadable files are made here', () => {
    // Root ignores chmod 000; then reads are denied through the injected fs instead.
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    expect(chmodBlocksReads).toBe(!isRoot);
  });
});

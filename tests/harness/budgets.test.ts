import { mkdir, mkdtemp, realpath, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realHarnessSetup } from '../../electron/host/harness/real-harness.js';
import { createNodeInstructionFs } from '../../electron/host/stack/node-fs.js';
import {
  DEFAULT_RUN_LIMITS,
  MAX_INSTRUCTION_FILE_BYTES,
  lintInstructions,
  parseHarnessContext,
  runHarness,
  treeFilesOf,
  type HarnessResult,
} from '../../shared/harness/index.js';
import { confineInstructionFs } from '../../shared/stack/confined-fs.js';
import type { InstructionFs } from '../../shared/stack/instruction-fs.js';
import { virtualInstructionFs } from '../../shared/stack/virtual-fs.js';
import { harnessTree } from '../../shared/harness/context.js';
import { builtinHarnesses } from './conformance-cases.js';

/**
 * Issue 18 items 5 and 6: what a repository can make a harness run cost. Import expansion has
 * one budget per run (files, bytes, time) that ends it with a reported truncation; every
 * instruction file is capped by size before it is read; deep trees cost what their depth
 * does. Costs are counted (filesystem calls, bytes asked for), not timed.
 */

const profiles = builtinHarnesses();

/** Six small files, each importing the next level 40 times, five levels deep: 40^5 expansions without a budget. */
function fanOut(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  const at = (level: number): string => (level === 0 ? 'GEMINI.md' : `l${level}.md`);
  for (let level = 0; level <= 5; level++) {
    const body = level < 5 ? `level ${level} ${`@./l${level + 1}.md `.repeat(40)}\n` : 'leaf\n';
    files[`${root}/${at(level)}`] = body;
  }
  for (const name of ['CLAUDE.md', 'QWEN.md', 'AGENTS.md']) files[`${root}/${name}`] = files[`${root}/GEMINI.md`] as string;
  return files;
}

/** A filesystem that counts calls and the bytes each read asks for. */
function counting(inner: InstructionFs): { fs: InstructionFs; calls: () => number; asked: number[] } {
  let calls = 0;
  const asked: number[] = [];
  const fs: InstructionFs = {
    stat: (p) => (calls++, inner.stat(p)),
    readFile: (p, options) => {
      calls++;
      asked.push(options?.maxBytes ?? Number.POSITIVE_INFINITY);
      return inner.readFile(p, options);
    },
    readdir: (p) => (calls++, inner.readdir(p)),
    realpath: (p) => (calls++, inner.realpath(p)),
    lstat: (p) => (calls++, inner.lstat ? inner.lstat(p) : Promise.resolve(undefined)),
  };
  return { fs, calls: () => calls, asked };
}

const importReports = (r: HarnessResult): number => r.files.filter((f) => f.group === 'import' || f.importedBy !== undefined).length;

describe('import fan-out', () => {
  const context = parseHarnessContext({
    files: { '/repo/.git/': '', ...fanOut('/repo') },
    cwd: '/repo',
    home: '/home/u',
    env: { GEMINI_CLI_TRUST_WORKSPACE: 'true' },
  });

  for (const profile of profiles) {
    it(`${profile.id}: the 6x40x5 fan-out stays within the run's budget, and a cut is reported`, async () => {
      const tree = counting(virtualInstructionFs(harnessTree(context)));
      const r = await runHarness(profile, context, { fs: tree.fs, today: '2026-11-30' });
      expect(importReports(r)).toBeLessThanOrEqual(DEFAULT_RUN_LIMITS.importFiles + 50);
      expect(tree.calls()).toBeLessThan(20 * DEFAULT_RUN_LIMITS.importFiles);
      const text = r.parts.reduce((n, p) => n + p.text.length, 0);
      expect(text).toBeLessThan(DEFAULT_RUN_LIMITS.importBytes + 100_000);
      if (r.truncated !== undefined) {
        expect(r.truncated.budget).toBe('import-files');
        expect(r.warnings.find((w) => w.code === 'run-budget')?.message).toBe(r.truncated.message);
        expect(r.files.some((f) => f.importProblem === 'budget')).toBe(true);
      }
    });
  }

  it('Gemini CLI hits the budget, and says so in the result', async () => {
    const gemini = profiles.find((p) => p.id === 'gemini-cli');
    const r = await runHarness(gemini!, context, { today: '2026-11-30' });
    expect(r.truncated).toEqual({
      budget: 'import-files',
      message: `more than ${DEFAULT_RUN_LIMITS.importFiles} imports in one run: expansion stopped here; what was expanded so far is shown and later imports stay as written`,
    });
    // The import that did not fit stays as written, where it stood.
    expect(r.parts.find((p) => p.placement === 'user')?.text).toContain('@./l');
  });

  it('the time budget stops a run that a clock says is too slow', async () => {
    const gemini = profiles.find((p) => p.id === 'gemini-cli');
    let now = 0;
    const clock = (): number => (now += 100);
    const r = await runHarness(gemini!, context, { today: '2026-11-30', clock, limits: { timeMs: 1000 } });
    expect(r.truncated?.budget).toBe('time');
    expect(importReports(r)).toBeLessThan(20);
  });

  describe('on a real granted tree', () => {
    let root = '';
    beforeAll(async () => {
      root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'vs-fanout-')));
      await mkdir(path.join(root, '.git'));
      for (const [p, text] of Object.entries(fanOut(root))) await writeFile(p, text);
    });
    afterAll(async () => {
      await rm(root, { recursive: true, force: true });
    });

    for (const profile of profiles) {
      it(`${profile.id}: the same budget holds on the disk`, async () => {
        const seen = counting(createNodeInstructionFs());
        const setup = await realHarnessSetup(
          profile,
          { cwd: root },
          {
            granted: [root],
            homeDir: path.join(root, 'home'),
            env: { GEMINI_CLI_TRUST_WORKSPACE: 'true' },
            platform: 'linux',
            inner: seen.fs,
          },
        );
        if (!setup.ok) throw new Error(setup.error);
        const r = await runHarness(profile, setup.context, { fs: setup.fs, today: '2026-11-30' });
        expect(importReports(r)).toBeLessThanOrEqual(DEFAULT_RUN_LIMITS.importFiles + 50);
        expect(seen.calls()).toBeLessThan(20 * DEFAULT_RUN_LIMITS.importFiles);
        if (profile.id === 'gemini-cli') expect(r.truncated?.budget).toBe('import-files');
      });
    }
  });
});

describe('instruction files are capped by size before they are read', () => {
  const HUGE = 1_900_000_000;
  const names = ['AGENTS.md', 'CLAUDE.md', 'GEMINI.md', 'QWEN.md', 'CONTEXT.md', '.clinerules', '.github/copilot-instructions.md'];

  /** The virtual tree, where every instruction file says it is 1.9 GB (sparse): reading it whole would be the bug. */
  function sparse(): ReturnType<typeof counting> {
    const files: Record<string, string> = {
      '/repo/.git/HEAD': 'ref: refs/heads/main\n',
      '/repo/.git/objects/': '',
      '/repo/.git/refs/': '',
    };
    for (const n of names) files[`/repo/${n}`] = 'x';
    const inner = virtualInstructionFs(harnessTree(parseHarnessContext({ files })));
    const huge = (p: string): boolean => names.some((n) => p === `/repo/${n}`);
    return counting({
      ...inner,
      stat: async (p) => {
        const st = await inner.stat(p);
        return st && huge(p) ? { ...st, size: HUGE } : st;
      },
      readFile: async (p, options) => {
        if (huge(p) && (options?.maxBytes === undefined || options.maxBytes > MAX_INSTRUCTION_FILE_BYTES + 1))
          throw new Error(`read ${p} whole`);
        return inner.readFile(p, options);
      },
    });
  }

  for (const profile of profiles) {
    it(`${profile.id}: a 1.9 GB file is skipped as too large, never read whole`, async () => {
      const tree = sparse();
      const context = parseHarnessContext({ cwd: '/repo', home: '/home/u', env: { GEMINI_CLI_TRUST_WORKSPACE: 'true' } });
      const r = await runHarness(profile, context, { fs: tree.fs, today: '2026-11-30' });
      expect(tree.asked.every((n) => n <= MAX_INSTRUCTION_FILE_BYTES + 1)).toBe(true);
      const big = r.files.filter((f) => names.some((n) => f.path === `/repo/${n}`) && f.status !== 'not-looked-for');
      for (const f of big.filter((f) => f.readProblem !== undefined && f.readProblem !== 'missing'))
        expect({ path: f.path, problem: f.readProblem }).toEqual({ path: f.path, problem: 'too-large' });
      expect(r.warnings.filter((w) => /read .* whole/.test(w.message))).toEqual([]);
    });
  }

  it('on the disk: a sparse 1.9 GB AGENTS.md is reported too large by every harness that looks at it', async () => {
    const root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'vs-sparse-')));
    try {
      await mkdir(path.join(root, '.git/objects'), { recursive: true });
      await mkdir(path.join(root, '.git/refs'));
      await writeFile(path.join(root, '.git/HEAD'), 'ref: refs/heads/main\n');
      await writeFile(path.join(root, 'AGENTS.md'), '');
      await truncate(path.join(root, 'AGENTS.md'), HUGE);
      const found: string[] = [];
      for (const profile of profiles) {
        const seen = counting(createNodeInstructionFs());
        const setup = await realHarnessSetup(
          profile,
          { cwd: root },
          { granted: [root], homeDir: path.join(root, 'home'), env: {}, platform: 'linux', inner: seen.fs },
        );
        if (!setup.ok) throw new Error(setup.error);
        const r = await runHarness(profile, setup.context, { fs: setup.fs, today: '2026-11-30' });
        expect(seen.asked.every((n) => n <= MAX_INSTRUCTION_FILE_BYTES + 1)).toBe(true);
        const report = r.files.find((f) => f.path === path.join(root, 'AGENTS.md') && f.readProblem === 'too-large');
        if (report) found.push(profile.id);
      }
      expect(found.length).toBeGreaterThanOrEqual(4);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('deep folder trees', () => {
  const DEPTH = 1500;
  const deepTree = (): { files: Record<string, string>; cwd: string } => {
    const files: Record<string, string> = { '/repo/.git/': '' };
    let dir = '/repo';
    for (let i = 0; i < DEPTH; i++) {
      dir += '/d';
      if (i % 100 === 0) files[`${dir}/AGENTS.md`] = `level ${i}`;
    }
    files[`${dir}/AGENTS.md`] = 'deepest';
    return { files, cwd: dir };
  };

  it('every harness walks 1,500 levels with filesystem calls in proportion to the depth', async () => {
    const { files, cwd } = deepTree();
    const context = parseHarnessContext({ files, cwd, home: '/home/u', env: { GEMINI_CLI_TRUST_WORKSPACE: 'true' } });
    const results: HarnessResult[] = [];
    for (const profile of profiles) {
      const tree = counting(virtualInstructionFs(harnessTree(context)));
      const r = await runHarness(profile, context, { fs: tree.fs, today: '2026-11-30' });
      expect(tree.calls(), profile.id).toBeLessThan(40 * DEPTH);
      results.push(r);
    }
    expect(lintInstructions(results, Object.keys(files)).length).toBeGreaterThan(0);
  });

  it('a walk deeper than the bound is cut, and the run says so', async () => {
    const files: Record<string, string> = {};
    let dir = '';
    for (let i = 0; i < DEFAULT_RUN_LIMITS.walkFolders + 10; i++) dir += '/d';
    files[`${dir}/CLAUDE.md`] = 'deep';
    const context = parseHarnessContext({ files, cwd: dir, home: '/home/u' });
    const claude = profiles.find((p) => p.id === 'claude-code');
    const r = await runHarness(claude!, context, { today: '2026-11-30' });
    expect(r.truncated?.budget).toBe('walk');
    expect(r.warnings.some((w) => w.code === 'walk-bound')).toBe(true);
    expect(r.parts[0]?.text).toContain('deep');
  });

  it("lint's tree walk on the disk resolves no folder but the granted one: one pass per level", async () => {
    const root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'vs-deep-')));
    try {
      let dir = root;
      for (let i = 0; i < 300; i++) {
        dir = path.join(dir, 'd');
        await mkdir(dir);
      }
      await writeFile(path.join(dir, 'AGENTS.md'), 'deepest');
      const calls: string[] = [];
      const inner = createNodeInstructionFs();
      const recorded: InstructionFs = {
        stat: (p) => inner.stat(p),
        readFile: (p, o) => inner.readFile(p, o),
        readdir: (p) => inner.readdir(p),
        realpath: (p) => (calls.push(p), inner.realpath(p)),
        lstat: (p) => (inner.lstat as NonNullable<InstructionFs['lstat']>)(p),
      };
      const files = await treeFilesOf(confineInstructionFs(recorded, { folders: [root] }), root);
      expect(files).toEqual([path.join(dir, 'AGENTS.md')]);
      expect(calls).toEqual([root]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

import { chmod, mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeInstructionFs } from '../../electron/host/stack/node-fs.js';
import { parseHarnessContext, runHarness, type HarnessContext, type HarnessContextInput } from '../../shared/harness/index.js';
import { InstructionFsError, type InstructionFs } from '../../shared/stack/instruction-fs.js';
import { specCases } from './cases/index.js';
import { builtinHarnesses, harnessCases, partOf, profileForCase, type HarnessCase } from './conformance-cases.js';

/**
 * Every case that a temporary folder can hold, on the real disk: the tree is written below a
 * temporary root (absolute paths and symlink targets moved under it), the harness runs over
 * the node filesystem, and the result — with the root taken out of every string — must equal
 * the run on the virtual tree, part for part and file report for file report (reports of
 * folders above the temporary root aside); and it must hold the case's expected text.
 *
 * Left out, because a temporary folder cannot hold them: Windows paths; trees with files
 * directly in the filesystem root (whose meaning changes below a temporary root); imports of
 * absolute paths; Claude Code's auto memory (its folder is named after the absolute working
 * folder) and managed file (/etc).
 */

const profiles = builtinHarnesses();
const all = [...harnessCases(), ...specCases];

function whyNotReal(c: HarnessCase): string | undefined {
  if (c.os === 'win32') return 'Windows paths';
  const paths = [...Object.keys(c.files ?? {}), ...Object.keys(c.symlinks ?? {})];
  if (paths.some((p) => p.split('/').filter(Boolean).length === 1 && !p.endsWith('/'))) return 'a file in the filesystem root';
  const texts = Object.values(c.files ?? {}).map((v) => (typeof v === 'string' ? v : v.type === 'file' ? (v.content ?? '') : ''));
  if (texts.some((t) => /@\/[A-Za-z]/.test(t))) return 'imports of absolute paths';
  if (c.harness === 'claude-code' && paths.some((p) => p.includes('/projects/'))) return 'auto memory';
  if (c.harness === 'claude-code' && paths.some((p) => p.startsWith('/etc/claude-code/'))) return 'the managed location';
  return undefined;
}

const real = all.filter((c) => whyNotReal(c) === undefined);

let ROOT = '';
let chmodBlocksReads = false;
beforeAll(async () => {
  ROOT = await realpath(await mkdtemp(path.join(os.tmpdir(), 'vs-harness-')));
  const probe = path.join(ROOT, 'probe');
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

const under = (root: string, p: string): string => (p.startsWith('/') ? root + p : p);

/** Absolute paths in settings (values and keys: Codex projects, Cline toggles, folders) moved under the root. */
function rerootValue(value: unknown, root: string): unknown {
  if (typeof value === 'string') return under(root, value);
  if (Array.isArray(value)) return value.map((v) => rerootValue(v, root));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [under(root, k), rerootValue(v, root)]));
  return value;
}

function reroot(c: HarnessCase, root: string): HarnessContextInput {
  const files: Record<string, unknown> = {};
  for (const [p, v] of Object.entries(c.files ?? {})) {
    // Gemini CLI's trust file names folders by absolute path.
    files[under(root, p)] =
      p.endsWith('/trustedFolders.json') && typeof v === 'string' ? JSON.stringify(rerootValue(JSON.parse(v), root)) : v;
  }
  return {
    files: files as HarnessContextInput['files'],
    symlinks: Object.fromEntries(Object.entries(c.symlinks ?? {}).map(([p, t]) => [under(root, p), under(root, t)])),
    cwd: under(root, c.cwd ?? '/home/user/project'),
    home: under(root, c.home ?? '/home/user'),
    os: c.os,
    // A variable may hold a comma-separated list of paths (COPILOT_CUSTOM_INSTRUCTIONS_DIRS).
    env: Object.fromEntries(Object.entries(c.env ?? {}).map(([k, v]) => [k, v.replace(/(^|,\s*)\//g, `$1${root}/`)])),
    settings: rerootValue(c.settings ?? {}, root) as Record<string, unknown>,
    reads: (c.reads ?? []).map((r) => under(root, r)),
  };
}

/** Writes a context's tree to the disk; returns the files made unreadable. */
async function materialize(ctx: HarnessContext): Promise<string[]> {
  const unreadable: string[] = [];
  for (const [p, v] of Object.entries(ctx.files)) {
    if (p.endsWith('/') && v === '') {
      await mkdir(p, { recursive: true });
      continue;
    }
    await mkdir(path.dirname(p), { recursive: true });
    if (typeof v === 'string') await writeFile(p, v);
    else if (v.type === 'dir') await mkdir(p, { recursive: true });
    else if (v.type === 'file') {
      await writeFile(p, v.base64 !== undefined ? Buffer.from(v.base64, 'base64') : (v.content ?? ''));
      if (v.unreadable) {
        await chmod(p, 0o000);
        unreadable.push(p);
      }
    }
  }
  for (const [p, target] of Object.entries(ctx.symlinks)) {
    await mkdir(path.dirname(p), { recursive: true });
    await symlink(target, p);
  }
  return unreadable;
}

/** The node filesystem, with reads of the unreadable fixtures refused even for root (who ignores chmod 000). */
function denyReads(fs: InstructionFs, denied: readonly string[]): InstructionFs {
  return {
    ...fs,
    readFile: async (p, options) => {
      if (denied.includes(p)) throw new InstructionFsError('EACCES', `EACCES: permission denied, open '${p}'`);
      return fs.readFile(p, options);
    },
  };
}

/** Every string of a value with the temporary root (and its slug form) taken out. */
function unroot<T>(value: T, root: string): T {
  const slug = root.replace(/[\\/:]/g, '-');
  return JSON.parse(
    JSON.stringify(value, (_k, v: unknown) => (typeof v === 'string' ? v.replaceAll(root, '').replaceAll(slug, '') : v)),
  ) as T;
}

describe('harness cases on a real temporary tree', () => {
  it('runs most cases on the real disk, and leaves out only what a temporary folder cannot hold', () => {
    const left = all.filter((c) => whyNotReal(c) !== undefined).map((c) => `${c.version}: ${c.name} (${whyNotReal(c)})`);
    expect(left.length).toBeLessThan(all.length * 0.1);
    expect(
      left.every((l) =>
        /\((Windows paths|a file in the filesystem root|imports of absolute paths|auto memory|the managed location)\)$/.test(l),
      ),
    ).toBe(true);
  });

  real.forEach((c, i) => {
    it(`${c.version}: ${c.name}`, async () => {
      const root = path.join(ROOT, `case-${i}`);
      const onDisk = parseHarnessContext(reroot(c, root));
      const unreadable = await materialize(onDisk);
      const nodeFs = createNodeInstructionFs();
      const fs = chmodBlocksReads ? nodeFs : denyReads(nodeFs, unreadable);
      const profile = profileForCase(profiles, c);
      const fromDisk = await runHarness(profile, onDisk, { fs, today: '2026-11-30' });
      const fromTree = await runHarness(profile, parseHarnessContext(c), { today: '2026-11-30' });
      const onRealDisk = (p: string): boolean => p.startsWith('/') && p !== root && !p.startsWith(`${root}/`);
      const unrooted = unroot({ ...fromDisk, files: fromDisk.files.filter((f) => !onRealDisk(f.path)) }, root);
      expect(unrooted.parts).toEqual(fromTree.parts);
      // Reports of the case's own folders (and of relative import paths), on both sides.
      const tops = new Set(
        [...Object.keys(c.files ?? {}), ...Object.keys(c.symlinks ?? {}), c.cwd ?? '', c.home ?? ''].map((p) => p.split('/')[1]),
      );
      const ours = (files: typeof fromTree.files): typeof fromTree.files =>
        files.filter((f) => !f.path.startsWith('/') || tops.has(f.path.split('/')[1]));
      // Every file gets the same report, in the same order. Walks that go up to the filesystem
      // root (Claude Code's, OpenCode's outside a repository) also look in the folders above
      // the temporary root, left out here, and in the temporary root itself, which stands for
      // / but is not skipped as / is: the only reports the disk may add are of files not there.
      const key = (f: object): string => JSON.stringify(f);
      const virtualKeys = ours(fromTree.files).map(key);
      expect(
        ours(unrooted.files)
          .map(key)
          .filter((k) => virtualKeys.includes(k)),
      ).toEqual(virtualKeys);
      const extra = ours(unrooted.files).filter((f) => !virtualKeys.includes(key(f)));
      expect(extra.filter((f) => f.status !== 'missing' && f.status !== 'not-looked-for')).toEqual([]);
      expect(unrooted.stopped).toEqual(fromTree.stopped);
      const { text, carriesInstructions } = partOf(unrooted, c.part);
      if (c.expected === '') expect(carriesInstructions).toBe(false);
      else expect(text).toContain(c.expected);
    });
  });
});

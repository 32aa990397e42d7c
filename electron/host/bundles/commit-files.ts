import fs from 'node:fs';
import path from 'node:path';
import { HostError } from '../../../shared/ipc/host-error.js';
import { diskHash } from '../atomic-save.js';
import { resolveInside } from '../confine.js';
import { contentHash } from '../hash.js';
import { JOURNAL_FILE, STAGING_PREFIX, journalText, ownerText, syncFolder, type ImportJournal } from './import-journal.js';

/**
 * Writes a set of files into a workspace as one change: everything or nothing. Every new
 * text is first written (and fsynced) into a staging folder inside the workspace, so the
 * final moves are renames on one filesystem; then each target is moved aside into the
 * staging folder and the new file renamed into place. If any step fails, every step done so
 * far is undone in reverse order — moved-aside files come back, created folders go — and the
 * workspace is as it was. Paths are confined to the workspace (no `..`, no symlink out), and
 * a file that changed on disk since the import was planned stops the commit before it starts.
 *
 * Before the first rename the staging folder gets a journal of every step (import-journal.ts),
 * so a kill in the middle of the renames is finished or rolled back when the workspace is
 * opened next.
 */

export interface CommitFs {
  writeFile(file: string, data: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  mkdir(dir: string): Promise<void>;
  rmdir(dir: string): Promise<void>;
  unlink(file: string): Promise<void>;
}

export const realCommitFs: CommitFs = {
  async writeFile(file, data) {
    const handle = await fs.promises.open(file, 'wx');
    try {
      await handle.writeFile(data, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
  },
  rename: (from, to) => fs.promises.rename(from, to),
  mkdir: (dir) => fs.promises.mkdir(dir),
  rmdir: (dir) => fs.promises.rmdir(dir),
  unlink: (file) => fs.promises.unlink(file),
};

export interface CommitInput {
  /** The workspace folder with symlinks resolved. */
  realRoot: string;
  writes: ReadonlyMap<string, string>;
  deletes: readonly string[];
  /** What each touched path must hold on disk now (null: nothing), as the plan saw it. */
  expected: ReadonlyMap<string, string | null>;
  onProgress?: ((done: number, total: number) => void) | undefined;
  /** Filesystem operations (tests inject failures). */
  fs?: CommitFs | undefined;
}

export interface CommitResult {
  written: string[];
  deleted: string[];
}

type Step = { kind: 'mkdir'; dir: string } | { kind: 'aside'; target: string; backup: string } | { kind: 'place'; target: string };

function exists(file: string): boolean {
  try {
    fs.lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function commitFiles(input: CommitInput): Promise<CommitResult> {
  const ops = input.fs ?? realCommitFs;
  const { realRoot } = input;
  const writes = [...input.writes.entries()].map(([rel, text]) => ({ rel, text, target: resolveInside(realRoot, rel) }));
  const deletes = input.deletes.map((rel) => ({ rel, target: resolveInside(realRoot, rel) }));

  for (const [rel, text] of input.expected) {
    const current = diskHash(resolveInside(realRoot, rel));
    if (current !== (text === null ? null : contentHash(text)))
      throw new HostError('CONFLICT', `${rel} changed on disk since the import was planned; nothing was written — review the import again`);
  }

  const staging = await fs.promises.mkdtemp(path.join(realRoot, STAGING_PREFIX));
  await fs.promises.writeFile(path.join(staging, 'owner.json'), ownerText());
  const steps: Step[] = [];
  let journal: ImportJournal | undefined;
  const writeJournal = async (next: ImportJournal): Promise<void> => {
    const temp = path.join(staging, `${JOURNAL_FILE}.${next.state}`);
    await ops.writeFile(temp, journalText(next));
    await ops.rename(temp, path.join(staging, JOURNAL_FILE));
    syncFolder(staging);
  };
  const total = writes.length * 2 + deletes.length;
  let done = 0;
  const tick = (): void => {
    done++;
    if (done % 16 === 0 || done === total) input.onProgress?.(done, total);
  };
  let failedAt = '';
  try {
    const staged: string[] = [];
    for (let i = 0; i < writes.length; i++) {
      failedAt = writes[i]!.rel;
      const file = path.join(staging, `new-${i}`);
      await ops.writeFile(file, writes[i]!.text);
      staged.push(file);
      tick();
    }
    // Every new text is on disk: write down what the renames will do, then do them.
    const dirs: string[] = [];
    for (const { target } of writes)
      for (let dir = path.dirname(target); dir !== realRoot && !exists(dir); dir = path.dirname(dir)) {
        const rel = path.relative(realRoot, dir).split(path.sep).join('/');
        if (!dirs.includes(rel)) dirs.push(rel);
      }
    dirs.sort((a, b) => a.split('/').length - b.split('/').length);
    failedAt = 'the journal';
    journal = {
      version: 1,
      state: 'committing',
      writes: writes.map((w, i) => ({
        rel: w.rel,
        staged: `new-${i}`,
        backup: `old-${i}`,
        before: hashOfExpected(input.expected, w.rel),
        after: contentHash(w.text),
      })),
      deletes: deletes.map((d, i) => ({ rel: d.rel, backup: `deleted-${i}`, before: hashOfExpected(input.expected, d.rel) })),
      dirs,
    };
    await writeJournal(journal);
    for (let i = 0; i < writes.length; i++) {
      const { rel, target } = writes[i]!;
      failedAt = rel;
      const missing: string[] = [];
      for (let dir = path.dirname(target); dir !== realRoot && !exists(dir); dir = path.dirname(dir)) missing.unshift(dir);
      for (const dir of missing) {
        await ops.mkdir(dir);
        steps.push({ kind: 'mkdir', dir });
      }
      if (exists(target)) {
        const backup = path.join(staging, `old-${i}`);
        await ops.rename(target, backup);
        steps.push({ kind: 'aside', target, backup });
      }
      await ops.rename(staged[i]!, target);
      steps.push({ kind: 'place', target });
      tick();
    }
    for (let i = 0; i < deletes.length; i++) {
      const { rel, target } = deletes[i]!;
      failedAt = rel;
      if (!exists(target)) continue;
      const backup = path.join(staging, `deleted-${i}`);
      await ops.rename(target, backup);
      steps.push({ kind: 'aside', target, backup });
      tick();
    }
  } catch (error) {
    // A kill during the undo must not finish the import at the next start.
    if (journal) await writeJournal({ ...journal, state: 'rolling-back' }).catch(() => undefined);
    const unrestored = await rollback(steps, ops);
    if (unrestored.length === 0) await fs.promises.rm(staging, { recursive: true, force: true }).catch(() => undefined);
    throw new HostError(
      'IO_ERROR',
      unrestored.length === 0
        ? `the import failed at ${failedAt} (${message(error)}); every change was undone, nothing was written`
        : `the import failed at ${failedAt} (${message(error)}) and ${unrestored.length} file(s) could not be restored: ${unrestored.join(', ')}; the originals are in ${staging}`,
    );
  }
  await fs.promises.rm(staging, { recursive: true, force: true }).catch(() => undefined);
  return { written: writes.map((w) => w.rel), deleted: deletes.map((d) => d.rel) };
}

/** The hash the plan saw at a path (null: no file). */
function hashOfExpected(expected: ReadonlyMap<string, string | null>, rel: string): string | null {
  const text = expected.get(rel);
  return text === undefined || text === null ? null : contentHash(text);
}

/** Undoes the steps in reverse; returns the targets it could not restore. */
async function rollback(steps: readonly Step[], ops: CommitFs): Promise<string[]> {
  const unrestored: string[] = [];
  for (const step of [...steps].reverse()) {
    try {
      if (step.kind === 'place') await ops.unlink(step.target);
      else if (step.kind === 'aside') await ops.rename(step.backup, step.target);
      else await ops.rmdir(step.dir);
    } catch {
      if (step.kind !== 'mkdir') unrestored.push(step.target);
    }
  }
  return unrestored;
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { diskHash } from '../atomic-save.js';
import { resolveInside } from '../confine.js';

/**
 * The journal of an import's commit, and what the next start does with one left behind.
 *
 * A commit stages every new text in `.variant-studio-import-*` (inside the workspace), then
 * writes journal.json there — for each file: where its new text is staged, where its old one
 * goes, and the hash of both — and only then starts renaming. If the process is killed
 * during the renames, the journal says what was meant. When the workspace is opened next,
 * each file is found in one of three states: still as before, already as after, or changed
 * by someone since. If nothing was changed since, the import is finished; otherwise (or when
 * the commit was already failing) it is rolled back. Either way the user is told which.
 */

export const STAGING_PREFIX = '.variant-studio-import-';
export const JOURNAL_FILE = 'journal.json';
const OWNER_FILE = 'owner.json';
/** A staging folder without a journal younger than this may belong to a commit in progress elsewhere. */
const FRESH_STAGING_MS = 60_000;

const Hash = z.string().regex(/^[0-9a-f]{64}$/);
const Staged = z.string().regex(/^(?:new|old|deleted)-\d+$/);

const JournalSchema = z
  .object({
    version: z.literal(1),
    /** committing: may be finished; rolling-back: the commit failed and was being undone. */
    state: z.enum(['committing', 'rolling-back']),
    writes: z.array(z.object({ rel: z.string(), staged: Staged, backup: Staged, before: Hash.nullable(), after: Hash }).strict()),
    deletes: z.array(z.object({ rel: z.string(), backup: Staged, before: Hash.nullable() }).strict()),
    /** Folders the commit creates (workspace-relative, parents first). */
    dirs: z.array(z.string()),
  })
  .strict();
export type ImportJournal = z.infer<typeof JournalSchema>;

const OwnerSchema = z.object({ pid: z.number().int(), host: z.string() }).strict();

/** Written first into a new staging folder: which process is committing. */
export function ownerText(): string {
  return `${JSON.stringify({ pid: process.pid, host: os.hostname() })}\n`;
}

export function journalText(journal: ImportJournal): string {
  return `${JSON.stringify(journal, null, 1)}\n`;
}

/** Makes a rename inside the folder durable (where the filesystem can). */
export function syncFolder(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // not every filesystem syncs folders
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

function readJson<T>(file: string, schema: z.ZodType<T>): T | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Another process on this machine is committing into this staging folder right now. */
function inProgress(staging: string): boolean {
  const owner = readJson(path.join(staging, OWNER_FILE), OwnerSchema);
  if (owner) return owner.host === os.hostname() && owner.pid !== process.pid && alive(owner.pid);
  try {
    return Date.now() - fs.statSync(staging).mtimeMs < FRESH_STAGING_MS;
  } catch {
    return false;
  }
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
const INTERRUPTED = 'An import into this workspace was interrupted (the app stopped while writing its files).';

/**
 * Finishes or rolls back every import commit a killed process left in the workspace folder
 * (real path); returns what it did, one sentence each, for the user.
 */
export function recoverInterruptedImports(realRoot: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(realRoot).filter((n) => n.startsWith(STAGING_PREFIX));
  } catch {
    return [];
  }
  const messages: string[] = [];
  for (const name of names.sort()) {
    const staging = path.join(realRoot, name);
    try {
      if (!fs.lstatSync(staging).isDirectory() || inProgress(staging)) continue;
      const journalFile = path.join(staging, JOURNAL_FILE);
      const journal = readJson(journalFile, JournalSchema);
      if (!journal && fs.existsSync(journalFile)) {
        messages.push(
          `${INTERRUPTED} Its journal cannot be read, so it was left as it is: the earlier versions of the files it replaced are in ${name}.`,
        );
        continue;
      }
      if (!journal) {
        // Killed while staging: no workspace file was touched yet.
        fs.rmSync(staging, { recursive: true, force: true });
        messages.push(
          `An import into this workspace was interrupted before it changed any file; it was rolled back (its leftover folder ${name} was removed).`,
        );
        continue;
      }
      messages.push(recover(realRoot, staging, name, journal));
    } catch (error) {
      messages.push(
        `${INTERRUPTED} It could not be finished or rolled back (${error instanceof Error ? error.message : String(error)}); its files are in ${name}.`,
      );
    }
  }
  return messages;
}

type WriteState = 'before' | 'aside' | 'after' | 'changed';

function recover(realRoot: string, staging: string, name: string, journal: ImportJournal): string {
  const inStaging = (file: string): string => path.join(staging, file);
  const hashOf = (file: string): string | null => diskHash(file);
  const writes = journal.writes.map((w) => {
    const target = resolveInside(realRoot, w.rel);
    const now = hashOf(target);
    const staged = hashOf(inStaging(w.staged));
    const backup = hashOf(inStaging(w.backup));
    let state: WriteState;
    if (now === w.after) state = 'after';
    else if (now !== null && now === w.before) state = 'before';
    else if (now === null && (w.before === null || backup === w.before)) state = w.before === null ? 'before' : 'aside';
    else state = 'changed';
    return { ...w, target, state, stagedOk: staged === w.after, backupOk: w.before !== null && backup === w.before };
  });
  const deletes = journal.deletes.map((d) => {
    const target = resolveInside(realRoot, d.rel);
    const now = hashOf(target);
    const backupOk = d.before !== null && hashOf(inStaging(d.backup)) === d.before;
    const state: 'before' | 'after' | 'changed' =
      d.before === null
        ? now === null
          ? 'after'
          : 'changed'
        : now === d.before
          ? 'before'
          : now === null && backupOk
            ? 'after'
            : 'changed';
    return { ...d, target, state, backupOk };
  });
  const changed = [...writes, ...deletes].filter((e) => e.state === 'changed').map((e) => e.rel);
  const canFinish = journal.state === 'committing' && changed.length === 0 && writes.every((w) => w.state === 'after' || w.stagedOk);

  if (canFinish) {
    for (const dir of journal.dirs) fs.mkdirSync(resolveInside(realRoot, dir), { recursive: true });
    for (const w of writes) {
      if (w.state === 'after') continue;
      if (w.state === 'before' && w.before !== null) fs.renameSync(w.target, inStaging(w.backup));
      fs.renameSync(inStaging(w.staged), w.target);
    }
    for (const d of deletes) if (d.state === 'before') fs.renameSync(d.target, inStaging(d.backup));
    fs.rmSync(staging, { recursive: true, force: true });
    return `${INTERRUPTED} It was finished at this start: ${plural(writes.length, 'file')} written, ${deletes.length} removed.`;
  }

  const unrestored: string[] = [];
  for (const w of [...writes].reverse()) {
    if (w.state === 'after' || w.state === 'aside') {
      if (w.before === null) fs.rmSync(w.target, { force: true });
      else if (w.backupOk) fs.renameSync(inStaging(w.backup), w.target);
      else unrestored.push(w.rel);
    }
  }
  for (const d of deletes) {
    if (d.state !== 'after' || d.before === null) continue;
    if (d.backupOk) fs.renameSync(inStaging(d.backup), d.target);
    else unrestored.push(d.rel);
  }
  for (const dir of [...journal.dirs].reverse()) {
    try {
      fs.rmdirSync(resolveInside(realRoot, dir));
    } catch {
      // not empty (someone put files there) or gone: left as it is
    }
  }
  const left =
    changed.length > 0
      ? `; ${changed.join(', ')} changed since the interruption and ${changed.length === 1 ? 'was' : 'were'} left as ${changed.length === 1 ? 'it is' : 'they are'}`
      : '';
  if (unrestored.length > 0)
    return `${INTERRUPTED} It was rolled back at this start, but ${plural(unrestored.length, 'file')} could not be restored (${unrestored.join(', ')}); the earlier versions are kept in ${name}${left}.`;
  fs.rmSync(staging, { recursive: true, force: true });
  return `${INTERRUPTED} It was rolled back at this start: the files it had replaced are as they were before the import${left}.`;
}

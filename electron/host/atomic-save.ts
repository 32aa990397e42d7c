import { createHash, randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import writeFileAtomic from 'write-file-atomic';
import { readTextFile } from './text-file.js';

/**
 * Saving without ever leaving a half-written file: the text goes to a temporary file next to
 * the target (`<target>.<digits>`, the shape write-file-atomic uses, so a kill's leftover is
 * recognised), is fsynced, and renamed over the target (a rename is atomic on one
 * filesystem), so a crash or kill at any moment leaves the old or the new content.
 *
 * The file on disk is compared with what the caller loaded (by content hash) before writing
 * and again right before the rename: if someone else changed it meanwhile — also while the
 * temporary file was being written — nothing is replaced and the caller gets a conflict with
 * the text now on disk. (What remains is the moment between that last check and the rename.)
 */

export type AtomicSaveResult = { status: 'saved'; hash: string } | { status: 'conflict'; diskText: string | null; diskHash: string | null };

/** The hash of a file's bytes, or null when it does not exist. */
export function diskHash(absolute: string): string | null {
  try {
    return createHash('sha256').update(fs.readFileSync(absolute)).digest('hex');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw error;
  }
}

const queues = new Map<string, Promise<unknown>>();

/** Runs saves of one path one after the other (check and write must not interleave). */
function serialized<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const next = previous.then(task, task);
  const settled = next.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return next;
}

/**
 * Writes `text` to `absolute` atomically.
 * @param expectedHash the content hash the caller last saw on disk: a string (the file must
 *   still have it), null (the file must not exist yet) or undefined (overwrite whatever is there).
 */
export function saveTextAtomic(absolute: string, text: string, expectedHash: string | null | undefined): Promise<AtomicSaveResult> {
  return serialized(absolute, async () => {
    const changed = (): AtomicSaveResult | undefined => {
      if (expectedHash === undefined) return undefined;
      const current = diskHash(absolute);
      if (current === expectedHash) return undefined;
      const read = current === null ? undefined : readTextFile(absolute);
      return { status: 'conflict', diskText: read?.kind === 'text' ? read.text : null, diskHash: current };
    };
    const before = changed();
    if (before) return before;
    await fs.promises.mkdir(path.dirname(absolute), { recursive: true });
    const target = await fs.promises.realpath(absolute).catch(() => absolute);
    const temp = `${target}.${randomInt(10_000, 2 ** 32)}`;
    await writeSynced(temp, text, await modeOf(target));
    try {
      const during = changed();
      if (during) {
        await fs.promises.unlink(temp);
        return during;
      }
      await fs.promises.rename(temp, target);
    } catch (error) {
      await fs.promises.unlink(temp).catch(() => undefined);
      throw error;
    }
    return { status: 'saved', hash: createHash('sha256').update(text, 'utf8').digest('hex') };
  });
}

/** The permission bits of an existing file (kept by a save), or undefined for a new one. */
async function modeOf(file: string): Promise<number | undefined> {
  try {
    return (await fs.promises.stat(file)).mode & 0o7777;
  } catch {
    return undefined;
  }
}

/** Writes a new file and fsyncs it (callback fs, as write-file-atomic does). */
async function writeSynced(file: string, text: string, mode: number | undefined): Promise<void> {
  const fd = await promisify(fs.open)(file, 'wx', mode ?? 0o666);
  try {
    await promisify(fs.writeFile)(fd, text, 'utf8');
    await promisify(fs.fsync)(fd);
  } finally {
    await promisify(fs.close)(fd);
  }
}

export type CheckedDeleteResult = { status: 'deleted' } | { status: 'conflict'; diskText: string | null; diskHash: string | null };

/** Deletes a file unless it changed on disk since the caller loaded it (same rules as saveTextAtomic). */
export function deleteChecked(absolute: string, expectedHash: string | null | undefined): Promise<CheckedDeleteResult> {
  return serialized(absolute, async () => {
    const current = diskHash(absolute);
    if (expectedHash !== undefined && current !== expectedHash) {
      const read = current === null ? undefined : readTextFile(absolute);
      return { status: 'conflict', diskText: read?.kind === 'text' ? read.text : null, diskHash: current };
    }
    if (current !== null) await fs.promises.unlink(absolute);
    return { status: 'deleted' };
  });
}

/**
 * The temporary file a save writes first is `<target>.<decimal number>` (write-file-atomic);
 * a kill mid-save leaves it behind. Recognised by that shape on a document file name
 * (`.md`, `.yaml`, `.yml`, `.json`, `.txt` followed by 5 to 10 digits).
 */
const ATOMIC_TEMP_NAME = /^.+\.(?:md|ya?ml|json|txt)\.\d{5,10}$/i;

export function isAtomicTempName(name: string): boolean {
  return ATOMIC_TEMP_NAME.test(name);
}

/** Synchronous atomic write for small host files (settings, drafts on exit). */
export function writeFileAtomicSync(absolute: string, text: string): void {
  fs.mkdirSync(path.dirname(absolute), { recursive: true });
  writeFileAtomic.sync(absolute, text, { encoding: 'utf8', fsync: true });
}

/** Asynchronous atomic write for small host files. */
export async function writeFileAtomicAsync(absolute: string, text: string): Promise<void> {
  await fs.promises.mkdir(path.dirname(absolute), { recursive: true });
  await writeFileAtomic(absolute, text, { encoding: 'utf8', fsync: true });
}

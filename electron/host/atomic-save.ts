import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { readTextFile } from './text-file.js';

/**
 * Saving without ever leaving a half-written file: write-file-atomic writes a temporary file
 * next to the target, fsyncs it and renames it over the target (a rename is atomic on one
 * filesystem), so a crash or kill at any moment leaves the old or the new content.
 *
 * Before writing, the file on disk is compared with what the caller loaded (by content
 * hash); if someone else changed it meanwhile nothing is written and the caller gets a
 * conflict with the text now on disk.
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
    if (expectedHash !== undefined) {
      const current = diskHash(absolute);
      if (current !== expectedHash) {
        const read = current === null ? undefined : readTextFile(absolute);
        return { status: 'conflict', diskText: read?.kind === 'text' ? read.text : null, diskHash: current };
      }
    }
    await fs.promises.mkdir(path.dirname(absolute), { recursive: true });
    await writeFileAtomic(absolute, text, { encoding: 'utf8', fsync: true });
    return { status: 'saved', hash: createHash('sha256').update(text, 'utf8').digest('hex') };
  });
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

import fs from 'node:fs';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { resolveInside } from '../confine.js';

/** Writes bytes to a file the user chose, atomically (a temporary file renamed over it). */
export async function writeBytesAtomic(file: string, bytes: Uint8Array): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { fsync: true });
}

/**
 * Writes export files (relative path -> text) into a folder, creating it; each file atomically,
 * each path confined to the folder. Files of the same names are replaced; others are left alone.
 */
export async function writeOutputFolder(dir: string, files: ReadonlyMap<string, string>): Promise<string[]> {
  await fs.promises.mkdir(dir, { recursive: true });
  const real = await fs.promises.realpath(dir);
  const written: string[] = [];
  for (const [rel, text] of files) {
    const target = resolveInside(real, rel);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await writeFileAtomic(target, text, { encoding: 'utf8', fsync: true });
    written.push(rel);
  }
  return written;
}

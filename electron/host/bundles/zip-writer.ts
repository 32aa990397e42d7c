import { Zip, ZipDeflate } from 'fflate';

/**
 * Deterministic zip archives: entries sorted by name, one fixed timestamp, fixed attributes
 * (regular files, mode 644) and one compression level, so the same files always give the same
 * bytes — a bundle can be committed and hashed.
 */

/**
 * 1980-01-01 00:00:00, the earliest DOS time. Built from local-time fields, at each use, on
 * purpose: the zip format stores local time and fflate reads the Date's local fields, so this
 * gives the same bytes in every time zone.
 */
export function zipTimestamp(): Date {
  return new Date(1980, 0, 1, 0, 0, 0);
}
const UNIX = 3;
const REGULAR_FILE_644 = (0o100644 << 16) >>> 0;
const LEVEL = 6;

export type ZipProgress = (done: number, total: number) => void;

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Zips `files` (name -> bytes); reports progress per file and yields to the event loop between batches. */
export async function writeZip(files: ReadonlyMap<string, Uint8Array>, onProgress?: ZipProgress): Promise<Uint8Array> {
  const names = [...files.keys()].sort(compareNames);
  const chunks: Uint8Array[] = [];
  let failure: Error | undefined;
  let finished = false;
  const zip = new Zip((error, data, final) => {
    if (error) failure = error;
    else chunks.push(data);
    if (final) finished = true;
  });
  const mtime = zipTimestamp();
  let pendingBytes = 0;
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    const bytes = files.get(name)!;
    const entry = new ZipDeflate(name, { level: LEVEL });
    entry.mtime = mtime;
    entry.os = UNIX;
    entry.attrs = REGULAR_FILE_644;
    zip.add(entry);
    entry.push(bytes, true);
    if (failure) throw failure;
    pendingBytes += bytes.length;
    if (pendingBytes > 512 * 1024 || i === names.length - 1) {
      pendingBytes = 0;
      onProgress?.(i + 1, names.length);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  zip.end();
  if (failure) throw failure;
  if (!finished) throw new Error('the zip archive did not finish');
  const total = chunks.reduce((n, c) => n + c.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}

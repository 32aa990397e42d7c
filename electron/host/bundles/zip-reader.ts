import { Inflate } from 'fflate';
import { BUNDLE_LIMITS, type BundleLimits } from '../../../shared/bundle/limits.js';
import { BundleRejected } from '../../../shared/bundle/rejection.js';

/**
 * Reads a zip archive that may have been built to hurt: the central directory is read and
 * checked first (entry count, declared sizes and ratios, names, types, overlaps), then each
 * entry is inflated in small steps with its output counted as it comes, so a lying header or
 * a zip bomb is stopped after a bounded amount of work — never inflated whole.
 *
 * fflate inflates; the directory is read here because fflate's readers do not expose what
 * must be checked (external attributes for symlinks and devices, duplicate names, offsets).
 */

export interface ZipEntry {
  /** The name as stored (UTF-8). */
  name: string;
  isDirectory: boolean;
  method: number;
  compressedSize: number;
  size: number;
  /** Where the compressed data starts. */
  dataStart: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** Compressed bytes handed to the inflater per step: bounds what one step can produce (deflate tops out near 1032:1). */
const STEP = 4096;

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;

const names = new TextDecoder('utf-8', { fatal: true });

function u16(b: Uint8Array, at: number): number {
  return b[at]! | (b[at + 1]! << 8);
}

function u32(b: Uint8Array, at: number): number {
  return (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
}

function mb(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

function findEndOfDirectory(bytes: Uint8Array): number {
  if (bytes.length < 22) throw new BundleRejected(null, 'is not a zip archive (too short)');
  const last = bytes.length - 22;
  const first = Math.max(0, last - 0xffff);
  for (let at = last; at >= first; at--) if (u32(bytes, at) === EOCD && at + 22 + u16(bytes, at + 20) <= bytes.length) return at;
  throw new BundleRejected(null, 'is not a zip archive (no end of central directory)');
}

function entryType(versionMadeBy: number, external: number, name: string): 'file' | 'directory' | 'symlink' | 'special' {
  const os = versionMadeBy >> 8;
  if (os === 3 || os === 19) {
    const type = (external >>> 16) & S_IFMT;
    if (type === S_IFLNK) return 'symlink';
    if (type === S_IFDIR) return 'directory';
    if (type !== 0 && type !== S_IFREG) return 'special';
  }
  if ((external & 0x10) !== 0 || name.endsWith('/')) return 'directory';
  return 'file';
}

/** Lists and checks the entries of an archive; nothing is inflated yet. */
export function listZipEntries(bytes: Uint8Array, limits: BundleLimits = BUNDLE_LIMITS): ZipEntry[] {
  if (bytes.length > limits.maxArchiveBytes) throw new BundleRejected(null, `is larger than ${mb(limits.maxArchiveBytes)}`);
  const end = findEndOfDirectory(bytes);
  const disk = u16(bytes, end + 4);
  const directoryDisk = u16(bytes, end + 6);
  const onDisk = u16(bytes, end + 8);
  const count = u16(bytes, end + 10);
  const directorySize = u32(bytes, end + 12);
  const directoryOffset = u32(bytes, end + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff || directorySize === 0xffffffff)
    throw new BundleRejected(null, 'is a ZIP64 archive, which bundles never are');
  if (disk !== 0 || directoryDisk !== 0 || onDisk !== count) throw new BundleRejected(null, 'is a multi-part archive');
  if (count > limits.maxEntries)
    throw new BundleRejected(null, `has ${count} entries, more than ${limits.maxEntries.toLocaleString('en')}`);
  if (directoryOffset + directorySize > end) throw new BundleRejected(null, 'has a central directory outside the archive');

  const entries: ZipEntry[] = [];
  const ranges: { start: number; end: number; name: string }[] = [];
  const seen = new Set<string>();
  let declaredTotal = 0;
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || u32(bytes, at) !== CENTRAL) throw new BundleRejected(null, 'has a damaged central directory');
    const versionMadeBy = u16(bytes, at + 4);
    const flags = u16(bytes, at + 8);
    const method = u16(bytes, at + 10);
    const compressedSize = u32(bytes, at + 20);
    const size = u32(bytes, at + 24);
    const nameLength = u16(bytes, at + 28);
    const extraLength = u16(bytes, at + 30);
    const commentLength = u16(bytes, at + 32);
    const external = u32(bytes, at + 38);
    const localOffset = u32(bytes, at + 42);
    if (at + 46 + nameLength > end) throw new BundleRejected(null, 'has a damaged central directory');
    const rawName = bytes.subarray(at + 46, at + 46 + nameLength);
    let name: string;
    try {
      name = names.decode(rawName);
    } catch {
      throw new BundleRejected(`#${i + 1}`, 'has a name that is not UTF-8');
    }
    at += 46 + nameLength + extraLength + commentLength;

    if (seen.has(name)) throw new BundleRejected(name, 'appears twice in the archive (duplicate entry)');
    seen.add(name);
    const type = entryType(versionMadeBy, external, name);
    if (type === 'symlink') throw new BundleRejected(name, 'is a symbolic link; bundles hold only files');
    if (type === 'special') throw new BundleRejected(name, 'is a device or other special file; bundles hold only files');
    if ((flags & 0x41) !== 0) throw new BundleRejected(name, 'is encrypted');
    if (method !== 0 && method !== 8)
      throw new BundleRejected(name, `uses compression method ${method} (only stored and deflate are read)`);
    if (type === 'directory' && size !== 0) throw new BundleRejected(name, 'is a folder entry with content');

    declaredTotal += size;
    if (declaredTotal > limits.maxUncompressedBytes)
      throw new BundleRejected(name, `brings the bundle past ${mb(limits.maxUncompressedBytes)} uncompressed`);
    if (size > limits.maxCompressionRatio * Math.max(compressedSize, limits.ratioFloorBytes))
      throw new BundleRejected(name, `declares a compression ratio beyond ${limits.maxCompressionRatio}:1`);
    if (method === 0 && compressedSize !== size) throw new BundleRejected(name, 'is stored uncompressed but its sizes differ');

    if (localOffset + 30 > directoryOffset || u32(bytes, localOffset) !== LOCAL)
      throw new BundleRejected(name, 'has no local header where the central directory says');
    const localNameLength = u16(bytes, localOffset + 26);
    const localExtraLength = u16(bytes, localOffset + 28);
    const localName = bytes.subarray(localOffset + 30, localOffset + 30 + localNameLength);
    if (localName.length !== rawName.length || !localName.every((b, k) => b === rawName[k]))
      throw new BundleRejected(name, 'has a different name in its local header');
    const dataStart = localOffset + 30 + localNameLength + localExtraLength;
    if (dataStart + compressedSize > directoryOffset) throw new BundleRejected(name, 'has data outside the archive');
    ranges.push({ start: localOffset, end: dataStart + compressedSize, name });
    entries.push({ name, isDirectory: type === 'directory', method, compressedSize, size, dataStart });
  }
  ranges.sort((a, b) => a.start - b.start);
  for (let i = 1; i < ranges.length; i++)
    if (ranges[i]!.start < ranges[i - 1]!.end) throw new BundleRejected(ranges[i]!.name, 'overlaps another entry');
  return entries;
}

/** Counts what is inflated across entries, against the bundle's total limit. */
export class InflateBudget {
  /** Bytes produced so far, over all entries. */
  produced = 0;
  constructor(readonly limits: BundleLimits = BUNDLE_LIMITS) {}
}

/**
 * Inflates one entry, STEP compressed bytes at a time, and stops as soon as the output passes
 * its declared size, the ratio limit or the bundle's total: a bomb costs at most about one
 * step of output beyond a limit.
 */
export function inflateEntry(bytes: Uint8Array, entry: ZipEntry, budget: InflateBudget): Uint8Array {
  const data = bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  const { limits } = budget;
  const ratioCap = limits.maxCompressionRatio * Math.max(entry.compressedSize, limits.ratioFloorBytes);
  const check = (produced: number): void => {
    if (produced > entry.size)
      throw new BundleRejected(entry.name, `inflates to more than its declared ${entry.size} bytes (size mismatch)`);
    if (produced > ratioCap) throw new BundleRejected(entry.name, `inflates beyond a compression ratio of ${limits.maxCompressionRatio}:1`);
    if (budget.produced > limits.maxUncompressedBytes)
      throw new BundleRejected(entry.name, `brings the bundle past ${mb(limits.maxUncompressedBytes)} uncompressed`);
  };
  if (entry.method === 0) {
    budget.produced += data.length;
    check(data.length);
    return data.slice();
  }
  const out = new Uint8Array(entry.size);
  let produced = 0;
  const inflater = new Inflate((chunk) => {
    budget.produced += chunk.length;
    check(produced + chunk.length);
    out.set(chunk, produced);
    produced += chunk.length;
  });
  try {
    for (let offset = 0; offset < data.length; offset += STEP) {
      inflater.push(data.subarray(offset, offset + STEP), offset + STEP >= data.length);
    }
    if (data.length === 0) inflater.push(new Uint8Array(0), true);
  } catch (error) {
    if (error instanceof BundleRejected) throw error;
    throw new BundleRejected(entry.name, `is not valid deflate data (${error instanceof Error ? error.message : String(error)})`);
  }
  if (produced !== entry.size)
    throw new BundleRejected(entry.name, `inflates to ${produced} bytes, not the declared ${entry.size} (size mismatch)`);
  return out;
}

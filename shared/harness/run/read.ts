import { classifyBytes } from '../../stack/bytes.js';
import { isNotGranted } from '../../stack/confined-fs.js';
import { fsErrorCode, fsErrorText, type InstructionFs } from '../../stack/instruction-fs.js';
import type { HarnessFileReport, HarnessFileStatus, HarnessReadProblem } from '../result.js';
import { decodeUtf8Lossy } from '../text/utf8-lossy.js';

/**
 * The one read every loader uses: what is at a path, and its text, with the real reason when
 * it cannot be had — missing, not a file, permission, too large, not UTF-8, not granted, or
 * another error. A file is examined (stat) before it is read, so a folder, a FIFO or a file
 * over the size cap is never opened, and the read itself asks for at most the cap.
 */

/**
 * The cap on one instruction file for harnesses that have no limit of their own (docs/harnesses.md,
 * "Limits of the engine"): a larger file is reported as skipped, too large, and not read.
 */
export const MAX_INSTRUCTION_FILE_BYTES = 8 * 1024 * 1024;

/** How a file's bytes become text. */
export type Decoding =
  /** Invalid bytes become U+FFFD; a BOM stays as U+FEFF. */
  | 'lossy'
  /** As lossy, but a leading BOM is dropped. */
  | 'lossy-strip-bom'
  /** As lossy, but a NUL byte makes it binary (not read). */
  | 'lossy-no-nul'
  /** Invalid UTF-8 or a NUL byte: not text (binary); a BOM is dropped. */
  | 'strict';

export type Probe =
  | { kind: 'file' | 'directory' | 'other'; size: number; id?: string | undefined }
  | { kind: 'missing' }
  | { kind: 'error'; problem: Extract<HarnessReadProblem, 'permission' | 'not-granted' | 'error'>; code: string; reason: string };

export type ReadOutcome =
  | { ok: true; bytes: Uint8Array; text: string; size: number }
  | {
      ok: false;
      problem: HarnessReadProblem;
      reason: string;
      /** The filesystem's error code, when an error was thrown (ENOENT, EACCES, ...). */
      code?: string | undefined;
      size?: number | undefined;
      limit?: number | undefined;
    };

export interface ReadOptions {
  decoding: Decoding;
  /** Bytes at most; larger files are `too-large` and not read (default MAX_INSTRUCTION_FILE_BYTES). */
  maxBytes?: number | undefined;
}

const PERMISSION = new Set(['EACCES', 'EPERM']);

function problemOf(error: unknown): Extract<HarnessReadProblem, 'permission' | 'not-granted' | 'error'> {
  if (isNotGranted(error)) return 'not-granted';
  return PERMISSION.has(fsErrorCode(error)) ? 'permission' : 'error';
}

/** Why a path was refused or failed, in words (the confined filesystem's own message when it refused). */
function errorReason(error: unknown, doing: 'examine' | 'read'): string {
  if (isNotGranted(error)) return error instanceof Error && error.message ? error.message : 'not read: outside the granted folders';
  return `cannot ${doing} it (${fsErrorText(error)})`;
}

/** What is at a path (following symlinks); never throws. */
export async function probe(fs: InstructionFs, path: string): Promise<Probe> {
  try {
    const st = await fs.stat(path);
    if (st === undefined) return { kind: 'missing' };
    return st;
  } catch (error) {
    return { kind: 'error', problem: problemOf(error), code: fsErrorCode(error), reason: errorReason(error, 'examine') };
  }
}

/** The reason a probe that is not a file gives. */
export function notAFileReason(p: Exclude<Probe, { kind: 'file' }>): string {
  if (p.kind === 'missing') return 'no such file';
  if (p.kind === 'error') return p.reason;
  return p.kind === 'directory' ? 'a folder has this name' : 'not a regular file';
}

/** A probe that found no file, as a failed read. */
export function probeFailure(p: Exclude<Probe, { kind: 'file' }>): Extract<ReadOutcome, { ok: false }> {
  const problem: HarnessReadProblem = p.kind === 'missing' ? 'missing' : p.kind === 'error' ? p.problem : 'not-a-file';
  return { ok: false, problem, reason: notAFileReason(p), code: p.kind === 'error' ? p.code : undefined };
}

export function decodeAs(decoding: Decoding, bytes: Uint8Array): { text: string } | { binary: string } {
  if (decoding === 'strict') {
    const c = classifyBytes(bytes);
    return c.kind === 'text' ? { text: c.text } : { binary: c.reason };
  }
  if (decoding === 'lossy-no-nul' && bytes.includes(0)) return { binary: 'it contains NUL bytes' };
  return { text: decodeUtf8Lossy(bytes, { stripBom: decoding === 'lossy-strip-bom' }) };
}

export interface ByteReadOptions {
  /** Bytes at most; larger files are `too-large` and not read (default MAX_INSTRUCTION_FILE_BYTES). */
  maxBytes?: number | undefined;
  /** Read only the first bytes (a budget that cuts the file): `size` still says how large it is. */
  prefixBytes?: number | undefined;
  /** The probe already made of this path. */
  known?: Probe | undefined;
}

/** The bytes of a file examined first (it must be a regular file within the cap); never throws. */
export async function readBytes(
  fs: InstructionFs,
  path: string,
  options: ByteReadOptions = {},
): Promise<{ ok: true; bytes: Uint8Array; size: number } | Extract<ReadOutcome, { ok: false }>> {
  const maxBytes = options.maxBytes ?? MAX_INSTRUCTION_FILE_BYTES;
  const st = options.known ?? (await probe(fs, path));
  if (st.kind !== 'file') return probeFailure(st);
  if (st.size > maxBytes) return tooLarge(st.size, maxBytes);
  const prefix = options.prefixBytes !== undefined && options.prefixBytes <= maxBytes;
  let bytes: Uint8Array;
  try {
    // One byte more than the cap tells a file that grew since it was examined.
    bytes = await fs.readFile(path, { maxBytes: prefix ? options.prefixBytes : maxBytes + 1 });
  } catch (error) {
    const code = fsErrorCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, problem: 'missing', code, reason: 'gone before it was read' };
    if (code === 'EISDIR') return { ok: false, problem: 'not-a-file', code, reason: 'a folder has this name' };
    return { ok: false, problem: problemOf(error), code, reason: errorReason(error, 'read') };
  }
  if (prefix) {
    // A filesystem that ignores maxBytes still gives only the prefix.
    const head = bytes.length > (options.prefixBytes as number) ? bytes.subarray(0, options.prefixBytes) : bytes;
    return { ok: true, bytes: head, size: Math.max(st.size, bytes.length) };
  }
  if (bytes.length > maxBytes) return tooLarge(bytes.length, maxBytes);
  return { ok: true, bytes, size: bytes.length };
}

function tooLarge(size: number, limit: number): Extract<ReadOutcome, { ok: false }> {
  return { ok: false, problem: 'too-large', reason: `too large: ${size} bytes, over the ${limit}-byte limit (not read)`, size, limit };
}

/** Reads and decodes a file examined first; never throws. */
export async function readText(fs: InstructionFs, path: string, options: ReadOptions, known?: Probe): Promise<ReadOutcome> {
  const read = await readBytes(fs, path, { maxBytes: options.maxBytes, known });
  if (!read.ok) return read;
  const decoded = decodeAs(options.decoding, read.bytes);
  if ('binary' in decoded) return { ok: false, problem: 'not-utf8', reason: `binary: ${decoded.binary}`, size: read.size };
  return { ok: true, bytes: read.bytes, text: decoded.text, size: read.size };
}

/** The status a report gets for a read that failed. */
export function statusOfProblem(problem: HarnessReadProblem): HarnessFileStatus {
  switch (problem) {
    case 'missing':
    case 'not-a-file':
      return 'missing';
    case 'permission':
    case 'error':
      return 'unreadable';
    case 'not-granted':
      return 'not-granted';
    case 'too-large':
    case 'not-utf8':
      return 'skipped';
  }
}

/** Records a failed read on a report: status, reason, the problem, the size and the limit that dropped it. */
export function markUnread(
  report: HarnessFileReport,
  read: Extract<ReadOutcome, { ok: false }>,
  reason: string = read.reason,
): HarnessFileReport {
  report.status = statusOfProblem(read.problem);
  report.reason = reason;
  report.readProblem = read.problem;
  report.placement = undefined;
  report.text = undefined;
  if (read.size !== undefined) report.bytes = read.size;
  if (read.problem === 'too-large' && read.limit !== undefined) report.limit = { bytes: read.limit, effect: 'dropped' };
  return report;
}

/** A report of a file that could not be read, ready for RunRecorder.file. */
export function unreadReport(
  base: Omit<HarnessFileReport, 'status' | 'reason'>,
  read: Extract<ReadOutcome, { ok: false }>,
  reason?: string,
): HarnessFileReport {
  return markUnread({ ...base, status: 'missing', reason: '' }, read, reason);
}

/** Whether a path is a symlink itself (false when the filesystem cannot tell). */
export async function isSymlink(fs: InstructionFs, path: string): Promise<boolean> {
  if (!fs.lstat) return false;
  try {
    return (await fs.lstat(path))?.kind === 'symlink';
  } catch {
    return false;
  }
}

/** The real path, or undefined when it cannot be resolved. */
export async function realPathOf(fs: InstructionFs, path: string): Promise<string | undefined> {
  try {
    return await fs.realpath(path);
  } catch {
    return undefined;
  }
}

/** The file's identity: the filesystem's id when it gives one, else its real path. */
export async function identityOf(fs: InstructionFs, path: string): Promise<string | undefined> {
  const st = await probe(fs, path);
  if ('id' in st && st.id !== undefined) return st.id;
  // Nothing there has no identity (and asking for its real path would only fail).
  if (st.kind === 'missing') return undefined;
  return realPathOf(fs, path);
}

/** 1-based line and column of a UTF-16 offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

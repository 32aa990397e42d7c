import { decodeUtf8 } from '../../stack/bytes.js';
import { fsErrorCode, fsErrorText, type InstructionFs } from '../../stack/instruction-fs.js';
import { decodeUtf8Lossy } from '../text/utf8-lossy.js';

/** How a file's bytes become text. */
export type Decoding =
  /** Invalid bytes become U+FFFD; a BOM stays as U+FEFF. */
  | 'lossy'
  /** As lossy, but a leading BOM is dropped. */
  | 'lossy-strip-bom'
  /** Invalid UTF-8 or a NUL byte: not text (binary); a BOM is dropped. */
  | 'strict';

export type ReadOutcome =
  | { ok: true; bytes: Uint8Array; text: string }
  | { ok: false; kind: 'missing' | 'unreadable' | 'binary' | 'directory'; code: string; reason: string };

export function decodeAs(decoding: Decoding, bytes: Uint8Array): string | undefined {
  if (decoding === 'strict') return bytes.includes(0) ? undefined : decodeUtf8(bytes);
  return decodeUtf8Lossy(bytes, { stripBom: decoding === 'lossy-strip-bom' });
}

/** Reads and decodes a file; never throws. */
export async function readText(fs: InstructionFs, path: string, decoding: Decoding): Promise<ReadOutcome> {
  let bytes: Uint8Array;
  try {
    bytes = await fs.readFile(path);
  } catch (error) {
    const code = fsErrorCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, kind: 'missing', code, reason: 'no such file' };
    if (code === 'EISDIR') return { ok: false, kind: 'directory', code, reason: 'a folder has this name' };
    return { ok: false, kind: 'unreadable', code, reason: `cannot read it (${fsErrorText(error)})` };
  }
  const text = decodeAs(decoding, bytes);
  if (text === undefined) return { ok: false, kind: 'binary', code: 'EBINARY', reason: 'binary: a NUL byte or invalid UTF-8' };
  return { ok: true, bytes, text };
}

export type Probe =
  { kind: 'file' | 'directory' | 'other'; size: number; id?: string | undefined } | { kind: 'missing' } | { kind: 'error'; reason: string };

/** What is at a path (following symlinks); never throws. */
export async function probe(fs: InstructionFs, path: string): Promise<Probe> {
  try {
    const st = await fs.stat(path);
    if (st === undefined) return { kind: 'missing' };
    return st;
  } catch (error) {
    return { kind: 'error', reason: fsErrorText(error) };
  }
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
  return realPathOf(fs, path);
}

/** 1-based line and column of a UTF-16 offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

import fs from 'node:fs';

/** Largest file the host loads as a document. */
export const MAX_TEXT_FILE_BYTES = 2 * 1024 * 1024;

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export type TextRead = { kind: 'text'; text: string } | { kind: 'missing' } | { kind: 'skipped'; reason: string };

/** Reads a UTF-8 text file (no BOM handling beyond keeping it); binary, huge or unreadable files are skipped. */
export function readTextFile(absolute: string): TextRead {
  let bytes: Buffer;
  try {
    const stat = fs.statSync(absolute);
    if (!stat.isFile()) return { kind: 'skipped', reason: 'not a file' };
    if (stat.size > MAX_TEXT_FILE_BYTES) return { kind: 'skipped', reason: `larger than ${MAX_TEXT_FILE_BYTES} bytes` };
    bytes = fs.readFileSync(absolute);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
    return { kind: 'skipped', reason: code ?? 'unreadable' };
  }
  if (bytes.subarray(0, 8192).includes(0)) return { kind: 'skipped', reason: 'binary' };
  try {
    return { kind: 'text', text: decoder.decode(bytes) };
  } catch {
    return { kind: 'skipped', reason: 'not UTF-8' };
  }
}

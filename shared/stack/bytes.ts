import { base64Decode, utf8DecodeStrict, utf8Encode } from '../platform/text-codec.js';

/** Byte helpers for instruction files, over the platform's TextDecoder / TextEncoder / atob. */

/** Decodes UTF-8; undefined when the bytes are not valid UTF-8. A leading BOM is dropped. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  return utf8DecodeStrict(bytes);
}

/** Encodes a string as UTF-8 (lone surrogates become U+FFFD). */
export function encodeUtf8(text: string): Uint8Array {
  return utf8Encode(text);
}

/** Decodes standard base64 (padding optional, whitespace ignored); undefined when malformed. */
export function decodeBase64(text: string): Uint8Array | undefined {
  // Any whitespace (not only ASCII, which atob skips) and any run of trailing `=` are ignored.
  return base64Decode(text.replace(/\s+/g, '').replace(/=+$/, ''));
}

/** What an instruction file's bytes hold: text, or the reason it is treated as binary. */
export type ClassifiedBytes = { kind: 'text'; text: string } | { kind: 'binary'; reason: string };

/**
 * A file is binary when it holds a NUL byte or is not valid UTF-8 (the checks a prompt
 * engineer would want before pasting a file into a prompt).
 */
export function classifyBytes(bytes: Uint8Array): ClassifiedBytes {
  if (bytes.includes(0)) return { kind: 'binary', reason: 'it contains NUL bytes' };
  const text = decodeUtf8(bytes);
  if (text === undefined) return { kind: 'binary', reason: 'it is not valid UTF-8' };
  return { kind: 'text', text };
}

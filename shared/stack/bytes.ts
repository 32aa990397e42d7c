/**
 * Byte helpers for instruction files. shared/ has no TextDecoder (no DOM or Node types), so
 * UTF-8 is decoded here, strictly: any malformed sequence means "not text".
 */

/** Decodes UTF-8; undefined when the bytes are not valid UTF-8. A leading BOM is dropped. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  let i = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const chunks: string[] = [];
  let units: number[] = [];
  const flush = (): void => {
    chunks.push(String.fromCharCode(...units));
    units = [];
  };
  while (i < bytes.length) {
    const b0 = bytes[i] as number;
    let cp: number;
    let need: number;
    if (b0 < 0x80) {
      cp = b0;
      need = 0;
    } else if (b0 >= 0xc2 && b0 <= 0xdf) {
      cp = b0 & 0x1f;
      need = 1;
    } else if (b0 >= 0xe0 && b0 <= 0xef) {
      cp = b0 & 0x0f;
      need = 2;
    } else if (b0 >= 0xf0 && b0 <= 0xf4) {
      cp = b0 & 0x07;
      need = 3;
    } else {
      return undefined;
    }
    for (let k = 1; k <= need; k++) {
      const b = bytes[i + k];
      if (b === undefined || (b & 0xc0) !== 0x80) return undefined;
      cp = (cp << 6) | (b & 0x3f);
    }
    // Overlong forms, surrogates and values above U+10FFFF are not valid UTF-8.
    if ((need === 2 && cp < 0x800) || (need === 3 && (cp < 0x10000 || cp > 0x10ffff))) return undefined;
    if (cp >= 0xd800 && cp <= 0xdfff) return undefined;
    i += need + 1;
    if (cp >= 0x10000) {
      const v = cp - 0x10000;
      units.push(0xd800 + (v >> 10), 0xdc00 + (v & 0x3ff));
    } else {
      units.push(cp);
    }
    if (units.length >= 8192) flush();
  }
  flush();
  return chunks.join('');
}

/** Encodes a string as UTF-8 (lone surrogates become U+FFFD). */
export function encodeUtf8(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 3);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    let cp = text.charCodeAt(i);
    if (cp < 0x80) {
      out[n++] = cp;
      continue;
    }
    if (cp >= 0xd800 && cp <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (next - 0xdc00);
        i++;
      } else {
        cp = 0xfffd;
      }
    } else if (cp >= 0xdc00 && cp <= 0xdfff) {
      cp = 0xfffd;
    }
    if (cp < 0x800) {
      out[n++] = 0xc0 | (cp >> 6);
      out[n++] = 0x80 | (cp & 0x3f);
    } else if (cp < 0x10000) {
      out[n++] = 0xe0 | (cp >> 12);
      out[n++] = 0x80 | ((cp >> 6) & 0x3f);
      out[n++] = 0x80 | (cp & 0x3f);
    } else {
      out[n++] = 0xf0 | (cp >> 18);
      out[n++] = 0x80 | ((cp >> 12) & 0x3f);
      out[n++] = 0x80 | ((cp >> 6) & 0x3f);
      out[n++] = 0x80 | (cp & 0x3f);
    }
  }
  return out.slice(0, n);
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes standard base64 (padding optional, whitespace ignored); undefined when malformed. */
export function decodeBase64(text: string): Uint8Array | undefined {
  const clean = text.replace(/\s+/g, '').replace(/=+$/, '');
  if (clean.length % 4 === 1) return undefined;
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const ch of clean) {
    const v = B64.indexOf(ch);
    if (v < 0) return undefined;
    buffer = (buffer << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((buffer >> bits) & 0xff);
    }
  }
  return Uint8Array.from(out);
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

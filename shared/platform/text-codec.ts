/**
 * The platform's text codecs, for shared/ (which is compiled without DOM or Node types): the
 * WHATWG `TextDecoder` / `TextEncoder` and `atob`, which every runtime the app uses has (Node
 * 20, Electron, Chromium). This is the ambient declaration: the few members shared/ uses, read
 * from `globalThis`, so shared/ does not need the DOM lib and does not clash with Node's.
 */

interface PlatformTextDecoder {
  decode(input: Uint8Array): string;
}

interface PlatformTextCodecs {
  TextDecoder: new (label: 'utf-8', options?: { fatal?: boolean; ignoreBOM?: boolean }) => PlatformTextDecoder;
  TextEncoder: new () => { encode(input: string): Uint8Array };
  atob(data: string): string;
}

const platform = globalThis as unknown as PlatformTextCodecs;

/** Lossy: every maximal invalid subpart becomes one U+FFFD (what Node, Rust and browsers do). A leading BOM stays unless dropped. */
const lossyKeepBom = new platform.TextDecoder('utf-8', { ignoreBOM: true });
const lossyDropBom = new platform.TextDecoder('utf-8');
/** Strict: a malformed sequence throws. A leading BOM is dropped. */
const strict = new platform.TextDecoder('utf-8', { fatal: true });
const encoder = new platform.TextEncoder();

export function utf8DecodeLossy(bytes: Uint8Array, dropBom: boolean): string {
  return (dropBom ? lossyDropBom : lossyKeepBom).decode(bytes);
}

/** Undefined when the bytes are not well-formed UTF-8. */
export function utf8DecodeStrict(bytes: Uint8Array): string | undefined {
  try {
    return strict.decode(bytes);
  } catch {
    return undefined;
  }
}

/** UTF-8 bytes of a string (a lone surrogate becomes U+FFFD). */
export function utf8Encode(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Bytes of standard base64 (the forgiving decoder: ASCII whitespace ignored, padding optional); undefined when malformed. */
export function base64Decode(text: string): Uint8Array | undefined {
  let binary: string;
  try {
    binary = platform.atob(text);
  } catch {
    return undefined;
  }
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

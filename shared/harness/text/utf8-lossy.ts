import { utf8DecodeLossy } from '../../platform/text-codec.js';

/**
 * Lossy UTF-8 decoding as the agents do it (Rust's `String::from_utf8_lossy`, Node's
 * `Buffer#toString('utf8')`, WHATWG's TextDecoder, which this is): every maximal invalid
 * subpart becomes one U+FFFD. A byte-order mark is kept as U+FEFF unless `stripBom` is set.
 */
export function decodeUtf8Lossy(bytes: Uint8Array, options: { stripBom?: boolean } = {}): string {
  return utf8DecodeLossy(bytes, options.stripBom === true);
}

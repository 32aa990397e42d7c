/**
 * Lossy UTF-8 decoding as the agents do it (Rust's `String::from_utf8_lossy`, Node's
 * `Buffer#toString('utf8')`, WHATWG's TextDecoder): every maximal invalid subpart becomes one
 * U+FFFD. A byte-order mark is kept as U+FEFF unless `stripBom` is set. shared/ has no
 * TextDecoder, so it is written out here.
 */
export function decodeUtf8Lossy(bytes: Uint8Array, options: { stripBom?: boolean } = {}): string {
  let i = options.stripBom && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const chunks: string[] = [];
  let units: number[] = [];
  const push = (cp: number): void => {
    if (cp >= 0x10000) {
      const v = cp - 0x10000;
      units.push(0xd800 + (v >> 10), 0xdc00 + (v & 0x3ff));
    } else {
      units.push(cp);
    }
    if (units.length >= 8192) {
      chunks.push(String.fromCharCode(...units));
      units = [];
    }
  };
  let cp = 0;
  let needed = 0;
  let seen = 0;
  let lower = 0x80;
  let upper = 0xbf;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    if (needed === 0) {
      i++;
      if (b <= 0x7f) push(b);
      else if (b >= 0xc2 && b <= 0xdf) {
        needed = 1;
        cp = b & 0x1f;
      } else if (b >= 0xe0 && b <= 0xef) {
        if (b === 0xe0) lower = 0xa0;
        if (b === 0xed) upper = 0x9f;
        needed = 2;
        cp = b & 0x0f;
      } else if (b >= 0xf0 && b <= 0xf4) {
        if (b === 0xf0) lower = 0x90;
        if (b === 0xf4) upper = 0x8f;
        needed = 3;
        cp = b & 0x07;
      } else push(0xfffd);
      continue;
    }
    if (b < lower || b > upper) {
      // The byte is not consumed: it may start the next sequence.
      cp = needed = seen = 0;
      lower = 0x80;
      upper = 0xbf;
      push(0xfffd);
      continue;
    }
    i++;
    lower = 0x80;
    upper = 0xbf;
    cp = (cp << 6) | (b & 0x3f);
    seen++;
    if (seen === needed) {
      push(cp);
      cp = needed = seen = 0;
    }
  }
  if (needed > 0) push(0xfffd);
  chunks.push(String.fromCharCode(...units));
  return chunks.join('');
}

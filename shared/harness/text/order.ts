/**
 * Orders of names and paths. Byte order of UTF-8 equals code-point order; JavaScript's
 * default sort is UTF-16 code-unit order, which differs for characters above U+FFFF.
 */

/** Compares by Unicode code points (= UTF-8 byte order, as a POSIX `readdir` sorted by bytes). */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    // A surrogate (code point above U+FFFF) sorts after every BMP unit outside the surrogate range.
    if (xs !== ys) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/** Compares by UTF-16 code units, as `Array#sort` does with no comparator. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The trims the agents apply. They differ: Rust's `str::trim` (Codex) uses the Unicode
 * White_Space property, which has U+0085 but not U+FEFF; JavaScript's `String#trim` (Gemini
 * CLI, Claude Code, Cline) has U+FEFF but not U+0085.
 */

/** Unicode White_Space (Rust `char::is_whitespace`). */
export function isUnicodeWhitespace(c: number): boolean {
  return (
    (c >= 0x09 && c <= 0x0d) ||
    c === 0x20 ||
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** Rust's `str::trim`. */
export function trimUnicode(text: string): string {
  let a = 0;
  let b = text.length;
  while (a < b && isUnicodeWhitespace(text.charCodeAt(a))) a++;
  while (b > a && isUnicodeWhitespace(text.charCodeAt(b - 1))) b--;
  return text.slice(a, b);
}

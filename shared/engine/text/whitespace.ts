/**
 * Character classes exactly as JavaScript regular expressions define them, so the hand-written
 * scanners behave like the regexes of the original builder.
 */

/** JavaScript `\s`: WhiteSpace and LineTerminator code points (the same set String#trim removes). */
export function isJsWhitespace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Where `^` and `$` match in multiline mode: \n, \r, U+2028, U+2029. */
export function isLineTerminator(code: number): boolean {
  return code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029;
}

export const NEWLINE = 0x0a;
export const CARRIAGE_RETURN = 0x0d;
export const EQUALS = 0x3d;

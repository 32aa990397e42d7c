/** One replacement: the text in [start, endOld) of the old string becomes `text`. */
export interface MinimalEdit {
  start: number;
  endOld: number;
  text: string;
}

/**
 * Texts are compared this many characters at a time first (a comparison of two slices runs in
 * the engine's own code, many times faster than a loop over the characters: a 1 MB prompt
 * changed at its end is compared in a fraction of a millisecond), then one by one.
 */
const BLOCK = 2048;

/** The smallest single replacement turning `from` into `to` (common prefix and suffix kept); null when equal. */
export function minimalEdit(from: string, to: string): MinimalEdit | null {
  if (from === to) return null;
  let start = 0;
  const max = Math.min(from.length, to.length);
  while (start + BLOCK <= max && from.slice(start, start + BLOCK) === to.slice(start, start + BLOCK)) start += BLOCK;
  while (start < max && from.charCodeAt(start) === to.charCodeAt(start)) start++;
  let a = from.length;
  let b = to.length;
  while (a - BLOCK >= start && b - BLOCK >= start && from.slice(a - BLOCK, a) === to.slice(b - BLOCK, b)) {
    a -= BLOCK;
    b -= BLOCK;
  }
  while (a > start && b > start && from.charCodeAt(a - 1) === to.charCodeAt(b - 1)) {
    a--;
    b--;
  }
  return { start, endOld: a, text: to.slice(start, b) };
}

/** Applies an edit made by minimalEdit. */
export function applyMinimalEdit(from: string, edit: MinimalEdit): string {
  return from.slice(0, edit.start) + edit.text + from.slice(edit.endOld);
}

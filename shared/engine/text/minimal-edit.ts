/** One replacement: the text in [start, endOld) of the old string becomes `text`. */
export interface MinimalEdit {
  start: number;
  endOld: number;
  text: string;
}

/**
 * Texts are compared a block at a time first (a comparison of two slices runs in the engine's
 * own code, many times faster than a loop over the characters), the blocks doubling while
 * they are equal and then halving down to BLOCK where they differ: a 1 MB text changed in its
 * middle is compared in about twenty slices, not hundreds. The last BLOCK one by one.
 */
const BLOCK = 2048;

/** The smallest single replacement turning `from` into `to` (common prefix and suffix kept); null when equal. */
export function minimalEdit(from: string, to: string): MinimalEdit | null {
  if (from === to) return null;
  const max = Math.min(from.length, to.length);
  let start = 0;
  let step = BLOCK;
  while (start + step <= max && from.slice(start, start + step) === to.slice(start, start + step)) {
    start += step;
    step *= 2;
  }
  for (step /= 2; step >= BLOCK; step /= 2)
    if (start + step <= max && from.slice(start, start + step) === to.slice(start, start + step)) start += step;
  while (start < max && from.charCodeAt(start) === to.charCodeAt(start)) start++;
  let a = from.length;
  let b = to.length;
  step = BLOCK;
  while (a - step >= start && b - step >= start && from.slice(a - step, a) === to.slice(b - step, b)) {
    a -= step;
    b -= step;
    step *= 2;
  }
  for (step /= 2; step >= BLOCK; step /= 2)
    if (a - step >= start && b - step >= start && from.slice(a - step, a) === to.slice(b - step, b)) {
      a -= step;
      b -= step;
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

/**
 * What minimalEdit(from, to) returns for the text `to` that `from` becomes when [at, at +
 * remove) is replaced by `inserted` (one splice), read around the splice only. The text
 * before the splice and the one after it are common to both, so the prefix is searched from
 * `at` and the suffix from the splice's end (a run of the typed character on either side is
 * searched through, as minimalEdit does). `to` itself is not needed: its characters are
 * `from`'s and `inserted`'s (an editor's new text is a rope, which a read would copy whole).
 */
export function minimalEditOfSplice(from: string, at: number, remove: number, inserted: string): MinimalEdit | null {
  if (at < 0 || remove < 0 || at + remove > from.length) throw new RangeError('the splice is outside the text');
  const shift = inserted.length - remove;
  const toCode = (i: number): number =>
    i < at ? from.charCodeAt(i) : i < at + inserted.length ? inserted.charCodeAt(i - at) : from.charCodeAt(i - shift);
  const max = Math.min(from.length, from.length + shift);
  let start = at;
  while (start < max && from.charCodeAt(start) === toCode(start)) start++;
  // The common tail: the text after the splice, then as far back as the characters agree, never
  // into the common prefix.
  let a = at + remove;
  let b = at + inserted.length;
  const back = Math.max(0, start - a, start - b);
  a += back;
  b += back;
  while (a > start && b > start && from.charCodeAt(a - 1) === toCode(b - 1)) {
    a--;
    b--;
  }
  if (start === a && start === b) return null;
  // to.slice(start, b), from the same parts.
  const part = (text: string, offset: number, from: number, end: number): string =>
    text.slice(Math.max(from, offset) - offset, Math.max(Math.min(end, offset + text.length), offset) - offset);
  const text =
    (start < at ? from.slice(start, Math.min(b, at)) : '') +
    part(inserted, at, start, b) +
    (b > at + inserted.length ? from.slice(Math.max(start, at + inserted.length) - shift, b - shift) : '');
  return { start, endOld: a, text };
}

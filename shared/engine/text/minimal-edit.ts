/** One replacement: the text in [start, endOld) of the old string becomes `text`. */
export interface MinimalEdit {
  start: number;
  endOld: number;
  text: string;
}

/** The smallest single replacement turning `from` into `to` (common prefix and suffix kept); null when equal. */
export function minimalEdit(from: string, to: string): MinimalEdit | null {
  if (from === to) return null;
  let start = 0;
  const max = Math.min(from.length, to.length);
  while (start < max && from.charCodeAt(start) === to.charCodeAt(start)) start++;
  let a = from.length;
  let b = to.length;
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

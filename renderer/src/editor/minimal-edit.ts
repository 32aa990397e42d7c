/** The smallest single replacement turning `from` into `to` (common prefix and suffix kept). */
export function minimalEditPure(from: string, to: string): { start: number; endOld: number; text: string } | null {
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

/**
 * Counts as the views show them ("41,310"). One formatter for the whole app: Number's
 * toLocaleString builds a new one per call, which shows up when the outline and the size
 * line are redrawn after every keystroke.
 */
const COUNT = new Intl.NumberFormat('en-US');

/**
 * `n` as COUNT formats it. A whole number is grouped here (COUNT.format takes about a
 * microsecond, and a compare view formats hundreds of sizes a keystroke); anything else,
 * -0 included, goes to COUNT.
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return COUNT.format(n);
  const digits = String(n < 0 ? -n : n);
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${out}` : out;
}

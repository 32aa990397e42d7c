/**
 * Counts as the views show them ("41,310"). One formatter for the whole app: Number's
 * toLocaleString builds a new one per call, which shows up when the outline and the size
 * line are redrawn after every keystroke.
 */
const COUNT = new Intl.NumberFormat('en-US');

export function formatCount(n: number): string {
  return COUNT.format(n);
}

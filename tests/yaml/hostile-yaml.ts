/**
 * YAML texts an attacker would write: each family once, at a size that hurts an unguarded
 * parser (the figures of issue 18), for the tests and the trust bench.
 */

/** 162 bytes: four levels of nine aliases, 6,561 copies when expanded. */
export const ALIAS_BOMB =
  'a: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n';

/** 2 KB of nested flow sequences: the parser's recursion exhausts the stack. */
export const DEEP_FLOW = '['.repeat(1000) + ']'.repeat(1000);

/** Nested flow maps. */
export const DEEP_FLOW_MAPS = '{a: '.repeat(1000) + '}'.repeat(1000);

/** Compact nested block sequences on one line (`- - - … x`). */
export const DEEP_DASHES = '- '.repeat(1000) + 'x';

/** Block maps and sequences nested by indentation, zig-zagging between the two. */
export function deepBlocks(levels: number): string {
  const lines: string[] = [];
  let indent = 0;
  for (let i = 0; i < levels; i++) {
    const item = i % 2 === 1;
    lines.push(`${' '.repeat(indent)}${item ? '- k:' : 'k:'}`);
    indent += item ? 4 : 2;
  }
  return `${lines.join('\n')} end\n`;
}

/** A map with `n` keys (40,000 keys is 0.9 MB; the parser's duplicate check was quadratic). */
export function wideMap(n: number): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) lines.push(`key_${i}: value ${i}`);
  return `${lines.join('\n')}\n`;
}

/** A map whose last key repeats the first. */
export function duplicateKeys(n: number): string {
  return `${wideMap(n)}key_0: again\n`;
}

/** One scalar of `bytes` characters. */
export function hugeScalar(bytes: number): string {
  return `text: "${'x'.repeat(bytes)}"\n`;
}

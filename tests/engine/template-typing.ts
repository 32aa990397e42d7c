/**
 * Typing in a base template, as tests of what is shown before a build replay it: a seeded
 * generator and the edits people make where they type.
 */

/** A small seeded generator (mulberry32): the same edits on every run. */
export function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What is typed: every character the rule lets through, and the ones it must refuse. */
const TYPED = 'a Z 7 x word . , \' " ( ) !? ; : $ & @ * _ /'.split(' ').concat([' ', ' more', '{', '}', '=', '#', '-', '\n', '\t', '  ']);

/** Where people type: inside the prose they add between the template's slots, mostly at its line ends; now and then anywhere. */
export function randomEdit(template: string, prose: { start: number; end: number }, next: () => number): string {
  const anywhere = next() < 0.15;
  const at = anywhere
    ? Math.floor(next() * template.length)
    : Math.max(0, Math.min(template.length, prose.start - 3 + Math.floor(next() * (prose.end - prose.start + 6))));
  const roll = next();
  if (roll < 0.25) return template.slice(0, at) + template.slice(at + 1);
  if (roll < 0.3) return template.slice(0, at) + template.slice(at + 4);
  const lineEnd = template.indexOf('\n', at);
  const where = roll < 0.6 ? (lineEnd > 0 ? lineEnd : template.length) : at;
  const typed = TYPED[Math.floor(next() * TYPED.length)]!;
  return template.slice(0, where) + typed + template.slice(where);
}

export const PROSE = 'The agent reads this line, and that one.\nAnother line: with (some) punctuation!\n';

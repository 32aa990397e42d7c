import { describe, expect, it } from 'vitest';
import { wordDiff } from './word-diff';

describe('word diff against the first column', () => {
  it('marks added words and where removed ones were, and leaves equal texts whole', () => {
    expect(wordDiff('You are Cline, a skilled engineer.', 'You are Cline, a senior engineer.')).toEqual([
      { text: 'You are Cline, a ', kind: 'same' },
      { text: 'skilled', kind: 'removed' },
      { text: 'senior', kind: 'added' },
      { text: ' engineer.', kind: 'same' },
    ]);
    expect(wordDiff('same text', 'same text')).toEqual([{ text: 'same text', kind: 'same' }]);
  });

  it('gives back the same pieces for the same pair (computed once)', () => {
    const a = 'one two three '.repeat(50);
    const b = `${a}four`;
    expect(wordDiff(a, b)).toBe(wordDiff(a, b));
  });
});

/** What the pieces say the two texts were. */
function sides(parts: { text: string; kind: string }[]): { base: string; other: string } {
  return {
    base: parts
      .filter((p) => p.kind !== 'added')
      .map((p) => p.text)
      .join(''),
    other: parts
      .filter((p) => p.kind !== 'removed')
      .map((p) => p.text)
      .join(''),
  };
}

describe('word diff of long texts', () => {
  it('diffs only the middle two long texts differ in, by words, however long their common ends', () => {
    const before = 'Keep the tests green. '.repeat(40_000); // 880 KB
    const base = `${before}Run the linter first.${before}`;
    const other = `${before}Run the formatter first.${before}`;
    const parts = wordDiff(base, other);
    expect(parts.map((p) => (p.kind === 'same' ? `same ${p.text.length}` : `${p.kind} ${p.text}`))).toEqual([
      `same ${before.length + 'Run the '.length}`,
      'removed linter',
      'added formatter',
      `same ${' first.'.length + before.length}`,
    ]);
    expect(sides(parts)).toEqual({ base, other });
  });

  it('falls back to lines for a long middle, and to all changed for a huge one; the pieces always add up to both texts', () => {
    const lines = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `${tag} line ${i} of the rules`).join('\n');
    const base = `${lines('a', 3000)}\nshared end`;
    const other = `${lines('b', 3000)}\nshared end`;
    const byLines = wordDiff(base, other);
    expect(sides(byLines)).toEqual({ base, other });
    // Lines, not words: no piece starts inside a line.
    expect(byLines.filter((p) => p.kind !== 'same').every((p) => p.text.startsWith('a line') || p.text.startsWith('b line'))).toBe(true);

    const hugeBase = 'x'.repeat(1_500_000);
    const hugeOther = 'y'.repeat(1_500_000);
    expect(wordDiff(hugeBase, hugeOther)).toEqual([
      { text: hugeBase, kind: 'removed' },
      { text: hugeOther, kind: 'added' },
    ]);
  });

  it('gives pieces that add up to both texts for random edits of a text', () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const words = ['the', 'tool', 'call', ' ', '  ', '\n', ',', 'rules', 'MCP', '{{X}}', 'é'];
    for (let k = 0; k < 300; k++) {
      const base = Array.from({ length: 5 + rand(60) }, () => words[rand(words.length)]).join('');
      let other = base;
      for (let e = 0; e < 1 + rand(3); e++) {
        const at = rand(other.length + 1);
        const cut = rand(6);
        other = other.slice(0, at) + (rand(2) ? words[rand(words.length)] : '') + other.slice(at + cut);
      }
      expect(sides(wordDiff(base, other))).toEqual({ base, other });
    }
  });
});

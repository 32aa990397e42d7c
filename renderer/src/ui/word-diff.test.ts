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

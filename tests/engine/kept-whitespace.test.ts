import { describe, expect, it } from 'vitest';
import { keptRun, keptWhitespaceAround } from '../../shared/engine/build/kept-whitespace.js';

const text = (s: string) => ({ length: s.length, slice: (from: number, to: number) => s.slice(from, to) });

describe('whitespace cleanup leaves as it is', () => {
  it('is spaces, tabs and at most two newlines', () => {
    expect(keptRun('')).toBe(true);
    expect(keptRun(' \t  ')).toBe(true);
    expect(keptRun(' \n\t\n ')).toBe(true);
    expect(keptRun('\n\n\n')).toBe(false);
    expect(keptRun('\n \n \n')).toBe(false);
    // Whitespace to cleanup that the rule does not take: a `##` line also ends at a carriage return.
    expect(keptRun(' \r\n')).toBe(false);
    expect(keptRun('\u00a0')).toBe(false);
    expect(keptRun('\u2028')).toBe(false);
  });

  it('is found out to the characters that are not whitespace on each side of an edit', () => {
    expect(keptWhitespaceAround(text('word  \t more'), 5, 5, 0)).toEqual({ start: 4, end: 8, text: '  \t ', multiline: false });
    expect(keptWhitespaceAround(text('one\n  two'), 4, 5, 0)).toEqual({ start: 3, end: 6, text: '\n  ', multiline: true });
    // The edit's own text, with the runs in and around it.
    expect(keptWhitespaceAround(text('a \nb\n\n c'), 2, 6, 0)).toEqual({ start: 1, end: 7, text: ' \nb\n\n ', multiline: true });
    // No whitespace touches the edit: the region is the edit.
    expect(keptWhitespaceAround(text('abcd'), 1, 3, 0)).toEqual({ start: 1, end: 3, text: 'bc', multiline: false });
    expect(keptWhitespaceAround(text('abcd'), 2, 2, 0)).toEqual({ start: 2, end: 2, text: '', multiline: false });
    // At the text's end after a character that is not whitespace.
    expect(keptWhitespaceAround(text('words'), 5, 5, 0)).toEqual({ start: 5, end: 5, text: '', multiline: false });
  });

  it('is not found when a run is one cleanup changes, or may go on past what is looked at', () => {
    expect(keptWhitespaceAround(text('a\n\n\nb'), 2, 2, 0)).toBeUndefined();
    // Three newlines across the edit's own text and the runs beside it.
    expect(keptWhitespaceAround(text('a\n\n \nb'), 3, 4, 0)).toBeUndefined();
    expect(keptWhitespaceAround(text('a \r\nb'), 2, 2, 0)).toBeUndefined();
    // At the text's end (trimmed), at the floor (the range's start: what is before it is another's), past the window.
    expect(keptWhitespaceAround(text('words  '), 6, 6, 0)).toBeUndefined();
    expect(keptWhitespaceAround(text('ab   cd'), 3, 3, 2)).toBeUndefined();
    expect(keptWhitespaceAround(text('ab   cd'), 3, 3, 1)).toEqual({ start: 2, end: 5, text: '   ', multiline: false });
    expect(keptWhitespaceAround(text(`a${' '.repeat(40)}b`), 38, 38, 0)).toBeUndefined();
    expect(keptWhitespaceAround(text(`a${' '.repeat(40)}b`), 3, 3, 0)).toBeUndefined();
    expect(keptWhitespaceAround(text(`a${' '.repeat(20)}b`), 15, 15, 0)).toEqual({
      start: 1,
      end: 21,
      text: ' '.repeat(20),
      multiline: false,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { PieceText } from '../../shared/engine/text/piece-text.js';
import { random } from './template-typing.js';

describe('PieceText (a long text as a few pieces, edited and read by ranges)', () => {
  it('is the string the same edits make, read anywhere, over edits in many places', () => {
    const next = random(5);
    let text = 'The agent reads this line, and that one.\n'.repeat(500);
    let pieces = PieceText.of(text);
    let most = 0;
    for (let i = 0; i < 2000; i++) {
      const start = Math.floor(next() * (text.length + 1));
      const endOld = Math.min(text.length, start + (next() < 0.3 ? Math.floor(next() * 5) : 0));
      const typed = next() < 0.05 ? 'pasted words '.repeat(1 + Math.floor(next() * 60)) : 'xyz'.slice(0, Math.floor(next() * 4));
      text = text.slice(0, start) + typed + text.slice(endOld);
      pieces = pieces.edit(start, endOld, typed);
      most = Math.max(most, pieces.count);
      expect(pieces.length).toBe(text.length);
      const from = Math.floor(next() * (text.length + 1));
      const to = from + Math.floor(next() * 5000);
      expect(pieces.slice(from, to)).toBe(text.slice(from, to));
      if (i % 100 === 0) expect(pieces.text).toBe(text);
    }
    expect(pieces.text).toBe(text);
    expect(pieces.slice(0, text.length)).toBe(text);
    // Edits in many places join the pieces again now and then: never more than 32.
    expect(most).toBe(32);
  });

  it('keeps typing in one place in three pieces', () => {
    const text = 'word '.repeat(10_000);
    let pieces = PieceText.of(text);
    expect(pieces.count).toBe(1);
    for (let i = 0; i < 500; i++) pieces = pieces.edit(20_000 + i, 20_000 + i, 'a');
    expect(pieces.count).toBe(3);
    expect(pieces.text).toBe(`${text.slice(0, 20_000)}${'a'.repeat(500)}${text.slice(20_000)}`);
    // Deleting what was typed: the pieces around it.
    pieces = pieces.edit(20_000, 20_500, '');
    expect(pieces.text).toBe(text);
    expect(pieces.slice(19_998, 20_003)).toBe('d wor');
    expect(pieces.slice(text.length - 3, text.length + 10)).toBe('rd ');
    expect(PieceText.of('').slice(0, 4)).toBe('');
  });

  it('equals the string it is and no other, one piece or many', () => {
    const text = 'word '.repeat(2_000);
    let pieces = PieceText.of(text);
    expect(pieces.equals(text)).toBe(true);
    expect(pieces.equals(`${text}x`)).toBe(false);
    pieces = pieces.edit(4_000, 4_000, 'typed').edit(9_000, 9_001, '');
    expect(pieces.count).toBeGreaterThan(1);
    const same = `${text.slice(0, 4_000)}typed${text.slice(4_000, 8_995)}${text.slice(8_996)}`;
    expect(pieces.equals(same)).toBe(true);
    // The same length, one character off: in the first piece, in the typed one, in the last.
    for (const at of [3, 4_002, same.length - 2]) expect(pieces.equals(`${same.slice(0, at)}#${same.slice(at + 1)}`)).toBe(false);
    expect(PieceText.of('').equals('')).toBe(true);
  });
});

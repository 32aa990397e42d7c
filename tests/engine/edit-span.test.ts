import { describe, expect, it } from 'vitest';
import { sameFromBase, spanAfterEdit, type EditSpan } from '../../shared/engine/text/edit-span.js';
import { applyMinimalEdit, type MinimalEdit } from '../../shared/engine/text/minimal-edit.js';
import { random } from './template-typing.js';

/** A random edit of `text`: mostly short insertions and deletions, sometimes nothing, sometimes a longer replacement. */
function randomEdit(text: string, next: () => number): MinimalEdit {
  const start = Math.floor(next() * (text.length + 1));
  const endOld = Math.min(text.length, start + (next() < 0.4 ? Math.floor(next() * 6) : 0));
  const inserted = next() < 0.1 ? 'a longer run of words '.repeat(1 + Math.floor(next() * 3)) : 'ab'.slice(0, Math.floor(next() * 3));
  return { start, endOld, text: inserted };
}

describe('where a text made by edits differs from its base (EditSpan)', () => {
  it('covers every edit made since the base: outside it the text is the base', () => {
    const next = random(11);
    for (let run = 0; run < 200; run++) {
      const base = 'The agent reads each line, then the next.\n'.repeat(1 + Math.floor(next() * 4));
      let text = base;
      let span: EditSpan | null = null;
      for (let i = 0; i < 1 + Math.floor(next() * 8); i++) {
        const edit = randomEdit(text, next);
        text = applyMinimalEdit(text, edit);
        span = spanAfterEdit(span, edit);
        expect(text.length - span.endNew).toBe(base.length - span.endOld);
        expect(text.slice(0, span.start) + text.slice(span.endNew)).toBe(base.slice(0, span.start) + base.slice(span.endOld));
        expect(base.slice(0, span.start) + text.slice(span.start, span.endNew) + base.slice(span.endOld)).toBe(text);
      }
    }
  });

  it('says whether two texts made from one base are the same, reading only where they may differ', () => {
    const next = random(12);
    let same = 0;
    for (let run = 0; run < 400; run++) {
      const base = 'Write the tests first, then the code; run them all.\n'.repeat(2);
      const made = (): { text: string; span: EditSpan } => {
        let text = base;
        let span: EditSpan | null = null;
        // Often the same letters at the same places in both, so that equal texts are common.
        for (let i = 0; i < 1 + Math.floor(next() * 3); i++) {
          const at = Math.floor(next() * 4) * 7;
          const edit = next() < 0.5 ? { start: at, endOld: at, text: 'x' } : { start: at, endOld: at + 1, text: '' };
          text = applyMinimalEdit(text, edit);
          span = spanAfterEdit(span, edit);
        }
        return { text, span: span! };
      };
      const a = made();
      const b = next() < 0.3 ? a : made();
      // What is read: only the range either span covers.
      const reads: [number, number][] = [];
      const windowOf = (text: string) => ({
        length: text.length,
        slice: (from: number, to: number) => (reads.push([from, to]), text.slice(from, to)),
      });
      const answer = sameFromBase(base, windowOf(a.text), a.span, windowOf(b.text), b.span);
      expect(answer).toBe(a.text === b.text);
      if (answer) same++;
      for (const [from] of reads) expect(from).toBe(Math.min(a.span.start, b.span.start));
    }
    // The seeded runs: 142 of the 400 pairs are the same text (a third are one text twice, the rest made alike by chance).
    expect(same).toBe(142);
  });
});

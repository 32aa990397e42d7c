import { describe, expect, it } from 'vitest';
import { applyMinimalEdit, type MinimalEdit } from '../../../shared/engine/text/minimal-edit';
import { random } from '../../../tests/engine/template-typing';
import { diffPieces, spansOf, wordDiffAfterEdits, wordDiffState, type WordDiffState } from './word-diff';

const WORDS = ['the', 'agent', 'reads', 'files,', 'line', 'by', 'line.', '\n', 'and', 'answers', ' ', '—', 'tool'];
const TYPED = ['a', 'x', ' ', 'word', '\n', '.', 'ab c', ''];

function words(next: () => number, n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += `${WORDS[Math.floor(next() * WORDS.length)]!} `;
  return out;
}

/** An edit of `text` somewhere in [from, to): typing, a deletion, or a replacement. */
function editIn(text: string, from: number, to: number, next: () => number): MinimalEdit {
  const start = Math.min(text.length, Math.max(0, from + Math.floor(next() * Math.max(1, to - from))));
  const removed = next() < 0.4 ? Math.min(text.length - start, Math.floor(next() * 4)) : 0;
  return { start, endOld: start + removed, text: TYPED[Math.floor(next() * TYPED.length)]! };
}

describe('the word diff after an edit of both texts, without comparing them again', () => {
  it('is exactly the word diff of the edited texts whenever it is given', () => {
    const next = random(7);
    let given = 0;
    let refused = 0;
    for (let round = 0; round < 60; round++) {
      const head = words(next, 40);
      const tail = words(next, 40);
      // Equal texts now and then; else a middle that differs by a few words.
      let base = `${head}${words(next, 5)}${tail}`;
      let other = next() < 0.2 ? base : `${head}${words(next, 4)}${tail}`;
      let state: WordDiffState = wordDiffState(base, other);
      for (let i = 0; i < 30; i++) {
        const roll = next();
        // The same edit near the start, the same near the end (at the same distance from it), or anything in either.
        const baseEdit = roll < 0.4 ? editIn(base, 0, head.length, next) : editIn(base, 0, base.length, next);
        const fromEnd = base.length - baseEdit.start;
        const otherEdit =
          roll < 0.4
            ? baseEdit
            : roll < 0.8 && fromEnd <= other.length
              ? { start: other.length - fromEnd, endOld: other.length - fromEnd + (baseEdit.endOld - baseEdit.start), text: baseEdit.text }
              : editIn(other, 0, other.length, next);
        if (otherEdit.endOld > other.length) continue;
        const nextBase = applyMinimalEdit(base, baseEdit);
        const nextOther = applyMinimalEdit(other, otherEdit);
        const after = wordDiffAfterEdits(state, nextBase, nextOther, baseEdit, otherEdit);
        const fresh = wordDiffState(nextBase, nextOther);
        if (after) {
          given++;
          expect(after.spans, `round ${round}, edit ${i}`).toEqual(fresh.spans);
          expect(diffPieces(after), `round ${round}, edit ${i}`).toEqual(diffPieces(fresh));
          // The spans are the pieces by their lengths.
          expect(fresh.spans).toEqual(spansOf(diffPieces(fresh)));
          expect([after.head, after.tail, after.equal]).toEqual([fresh.head, fresh.tail, fresh.equal]);
          state = after;
        } else {
          refused++;
          state = fresh;
        }
        base = nextBase;
        other = nextOther;
      }
    }
    expect(given).toBeGreaterThan(400);
    expect(refused).toBeGreaterThan(200);
  });

  it('keeps the last diff when neither text changed, and refuses when only one did', () => {
    const state = wordDiffState('one two three', 'one too three');
    expect(wordDiffAfterEdits(state, state.base, state.other, null, null)).toBe(state);
    const edit = { start: 0, endOld: 0, text: 'x' };
    expect(wordDiffAfterEdits(state, `x${state.base}`, state.other, edit, null)).toBeUndefined();
  });
});

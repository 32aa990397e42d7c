// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cellMadeByEdit, CompareWireDecoder, CompareWireEncoder } from '../../../shared/ipc/compare-wire';
import type { CompareResult } from '../../../shared/ipc/contract';
import { WordDiffText } from '../ui/WordDiffText';
import * as wordDiffModule from '../ui/word-diff';
import { CellWordDiff } from './CellWordDiff';

vi.mock('../ui/word-diff', async (original) => {
  const actual = await original<typeof wordDiffModule>();
  return { ...actual, wordDiffState: vi.fn(actual.wordDiffState) };
});

afterEach(cleanup);

const HEAD = 'You are an agent that reads files line by line and answers. '.repeat(40);
const TAIL = '\nEvery tool call waits for the user to approve it. '.repeat(40);

/** A result of one row, the template text, in two columns. */
function result(seq: number, first: string, second: string): CompareResult {
  return { seq, columns: [], rows: [{ key: '(template text)', cells: [{ text: first }, { text: second }] }] };
}

/** The two cells of the row as the renderer gets them: over the wire (patched after the first). */
function received(): (r: CompareResult) => [{ text: string }, { text: string }] {
  const enc = new CompareWireEncoder();
  const dec = new CompareWireDecoder();
  return (r) => {
    const cells = dec.decode(JSON.parse(JSON.stringify(enc.encode(r)))).rows[0]!.cells;
    return [cells[0] as { text: string }, cells[1] as { text: string }];
  };
}

describe("a compare cell's word diff while typing", () => {
  it('updates the last diff by the edits the wire brought, and shows what a fresh diff shows', () => {
    const state = vi.mocked(wordDiffModule.wordDiffState);
    const take = received();
    const base = `${HEAD}skilled engineer${TAIL}`;
    const other = `${HEAD}senior engineer${TAIL}`;
    let [first, cell] = take(result(1, base, other));
    const view = render(<CellWordDiff first={first} cell={cell} />);
    const calls = state.mock.calls.length;
    // Typing at the end of both (the same template text), then near the start of both.
    for (const [seq, a, b] of [
      [2, `${base}and more`, `${other}and more`],
      [3, `X${base}and more`, `X${other}and more`],
    ] as const) {
      [first, cell] = take(result(seq, a, b));
      view.rerender(<CellWordDiff first={first} cell={cell} />);
      const fresh = render(<WordDiffText base={a} text={b} removedClass="diff-removed" removedTitle="in the first column, not here" />);
      expect(view.container.innerHTML).toBe(fresh.container.innerHTML);
      fresh.unmount();
    }
    // Neither diff compared the texts again.
    expect(state.mock.calls.length).toBe(calls);
    // Cells that came whole (no edit known): compared again.
    view.rerender(<CellWordDiff first={{ text: `${base}!` }} cell={{ text: `${other}!` }} />);
    expect(state.mock.calls.length).toBe(calls + 1);
  });

  it('compares again when the edits are not the same in both (the middle may change)', () => {
    const state = vi.mocked(wordDiffModule.wordDiffState);
    const first = { text: 'one two three four' };
    const cell = { text: 'one too three four' };
    const view = render(<CellWordDiff first={first} cell={cell} />);
    const calls = state.mock.calls.length;
    const a = { text: 'one two three four five' };
    const b = { text: 'one too three four six' };
    cellMadeByEdit(a, first.text, { start: 18, endOld: 18, text: ' five' });
    cellMadeByEdit(b, cell.text, { start: 18, endOld: 18, text: ' six' });
    view.rerender(<CellWordDiff first={a} cell={b} />);
    expect(state.mock.calls.length).toBe(calls + 1);
    expect(view.container.textContent).toBe('one twotoo three four fivesix');
  });
});

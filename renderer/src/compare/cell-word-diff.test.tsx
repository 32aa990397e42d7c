// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cellMadeByEdit, CompareWireDecoder, CompareWireEncoder } from '../../../shared/ipc/compare-wire';
import type { CompareResult } from '../../../shared/ipc/contract';
import { WordDiffText } from '../ui/WordDiffText';
import * as wordDiffModule from '../ui/word-diff';
import * as textChunksModule from '../ui/text-chunks';
import { CellText, CellWordDiff } from './CellWordDiff';

vi.mock('../ui/word-diff', async (original) => {
  const actual = await original<typeof wordDiffModule>();
  return { ...actual, wordDiffState: vi.fn(actual.wordDiffState) };
});

vi.mock('../ui/text-chunks', async (original) => {
  const actual = await original<typeof textChunksModule>();
  return { ...actual, chunkText: vi.fn(actual.chunkText) };
});

afterEach(cleanup);

/**
 * What a cell shows, as markup without its blocks: the chunk elements left out and a mark
 * that a block boundary split joined again (the text and its marks, as a fresh diff has them).
 */
const shown = (html: string): string =>
  html.replace(/<div class="text-chunk">|<\/div>/g, '').replace(/<\/mark><mark class="diff-added">/g, '');

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
      expect(shown(view.container.innerHTML)).toBe(fresh.container.innerHTML);
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

describe('a long compare cell while typing', () => {
  /** The blocks (text-chunks.ts) that DOM changes were made in while `act` ran. */
  function blocksChanged(root: HTMLElement, act: () => void): Set<Element> {
    const observer = new MutationObserver(() => undefined);
    observer.observe(root, { subtree: true, childList: true, characterData: true });
    act();
    const changed = new Set<Element>();
    for (const r of observer.takeRecords()) {
      const node = r.target.nodeType === Node.TEXT_NODE ? r.target.parentElement! : (r.target as Element);
      changed.add(node.closest('.text-chunk') ?? node);
    }
    observer.disconnect();
    return changed;
  }

  it('changes only the block a keystroke is in, in the first column and in a compared one, and shows the whole text', () => {
    const take = received();
    const lines = Array.from({ length: 2000 }, (_, i) => `line ${i} of the long template, with words to read`).join('\n');
    let base = `${lines}\nskilled engineer\n${lines}`;
    let other = `${lines}\nsenior engineer\n${lines}`;
    let [first, cell] = take(result(1, base, other));
    const plain = render(<CellText cell={first} />);
    const diff = render(<CellWordDiff first={first} cell={cell} />);
    const blocks = plain.container.querySelectorAll('.text-chunk').length;
    const cut = vi.mocked(textChunksModule.chunkText);
    cut.mockClear();
    expect(blocks).toBeGreaterThan(20);
    for (let seq = 2; seq < 8; seq++) {
      const at = base.indexOf('line 1500 ');
      base = `${base.slice(0, at)}x${base.slice(at)}`;
      // The same line in both: the texts start the same up to the line that differs.
      other = `${other.slice(0, at)}x${other.slice(at)}`;
      [first, cell] = take(result(seq, base, other));
      const a = first;
      const b = cell;
      expect(blocksChanged(plain.container, () => plain.rerender(<CellText cell={a} />)).size).toBe(1);
      expect(blocksChanged(diff.container, () => diff.rerender(<CellWordDiff first={a} cell={b} />)).size).toBe(1);
      expect(plain.container.textContent).toBe(base);
      expect(diff.container.querySelectorAll('mark').length).toBe(1);
      expect(diff.container.textContent).toBe(other.replace('senior', 'skilledsenior'));
    }
    expect(plain.container.querySelectorAll('.text-chunk').length).toBe(blocks);
    // Neither cell cut its whole text into blocks again: only the block each keystroke was in.
    expect(Math.max(...cut.mock.calls.map(([t]) => t.length))).toBeLessThan(10_000);
  });
});

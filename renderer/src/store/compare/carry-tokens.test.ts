import { describe, expect, it } from 'vitest';
import type { CompareColumnView, CompareResult, CompareTokens } from '../../../../shared/ipc/contract';
import { carryTokens } from './carry-tokens';

const column = (variantId: string, preset: string, chars: number): CompareColumnView => ({
  spec: { kind: 'variant', variantId, preset },
  label: variantId,
  variantId,
  why: 'chosen',
  preset,
  kind: 'variant',
  chars,
});

/** A result of two columns (generic under basic and yolo) and three sections. */
const was: CompareResult = {
  seq: 4,
  columns: [column('generic', 'basic', 30), column('generic', 'yolo', 33)],
  rows: [
    { key: 'A', cells: [{ text: 'aaaaa' }, { text: 'aaaaa' }] },
    { key: 'B', cells: [{ text: 'bbbbbbbbbb' }, { reason: 'disabled' }] },
    { key: '(template text)', cells: [{ text: 'x'.repeat(15) }, { text: 'x'.repeat(23) }] },
  ],
};
const counted: CompareTokens = {
  seq: 4,
  rows: [
    [2, 2],
    [3, null],
    [5, 7],
  ],
  chars: [
    [5, 5],
    [10, null],
    [15, 23],
  ],
  totals: [10, 9],
  budgets: [null, [{ id: 'total', limit: 100, used: 9, over: false }]],
  contextWindows: [null, null],
};

describe('carryTokens', () => {
  it('keeps the counts of what did not change size, and drops those of what did', () => {
    // A keystroke in the template of the first column: its template row and total change size.
    const now: CompareResult = {
      ...was,
      seq: 5,
      columns: [column('generic', 'basic', 31), was.columns[1]!],
      rows: [was.rows[0]!, was.rows[1]!, { key: '(template text)', cells: [{ text: 'x'.repeat(16) }, { text: 'x'.repeat(23) }] }],
    };
    expect(carryTokens(was, counted, now)).toEqual({
      seq: 5,
      rows: [
        [2, 2],
        [3, null],
        [null, 7],
      ],
      chars: [
        [5, 5],
        [10, null],
        [null, 23],
      ],
      totals: [null, 9],
      budgets: [null, counted.budgets[1]],
      contextWindows: [null, null],
    });
  });

  it('follows rows and columns by what they are, not by position', () => {
    // A section added before B, and the first column removed: the rest keep their own counts.
    const now: CompareResult = {
      seq: 6,
      columns: [was.columns[1]!],
      rows: [
        { key: 'A', cells: [{ text: 'aaaaa' }] },
        { key: 'NEW', cells: [{ text: 'nnn' }] },
        { key: 'B', cells: [{ reason: 'disabled' }] },
        { key: '(template text)', cells: [{ text: 'x'.repeat(23) }] },
      ],
    };
    expect(carryTokens(was, counted, now)).toEqual({
      seq: 6,
      rows: [[2], [null], [null], [7]],
      chars: [[5], [null], [null], [23]],
      totals: [9],
      budgets: [counted.budgets[1]],
      contextWindows: [null],
    });
  });

  it('gives a column built another way (another preset) none of the old counts', () => {
    const now: CompareResult = { ...was, seq: 7, columns: [was.columns[0]!, column('generic', 'no-mcp', 33)] };
    const carried = carryTokens(was, counted, now);
    expect(carried.rows).toEqual([
      [2, null],
      [3, null],
      [5, null],
    ]);
    expect(carried.totals).toEqual([10, null]);
    expect(carried.budgets).toEqual([null, null]);
  });
});

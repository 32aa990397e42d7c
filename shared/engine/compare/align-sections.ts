import type { ColumnSections, SectionRow } from './column-sections.js';
import { rowSize } from './section-sizes.js';

/**
 * One cell of an aligned row: the column's text as shown, its size in the prompt (chars over
 * every occurrence, `uses` occurrences; see section-sizes.ts) and the row it came from, or
 * why it has none (the view leaves a gap of the row's height).
 */
export type AlignedCell =
  { present: true; text: string; chars: number; uses: number; row: SectionRow } | { present: false; reason: string };

export interface AlignedRow {
  key: string;
  cells: AlignedCell[];
}

/**
 * Aligns the columns' rows by key: every key any column has becomes one row, in an order
 * that keeps each column's own order (the first column's first; a key only later columns
 * have goes right after the key that precedes it there). A column without a row's key gets
 * a gap with the reason, so nothing shifts.
 */
export function alignColumns(columns: readonly ColumnSections[]): AlignedRow[] {
  const order: string[] = [];
  for (const column of columns) {
    let after = -1;
    for (const { key } of column.rows) {
      const at = order.indexOf(key);
      if (at >= 0) after = Math.max(after, at);
      else {
        order.splice(after + 1, 0, key);
        after++;
      }
    }
  }
  const byKey = columns.map((c) => {
    const map = new Map<string, SectionRow>();
    for (const r of c.rows) {
      const had = map.get(r.key);
      map.set(r.key, had ? { key: r.key, text: had.text + r.text, occurrences: [...had.occurrences, ...r.occurrences] } : r);
    }
    return map;
  });
  return order.map((key) => ({
    key,
    cells: columns.map((c, i): AlignedCell => {
      const row = byKey[i]!.get(key);
      if (row === undefined) return { present: false, reason: c.absentReason(key) };
      const size = rowSize(row);
      return { present: true, text: row.text, chars: size.chars, uses: size.uses, row };
    }),
  }));
}

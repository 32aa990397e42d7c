import type { ColumnSections } from './column-sections.js';

/** One cell of an aligned row: the column's text, or why it has none (the view leaves a gap of the row's height). */
export type AlignedCell = { present: true; text: string; chars: number } | { present: false; reason: string };

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
  const texts = columns.map((c) => {
    const map = new Map<string, string>();
    for (const r of c.rows) map.set(r.key, (map.get(r.key) ?? '') + r.text);
    return map;
  });
  return order.map((key) => ({
    key,
    cells: columns.map((c, i): AlignedCell => {
      const text = texts[i]!.get(key);
      return text === undefined ? { present: false, reason: c.absentReason(key) } : { present: true, text, chars: text.length };
    }),
  }));
}

import type { CompareCell, CompareColumnView, CompareResult, CompareTokens } from '../../../../shared/ipc/contract';

/** What a column is: the same spec built the same way (a column moved keeps its counts, one replaced does not). */
const columnIdentity = (c: CompareColumnView): string => JSON.stringify([c.spec, c.label, c.variantId, c.preset, c.kind]);

const cellSize = (cell: CompareCell | undefined): number | null => (cell && 'text' in cell ? cell.text.length : null);

/**
 * The counts of `before` (counted for the result `was`) as they hold for the newer result
 * `now`, until the host counts `now` a moment later: by row key and column, never by position
 * (a row or column added, removed or moved would shift every count after it), and only where
 * what was counted did not change size — a section, a total, a column's budgets; elsewhere
 * none (the view shows its count as pending). As the preview's sizes keep theirs
 * (store/kept-counts.ts).
 */
export function carryTokens(was: CompareResult, before: CompareTokens, now: CompareResult): CompareTokens {
  const oldColumn = new Map<string, number>();
  was.columns.forEach((c, j) => {
    const id = columnIdentity(c);
    if (!oldColumn.has(id)) oldColumn.set(id, j);
  });
  const from = now.columns.map((c) => oldColumn.get(columnIdentity(c)));
  const sameTotal = now.columns.map((c, i) => from[i] !== undefined && was.columns[from[i]!]!.chars === c.chars && !c.error);
  const oldRow = new Map(was.rows.map((row, r) => [row.key, r]));
  const carried = <T>(values: readonly (T | null)[] | undefined, r: number, cells: readonly CompareCell[]): (T | null)[] =>
    cells.map((cell, i) => {
      const j = from[i];
      const size = cellSize(cell);
      if (values === undefined || j === undefined || size === null || cellSize(was.rows[r]?.cells[j]) !== size) return null;
      return values[j] ?? null;
    });
  const rows = now.rows.map((row) => {
    const r = oldRow.get(row.key);
    return r === undefined ? row.cells.map(() => null) : carried(before.rows[r], r, row.cells);
  });
  const chars = before.chars
    ? now.rows.map((row) => {
        const r = oldRow.get(row.key);
        return r === undefined ? row.cells.map(() => null) : carried(before.chars![r], r, row.cells);
      })
    : undefined;
  const byColumn = <T>(values: readonly (T | null)[] | undefined): (T | null)[] =>
    now.columns.map((_, i) => (sameTotal[i] ? (values?.[from[i]!] ?? null) : null));
  return {
    seq: now.seq,
    rows,
    ...(chars ? { chars } : {}),
    totals: byColumn(before.totals),
    budgets: byColumn(before.budgets),
    ...(before.contextWindows ? { contextWindows: byColumn(before.contextWindows) } : {}),
  };
}

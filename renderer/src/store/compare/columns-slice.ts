import type { CompareColumnSpec, CompareResult, CompareTokens } from '../../../../shared/ipc/contract';
import { MAX_COMPARE_COLUMNS } from '../../../../shared/ipc/limits';
import { call } from '../api';
import { mark } from '../../../../shared/ipc/trace';
import type { SliceCreator } from '../types';
import { focusVariantId } from '../focus';
import { loadColumns, saveColumns } from './compare-storage';
import { carryTokens } from './carry-tokens';

/** The compare view's columns: what they are (remembered per workspace), what the host built, their token counts. */
export interface CompareColumnsSlice {
  compareColumns: CompareColumnSpec[];
  compareResult: CompareResult | null;
  /** The counts of compareResult (its seq): the host's, or until they come those of the result before that still hold (carry-tokens.ts). */
  compareTokens: CompareTokens | null;
  /** The columns, made first (the remembered ones, else the default two) when there are none yet. */
  ensureCompareColumns(): CompareColumnSpec[];
  /** Asks the host for the columns now and after every edit (none: stop). */
  startCompare(): Promise<void>;
  stopCompare(): Promise<void>;
  setCompareColumns(columns: CompareColumnSpec[]): void;
  addCompareColumn(column: CompareColumnSpec): void;
  removeCompareColumn(index: number): void;
  moveCompareColumn(index: number, by: -1 | 1): void;
  applyCompareResult(result: CompareResult): void;
  applyCompareTokens(tokens: CompareTokens): void;
}

/** Two columns to start with: the variant shown and the generic one (or the first other). */
function defaultColumns(variants: string[], current: string | null): CompareColumnSpec[] {
  const first = current ?? variants[0];
  if (!first) return [];
  const second = variants.find((v) => v !== first && v === 'generic') ?? variants.find((v) => v !== first);
  return second
    ? [
        { kind: 'variant', variantId: first },
        { kind: 'variant', variantId: second },
      ]
    : [{ kind: 'variant', variantId: first }];
}

export const createCompareColumnsSlice: SliceCreator<CompareColumnsSlice> = (set, get) => {
  let live = false;
  let n = 0;
  const root = (): string | null => get().workspace?.root ?? null;
  const send = async (): Promise<void> => {
    const k = ++n;
    const r = await call('compare:set', { columns: live ? get().compareColumns : [], context: get().contextSpec() });
    if (r && k === n && live) get().applyCompareResult(r);
  };
  return {
    compareColumns: [],
    compareResult: null,
    compareTokens: null,
    ensureCompareColumns() {
      if (get().compareColumns.length === 0) {
        const remembered = loadColumns(root());
        const variants = get().workspace?.variants.map((v) => v.id) ?? [];
        set({ compareColumns: remembered?.length ? remembered : defaultColumns(variants, focusVariantId(get())) });
      }
      return get().compareColumns;
    },
    async startCompare() {
      live = true;
      get().ensureCompareColumns();
      await send();
    },
    async stopCompare() {
      if (!live) return;
      live = false;
      await send();
    },
    setCompareColumns(columns) {
      const next = columns.slice(0, MAX_COMPARE_COLUMNS);
      set({ compareColumns: next });
      saveColumns(root(), next);
      if (live) void send();
    },
    addCompareColumn(column) {
      const columns = get().compareColumns;
      if (columns.length >= MAX_COMPARE_COLUMNS) {
        get().notify('info', `At most ${MAX_COMPARE_COLUMNS} columns: remove one first.`);
        return;
      }
      get().setCompareColumns([...columns, column]);
    },
    removeCompareColumn(index) {
      get().setCompareColumns(get().compareColumns.filter((_, i) => i !== index));
    },
    moveCompareColumn(index, by) {
      const columns = [...get().compareColumns];
      const to = index + by;
      if (to < 0 || to >= columns.length) return;
      [columns[index], columns[to]] = [columns[to]!, columns[index]!];
      get().setCompareColumns(columns);
    },
    applyCompareResult(result) {
      mark('apply:compare');
      const cur = get().compareResult;
      if (!live || (cur && result.seq <= cur.seq)) return;
      const tokens = get().compareTokens;
      set({ compareResult: result, compareTokens: cur && tokens ? carryTokens(cur, tokens, result) : null });
    },
    applyCompareTokens(tokens) {
      if (get().compareResult?.seq !== tokens.seq) return;
      set({ compareTokens: tokens });
    },
  };
};

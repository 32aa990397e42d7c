import type { BudgetLine } from '../../../../shared/engine/budgets/token-budgets';
import type { CacheView } from '../../../../shared/ipc/contract';
import { call, callRaw } from '../api';
import type { SliceCreator } from '../types';

/** The prompt-cache view of the build the preview shows, and its usage of the variant's token budgets. */
export interface CacheSlice {
  cacheView: CacheView | null;
  /** The volatile fields the "other session" changes. */
  sessionFields: string[];
  budgets: { variantId: string; lines: BudgetLine[] } | null;
  loadCache(): Promise<void>;
  setSessionFields(fields: string[]): void;
  loadBudgets(): Promise<void>;
}

export const createCacheSlice: SliceCreator<CacheSlice> = (set, get) => {
  let n = 0;
  let b = 0;
  return {
    cacheView: null,
    sessionFields: ['cwd', 'date'],
    budgets: null,
    async loadCache() {
      const target = get().target;
      if (!target) return;
      const k = ++n;
      const r = await call('compare:cache', { target, context: get().contextSpec(), sessionFields: get().sessionFields });
      if (k === n) set({ cacheView: r ?? null });
    },
    setSessionFields(fields) {
      set({ sessionFields: fields });
      void get().loadCache();
    },
    async loadBudgets() {
      const target = get().target;
      if (!target || target.kind === 'profile') {
        set({ budgets: null });
        return;
      }
      const k = ++b;
      // A side figure: a failure (no workspace yet, a broken preset) just shows no budgets.
      const r = await callRaw('compare:budgets', { target, context: get().contextSpec() });
      if (k === b) set({ budgets: r.ok ? r.value : null });
    },
  };
};

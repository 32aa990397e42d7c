import type { BaselineSpec } from '../../../shared/ipc/contract';
import type { SliceCreator } from './types';

export interface DiffStats {
  added: number;
  removed: number;
  addedTokens: number | null;
  removedTokens: number | null;
}

export interface DiffSlice {
  diffOn: boolean;
  diffLayout: 'inline' | 'side';
  /** What the diff compares with; the host builds it only while the diff is shown. */
  baselineChoice: BaselineSpec;
  diffStats: DiffStats | null;
  toggleDiff(on?: boolean): void;
  setDiffLayout(layout: 'inline' | 'side'): void;
  setBaselineChoice(b: BaselineSpec): void;
  setDiffStats(stats: DiffStats | null): void;
  effectiveBaseline(): BaselineSpec;
}

export function describeBaseline(b: BaselineSpec): string {
  switch (b.kind) {
    case 'none':
      return 'nothing';
    case 'saved':
      return 'the last saved version';
    case 'variant':
      return `variant ${b.variantId}`;
    case 'preset':
      return `preset ${b.name}`;
    case 'snapshot':
      return `snapshot ${b.name}`;
  }
}

/** A baseline as one string (`saved`, `variant:xs`, `preset:basic`, `snapshot:before`). */
export function baselineKey(b: BaselineSpec): string {
  switch (b.kind) {
    case 'none':
    case 'saved':
      return b.kind;
    case 'variant':
      return `variant:${b.variantId}`;
    case 'preset':
      return `preset:${b.name}`;
    case 'snapshot':
      return `snapshot:${b.name}`;
  }
}

export function sameBaseline(a: BaselineSpec, b: BaselineSpec): boolean {
  return baselineKey(a) === baselineKey(b);
}

export const createDiffSlice: SliceCreator<DiffSlice> = (set, get) => ({
  diffOn: false,
  diffLayout: 'inline',
  baselineChoice: { kind: 'saved' },
  diffStats: null,
  toggleDiff(on) {
    const next = on ?? !get().diffOn;
    if (next === get().diffOn) return;
    set({ diffOn: next, diffStats: null });
    get().announce(next ? `Diff against ${describeBaseline(get().baselineChoice)}` : 'Diff off');
    void get().refreshPreview();
  },
  setDiffLayout(layout) {
    set({ diffLayout: layout });
  },
  setBaselineChoice(b) {
    set({ baselineChoice: b, diffStats: null });
    if (get().diffOn) void get().refreshPreview();
  },
  setDiffStats(stats) {
    set({ diffStats: stats });
  },
  effectiveBaseline() {
    return get().diffOn ? get().baselineChoice : { kind: 'none' };
  },
});

import type { ChannelResponse } from '../../../../shared/ipc/contract';
import { call } from '../api';
import type { SliceCreator } from '../types';
import { previewText } from '../preview-slice';
import { createCacheSlice, type CacheSlice } from './cache-slice';
import { createCompareColumnsSlice, type CompareColumnsSlice } from './columns-slice';
import { createMatrixSlice, type MatrixSlice } from './matrix-slice';
import { createRoutingSlice, type RoutingSlice } from './routing-slice';
import { createCompareViewSlice, type CompareViewSlice } from './view-slice';

export type SelectionExplanation = ChannelResponse<'select:explain'>[number];

/** Pinned baselines and the selection explanation of the bottom panel. */
export interface PinsSlice {
  /** Names of the texts pinned as baselines in this session. */
  snapshots: string[];
  explanations: SelectionExplanation[] | null;
  /** Keeps the preview text as a named baseline and diffs against it. */
  pinSnapshot(name: string): Promise<boolean>;
  explainSelection(modelIds?: string[]): Promise<void>;
}

/** Everything the compare folder keeps in the store: pins, the compare view, its columns, routing, matrix, cache and budgets. */
export type CompareSlice = PinsSlice & CompareViewSlice & CompareColumnsSlice & RoutingSlice & MatrixSlice & CacheSlice;

export const createCompareSlice: SliceCreator<CompareSlice> = (...a) => ({
  ...createPinsSlice(...a),
  ...createCompareViewSlice(...a),
  ...createCompareColumnsSlice(...a),
  ...createRoutingSlice(...a),
  ...createMatrixSlice(...a),
  ...createCacheSlice(...a),
});

const createPinsSlice: SliceCreator<PinsSlice> = (set, get) => ({
  snapshots: [],
  explanations: null,
  async pinSnapshot(name) {
    const text = previewText(await get().currentPreview());
    const names = await call('snapshot:pin', { name, text });
    if (!names) return false;
    // The host keeps a bounded number of pins: say which ones it let go.
    const dropped = get().snapshots.filter((n) => !names.includes(n));
    set({ snapshots: names });
    get().setBaselineChoice({ kind: 'snapshot', name });
    get().announce(dropped.length ? `Pinned ${name}; no longer kept: ${dropped.join(', ')} (oldest pins go first)` : `Pinned ${name}`);
    return true;
  },
  async explainSelection(modelIds) {
    const r = await call(
      'select:explain',
      modelIds && modelIds.length ? { context: get().contextSpec(), modelIds } : { context: get().contextSpec() },
    );
    set({ explanations: r ?? null });
  },
});

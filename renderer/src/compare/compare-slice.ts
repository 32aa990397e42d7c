import type { ChannelResponse } from '../../../shared/ipc/contract';
import { call } from '../store/api';
import type { SliceCreator } from '../store/types';
import { previewText } from '../preview/preview-slice';

export type SelectionExplanation = ChannelResponse<'select:explain'>[number];

export interface CompareSlice {
  /** Names of the texts pinned as baselines in this session. */
  snapshots: string[];
  explanations: SelectionExplanation[] | null;
  /** Keeps the preview text as a named baseline and diffs against it. */
  pinSnapshot(name: string): Promise<boolean>;
  explainSelection(modelIds?: string[]): Promise<void>;
}

export const createCompareSlice: SliceCreator<CompareSlice> = (set, get) => ({
  snapshots: [],
  explanations: null,
  async pinSnapshot(name) {
    const text = previewText(get().preview);
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

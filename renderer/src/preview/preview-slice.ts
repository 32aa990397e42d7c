import type { VariantBuildResult } from '../../../shared/engine/build/build-result';
import type { BuildTarget, EventPayload, PreviewResult } from '../../../shared/ipc/contract';
import { call } from '../store/api';
import type { SliceCreator } from '../store/types';
import { buildOutline, type OutlineEntry } from './outline';

export type PreviewTab = 'prompt' | 'outline' | 'warnings' | 'tools';

export interface PreviewSlice {
  target: BuildTarget | null;
  preview: PreviewResult | null;
  tokens: EventPayload<'preview:tokens'> | null;
  /** Token counts (o200k) of each outline entry of the shown result. */
  outlineTokens: { seq: number; counts: number[] } | null;
  previewTab: PreviewTab;
  setTarget(target: BuildTarget): void;
  refreshPreview(): Promise<void>;
  applyPreview(result: PreviewResult): void;
  applyTokens(tokens: EventPayload<'preview:tokens'>): void;
  setPreviewTab(tab: PreviewTab): void;
}

/** The outline of a result, memoised on the result object. */
const outlineCache = new WeakMap<object, OutlineEntry[]>();
export function outlineOf(preview: PreviewResult | null): OutlineEntry[] {
  if (!preview || !preview.outcome.ok) return [];
  const result = preview.outcome.result;
  let o = outlineCache.get(result);
  if (!o) {
    o = buildOutline(result);
    outlineCache.set(result, o);
  }
  return o;
}

/** The shown result when it is a variant build (of `variantId`, when given). */
export function variantResultOf(preview: PreviewResult | null | undefined, variantId?: string): VariantBuildResult | undefined {
  if (!preview?.outcome.ok || preview.outcome.result.kind !== 'variant') return undefined;
  const result = preview.outcome.result as VariantBuildResult;
  return variantId === undefined || result.variantId === variantId ? result : undefined;
}

export function previewText(preview: PreviewResult | null): string {
  return preview?.outcome.ok ? preview.outcome.result.text : '';
}

export const createPreviewSlice: SliceCreator<PreviewSlice> = (set, get) => {
  let tokenTimer: ReturnType<typeof setTimeout> | undefined;
  let refreshN = 0;
  /** Per-section token counts: off the typing path, once the result has settled. */
  const scheduleOutlineTokens = (): void => {
    clearTimeout(tokenTimer);
    tokenTimer = setTimeout(async () => {
      const preview = get().preview;
      if (!preview?.outcome.ok) return;
      const text = preview.outcome.result.text;
      const entries = outlineOf(preview);
      const counts: number[] = [];
      for (let i = 0; i < entries.length; i += 64) {
        const batch = entries.slice(i, i + 64).map((e) => text.slice(e.start, e.end));
        const r = await call('tokens:count', { texts: batch });
        if (!r) return;
        counts.push(...r.map((c) => c.o200k));
      }
      if (get().preview?.seq === preview.seq) set({ outlineTokens: { seq: preview.seq, counts } });
    }, 300);
  };

  return {
    target: null,
    preview: null,
    tokens: null,
    outlineTokens: null,
    previewTab: 'prompt',
    setTarget(target) {
      set({ target });
      void get().refreshPreview();
    },
    async refreshPreview() {
      const target = get().target;
      if (!target) return;
      const n = ++refreshN;
      const r = await call('preview:set', { target, context: get().contextSpec(), baseline: get().effectiveBaseline() });
      if (r && n === refreshN) get().applyPreview(r);
    },
    applyPreview(result) {
      const cur = get().preview;
      if (cur && result.seq <= cur.seq) return;
      set({ preview: result });
      scheduleOutlineTokens();
    },
    applyTokens(tokens) {
      const cur = get().preview;
      if (cur && tokens.seq < cur.seq) return;
      set({ tokens });
    },
    setPreviewTab(tab) {
      set({ previewTab: tab });
    },
  };
};

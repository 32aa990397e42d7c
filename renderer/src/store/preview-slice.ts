import type { VariantBuildResult } from '../../../shared/engine/build/build-result';
import type { StackBuildResult } from '../../../shared/stack/build';
import type { EventPayload, PreviewResult } from '../../../shared/ipc/contract';
import { sameTarget } from './focus';
import { call } from './api';
import { mark } from '../../../shared/ipc/trace';
import { previewTextPieces } from '../../../shared/ipc/preview-wire';
import type { SliceCreator } from './types';
import { buildOutline, entryText, type OutlineEntry } from './outline';

export type PreviewTab = 'prompt' | 'outline' | 'warnings' | 'tools' | 'instructions' | 'run';

export interface PreviewSlice {
  preview: PreviewResult | null;
  tokens: EventPayload<'preview:tokens'> | null;
  /** Token counts (o200k) of each outline entry of the shown result. */
  outlineTokens: { seq: number; counts: number[] } | null;
  previewTab: PreviewTab;
  /**
   * The latest build of the shown target failed (a file broke while typing): `preview` keeps
   * the last result that built, shown dimmed, and this says why the newer one did not.
   */
  previewStale: { seq: number; error: string } | null;
  /**
   * The host builds no preview while this window has it out of sight (store/preview-shown.ts):
   * from then until its first build after it shows again, what `preview` holds may be behind.
   */
  previewBehind: boolean;
  refreshPreview(): Promise<void>;
  /** The preview's result, built afresh first when it may be behind (copying it, pinning it). */
  currentPreview(): Promise<PreviewResult | null>;
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
    // Read by ranges from the decoder's pieces when it patched the text (no copy of a long prompt per keystroke).
    o = buildOutline(result, previewTextPieces(result) ?? result.text);
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

/** The shown result when it is a stack build (an OpenCode-style profile). */
export function stackResultOf(preview: PreviewResult | null | undefined): StackBuildResult | undefined {
  if (!preview?.outcome.ok || preview.outcome.result.kind !== 'stack') return undefined;
  return preview.outcome.result as unknown as StackBuildResult;
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
        const batch = entries.slice(i, i + 64).map((e) => entryText(text, e));
        const r = await call('tokens:count', { texts: batch });
        if (!r) return;
        counts.push(...r.map((c) => c.o200k));
      }
      if (get().preview?.seq === preview.seq) set({ outlineTokens: { seq: preview.seq, counts } });
    }, 300);
  };

  return {
    preview: null,
    tokens: null,
    outlineTokens: null,
    previewTab: 'prompt',
    previewStale: null,
    previewBehind: false,
    async currentPreview() {
      if (get().previewBehind) await get().refreshPreview();
      return get().preview;
    },
    async refreshPreview() {
      const target = get().target;
      if (!target) return;
      const n = ++refreshN;
      const r = await call('preview:set', { target, context: get().contextSpec(), baseline: get().effectiveBaseline() });
      if (r && n === refreshN) get().applyPreview(r);
    },
    applyPreview(result) {
      mark('apply:preview');
      const cur = get().preview;
      const stale = get().previewStale;
      if (result.seq <= Math.max(cur?.seq ?? 0, stale?.seq ?? 0)) return;
      // A build of what was shown before the focus moved (store/focus.ts) is not the preview's any more.
      if (!sameTarget(result.target, get().target)) return;
      if (!result.outcome.ok && cur?.outcome.ok && sameTarget(cur.target, result.target)) {
        // Keep showing what built last; say why the new one did not (one banner, updated in place).
        set({ previewStale: { seq: result.seq, error: result.outcome.error } });
        return;
      }
      set({ preview: result, previewStale: null });
      scheduleOutlineTokens();
    },
    applyTokens(tokens) {
      const cur = get().preview;
      if (cur && tokens.seq < cur.seq) return;
      // The counts of a build that failed (an empty text) are not those of the prompt shown.
      const stale = get().previewStale;
      if (stale && tokens.seq >= stale.seq) return;
      set({ tokens });
    },
    setPreviewTab(tab) {
      set({ previewTab: tab });
    },
  };
};

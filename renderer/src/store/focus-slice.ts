import type { BuildTarget } from '../../../shared/ipc/contract';
import type { DocRef } from '../../../shared/ipc/doc-ref';
import { nextTarget, sameTarget } from './focus';
import type { SliceCreator } from './types';

export interface FocusSlice {
  /**
   * What the workbench shows (the preview, its diff, the Components, Placeholders and Context
   * tabs, the explorer's highlight): the target the active document implies, or the one shown
   * before when it implies none (focus.ts decides; nothing else sets it).
   */
  target: BuildTarget | null;
  /** Shows a variant and makes its template the active document (`behind`: behind a compare view in front, see openDoc). */
  selectVariant(id: string, opts?: { behind?: boolean }): Promise<void>;
  /** Shows a stack profile (with an agent, or its default one) and makes its profile.yaml the active document. */
  selectProfile(id: string, agent?: string | null): Promise<void>;
  /** The active document changed: shows the target it implies (called by the store itself, store/index.ts). */
  followActiveDoc(): void;
}

export const createFocusSlice: SliceCreator<FocusSlice> = (set, get) => {
  /** The stack preset a profile builds with, when none is chosen yet. */
  const ensureStackPreset = async (): Promise<void> => {
    if (get().stackPresetName) return;
    const stackPreset = get().workspace?.presets.find((p) => p.kind === 'stack')?.name;
    if (stackPreset) await get().loadPreset(stackPreset, false);
  };
  /** Shows `target`: the documents its views read are loaded, the preview is asked for it. */
  const show = async (target: BuildTarget | null): Promise<void> => {
    if (!target || sameTarget(target, get().target)) return;
    // At once: a document activated meanwhile derives its target from this one.
    set({ target, previewStale: null });
    if (target.kind === 'variant') {
      // The Components and Placeholders tabs read the variant's files.
      void get().ensureDoc({ kind: 'variant-config', variantId: target.variantId });
      void get().ensureDoc({ kind: 'variant-template', variantId: target.variantId });
    } else await ensureStackPreset();
    if (sameTarget(get().target, target)) await get().refreshPreview();
  };
  const activeRef = (): DocRef | null => {
    const key = get().activeTab;
    return key ? (get().docs[key]?.ref ?? null) : null;
  };
  return {
    target: null,
    async selectVariant(id, opts) {
      const shown = show({ kind: 'variant', variantId: id });
      await get().openDoc({ kind: 'variant-template', variantId: id }, opts);
      await shown;
    },
    async selectProfile(id, agent = null) {
      const shown = show(agent ? { kind: 'profile', profileId: id, agent } : { kind: 'profile', profileId: id });
      await get().openDoc({ kind: 'profile-file', profileId: id, file: 'profile.yaml' });
      await shown;
    },
    followActiveDoc() {
      void show(nextTarget(activeRef(), get().target));
    },
  };
};

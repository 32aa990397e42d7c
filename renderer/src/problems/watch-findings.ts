import type { StoreApi } from 'zustand/vanilla';
import type { StudioState } from '../store/types';

/** How long after the last edit the workspace is checked again (checks build every variant × preset). */
export const CHECK_DELAY_MS = 400;

/** Checks the workspace again a moment after it, a document or the model list changed; returns the unsubscribe function. */
export function watchFindings(store: StoreApi<StudioState>, delayMs = CHECK_DELAY_MS): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const off = store.subscribe((s, prev) => {
    // The model list decides which variants are unreachable (UNREACHABLE_VARIANT).
    if (s.workspace === prev.workspace && s.docs === prev.docs && s.modelCatalog === prev.modelCatalog) return;
    if (!s.workspace) return;
    clearTimeout(timer);
    timer = setTimeout(() => void store.getState().refreshFindings(), delayMs);
  });
  return () => {
    clearTimeout(timer);
    off();
  };
}

import type { StoreApi } from 'zustand/vanilla';
import type { StudioState } from '../store/types';

/** How long after the last edit the workspace is checked again (checks build every variant × preset). */
export const CHECK_DELAY_MS = 400;

/**
 * Checks the workspace again a moment after it, a document or the model list changed; returns
 * the unsubscribe function. Nothing is checked before `ready` (the first screen's texts: a
 * check builds every variant × preset, and the host would build it before the first prompt).
 */
export function watchFindings(
  store: StoreApi<StudioState>,
  delayMs = CHECK_DELAY_MS,
  ready: Promise<void> = Promise.resolve(),
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isReady = false;
  let waiting = false;
  let stopped = false;
  const schedule = (): void => {
    clearTimeout(timer);
    if (!isReady) {
      waiting = true;
      return;
    }
    timer = setTimeout(() => void store.getState().refreshFindings(), delayMs);
  };
  void ready.then(() => {
    isReady = true;
    if (waiting && !stopped) schedule();
  });
  const off = store.subscribe((s, prev) => {
    // The model list decides which variants are unreachable (UNREACHABLE_VARIANT).
    if (s.workspace === prev.workspace && s.docs === prev.docs && s.modelCatalog === prev.modelCatalog) return;
    if (!s.workspace) return;
    schedule();
  });
  return () => {
    stopped = true;
    clearTimeout(timer);
    off();
  };
}

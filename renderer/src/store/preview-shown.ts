import type { StoreApi } from 'zustand/vanilla';
import { callRaw } from './api';
import { previewPaneCovered } from './shown-tab';
import type { StudioState } from './types';

/** This window, to the host: preview:shown is kept per window (another one may still show the preview). */
const WINDOW = `window-${Math.random().toString(36).slice(2, 12)}`;

/**
 * Tells the host whether this window has the preview on screen (preview:shown): now, and at
 * every change. While it is covered the host builds no preview and `previewBehind` is set;
 * once shown again, the host rebuilds what it left out (its result comes before the answer)
 * and the flag goes. Returns the function that stops following.
 */
export function followPreviewShown(store: StoreApi<StudioState>): () => void {
  let shown = !previewPaneCovered(store.getState());
  let told = 0;
  const tell = async (value: boolean): Promise<void> => {
    const n = ++told;
    if (!value) store.setState({ previewBehind: true });
    const r = await callRaw('preview:shown', { window: WINDOW, shown: value });
    if (!value || n !== told) return;
    // Not told (the host is gone, or answered an error): ask for the preview itself.
    if (!r.ok) await store.getState().refreshPreview();
    if (n === told) store.setState({ previewBehind: false });
  };
  void tell(shown);
  return store.subscribe((s) => {
    const now = !previewPaneCovered(s);
    if (now === shown) return;
    shown = now;
    void tell(now);
  });
}

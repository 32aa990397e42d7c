import type { StudioState } from '../store/types';

/**
 * Monaco is loaded after the app's first paint, once: the views that use it wait for this,
 * and the store listeners it brings (the preview and diff editors) join the first subscriber.
 */
export const monacoListeners: ((s: StudioState, prev: StudioState) => void)[] = [];

let ready: Promise<void> | null = null;

export function monacoReady(): Promise<void> {
  ready ??= import('../app/monaco-boot').then((m) => {
    monacoListeners.push(...m.bootMonaco());
  });
  return ready;
}

import type { StudioState } from '../store/types';

export type MonacoListener = (s: StudioState, prev: StudioState) => void;

/**
 * Monaco is loaded after the app's first paint, once: the views that use it wait for this,
 * and the store listeners it brings (the preview and diff editors) join the first subscriber.
 * What loading it means (the template language, the theme, the markers, those listeners) is
 * the app's to say (app/monaco-boot.ts, set from main.tsx): the views here only wait.
 */
export const monacoListeners: MonacoListener[] = [];

let boot: () => Promise<MonacoListener[]> = () => Promise.resolve([]);
let ready: Promise<void> | null = null;

/** Says how Monaco is loaded (before the first monacoReady call). */
export function setMonacoBoot(load: () => Promise<MonacoListener[]>): void {
  boot = load;
}

export function monacoReady(): Promise<void> {
  ready ??= boot().then((listeners) => {
    monacoListeners.push(...listeners);
  });
  return ready;
}

import features from './chromium-features.json' with { type: 'json' };

/**
 * Chromium features the desktop app turns off (the list is JSON so that `npm run bench:ui`
 * can launch its Chromium the same way).
 *
 * DeferRendererTasksAfterInput: after a key press Chromium holds back IPC, WebSocket and
 * posted-message tasks until the frame that paints the key has been produced. For a web page
 * that protects the key's own paint; here it means the preview of the edit — built by the
 * host in about a millisecond — waits for the next frame (up to one vsync interval) plus
 * that frame's work before it may even be applied, so the editor and the preview are never
 * updated in the same frame. Measured in headless Chromium on the generic variant: keystroke
 * to preview p95 about 20 ms with the deferral, about 14 ms without it.
 */
export const DISABLED_CHROMIUM_FEATURES: readonly string[] = features.disable;

export function disableChromiumFeatures(commandLine: { appendSwitch(name: string, value?: string): void }): void {
  commandLine.appendSwitch('disable-features', DISABLED_CHROMIUM_FEATURES.join(','));
}

import { afterEach, describe, expect, it } from 'vitest';
import type { PreviewResult } from '../../../shared/ipc/contract';
import { createFakeApi } from '../testing/fake-api';
import { setupStore } from '../testing/setup-store';
import { promptCovered, shownPreviewTab } from './shown-tab';

let cleanup: () => void = () => {};
afterEach(() => cleanup());

const target = { kind: 'variant', variantId: 'generic' } as const;
function built(native: boolean): PreviewResult {
  const tools = native ? { native: { openai: [], anthropic: [], gemini: [] } } : {};
  return {
    seq: 1,
    target,
    outcome: { ok: true, kind: 'variant', result: { kind: 'variant', text: 'prompt', tools } as never, durationMs: 1 },
    baseline: { spec: { kind: 'none' }, text: null },
  };
}

describe('whether the prompt (or the diff in its place) is on screen', () => {
  it('follows the preview tab shown, falling back to the prompt when the chosen tab has nothing to show', () => {
    const { store, disconnect } = setupStore(createFakeApi());
    cleanup = disconnect;
    store.setState({ target, preview: built(false), previewTab: 'tools' });
    expect(shownPreviewTab(store.getState())).toBe('prompt');
    expect(promptCovered(store.getState())).toBe(false);
    store.setState({ preview: built(true) });
    expect(shownPreviewTab(store.getState())).toBe('tools');
    expect(promptCovered(store.getState())).toBe(true);
    store.setState({ previewTab: 'run' });
    expect(shownPreviewTab(store.getState(), false)).toBe('prompt');
    expect(promptCovered(store.getState())).toBe(true);
    store.setState({ previewTab: 'warnings' });
    expect(promptCovered(store.getState())).toBe(true);
    store.setState({ previewTab: 'prompt' });
    expect(promptCovered(store.getState())).toBe(false);
  });

  it('is covered while the compare view takes the whole window, and shown again when it gives the window back', () => {
    const { store, disconnect } = setupStore(createFakeApi());
    cleanup = disconnect;
    store.setState({ target, preview: built(false), previewTab: 'prompt', compareActive: true, compareLayout: 'beside' });
    expect(promptCovered(store.getState())).toBe(false);
    store.setState({ compareLayout: 'window' });
    expect(promptCovered(store.getState())).toBe(true);
    store.setState({ compareActive: false });
    expect(promptCovered(store.getState())).toBe(false);
  });
});

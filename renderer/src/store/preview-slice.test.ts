import { afterEach, describe, expect, it } from 'vitest';
import type { PreviewResult } from '../../../shared/ipc/contract';
import { createFakeApi } from '../testing/fake-api';
import { setupStore } from '../testing/setup-store';

let cleanup: () => void = () => {};
afterEach(() => cleanup());

const result = (seq: number, text: string): PreviewResult => ({
  seq,
  target: { kind: 'variant', variantId: 'generic' },
  outcome: { ok: true, kind: 'stack', result: { kind: 'stack', text, sections: [] }, durationMs: 1 },
  baseline: { spec: { kind: 'none' }, text: null },
});

describe('preview slice', () => {
  it('ignores results older than the one shown', () => {
    const api = createFakeApi();
    const { store, disconnect } = setupStore(api);
    cleanup = disconnect;
    store.setState({ target: { kind: 'variant', variantId: 'generic' } });
    api.emit('preview:result', result(5, 'five'));
    api.emit('preview:result', result(4, 'four'));
    expect(store.getState().preview!.seq).toBe(5);
    api.emit('preview:result', result(6, 'six'));
    expect(store.getState().preview!.seq).toBe(6);
  });

  it('asks for a baseline only while the diff is on, and rebuilds when it changes', async () => {
    const api = createFakeApi({
      handlers: { 'preview:set': (req) => ({ ...result(1, 'x'), baseline: { spec: req.baseline, text: null } }) },
    });
    const { store, disconnect } = setupStore(api);
    cleanup = disconnect;
    store.setState({ target: { kind: 'variant', variantId: 'generic' } });
    void store.getState().refreshPreview();
    store.getState().toggleDiff(true);
    store.getState().setBaselineChoice({ kind: 'variant', variantId: 'xs' });
    store.getState().toggleDiff(false);
    await new Promise((r) => setTimeout(r, 0));
    expect(api.callsOf('preview:set').map((c) => c.baseline)).toEqual([
      { kind: 'none' },
      { kind: 'saved' },
      { kind: 'variant', variantId: 'xs' },
      { kind: 'none' },
    ]);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import type { PreviewResult } from '../../../../shared/ipc/contract';
import { createFakeApi, failedPreview } from '../../testing/fake-api';
import { setupStore } from '../../testing/setup-store';

let cleanup: () => void = () => {};
afterEach(() => cleanup());

describe('compare slice', () => {
  it('pins the prompt shown now as a snapshot and diffs against it', async () => {
    const api = createFakeApi({
      handlers: {
        'snapshot:pin': ({ name }) => [name],
        'preview:set': failedPreview(2),
      },
    });
    const { store, disconnect } = setupStore(api);
    cleanup = disconnect;
    const shown: PreviewResult = {
      seq: 1,
      target: { kind: 'variant', variantId: 'generic' },
      outcome: { ok: true, kind: 'stack', result: { kind: 'stack', text: 'The prompt as it is now', sections: [] }, durationMs: 1 },
      baseline: { spec: { kind: 'none' }, text: null },
    };
    store.setState({ target: shown.target });
    store.getState().applyPreview(shown);
    store.getState().toggleDiff(true);
    expect(await store.getState().pinSnapshot('before')).toBe(true);
    expect(api.callsOf('snapshot:pin')).toEqual([{ name: 'before', text: 'The prompt as it is now' }]);
    expect(store.getState().snapshots).toEqual(['before']);
    expect(store.getState().baselineChoice).toEqual({ kind: 'snapshot', name: 'before' });
    expect(api.callsOf('preview:set').at(-1)!.baseline).toEqual({ kind: 'snapshot', name: 'before' });
  });

  it('says which pins the host no longer keeps', async () => {
    const api = createFakeApi({ handlers: { 'snapshot:pin': ({ name }) => ['b', name], 'preview:set': failedPreview(2) } });
    const { store, disconnect } = setupStore(api);
    cleanup = disconnect;
    store.setState({ snapshots: ['a', 'b'], target: { kind: 'variant', variantId: 'generic' } });
    expect(await store.getState().pinSnapshot('c')).toBe(true);
    await Promise.resolve();
    expect(store.getState().snapshots).toEqual(['b', 'c']);
    expect(store.getState().announcement).toBe('Pinned c; no longer kept: a (oldest pins go first)');
  });

  it('asks the host which variant each model id gets under the current context', async () => {
    const api = createFakeApi({
      handlers: {
        'select:explain': (req) =>
          (req.modelIds ?? []).map((m) => ({
            modelId: m,
            variantId: m.startsWith('gpt-5') ? 'gpt-5' : 'generic',
            summary: 'why',
            steps: [],
          })),
      },
    });
    const { store, disconnect } = setupStore(api);
    cleanup = disconnect;
    store.setState({ presetName: 'basic', target: { kind: 'variant', variantId: 'generic' } });
    await store.getState().explainSelection(['gpt-5', 'claude-sonnet-4']);
    expect(api.callsOf('select:explain')).toEqual([{ context: { kind: 'preset', name: 'basic' }, modelIds: ['gpt-5', 'claude-sonnet-4'] }]);
    expect(store.getState().explanations!.map((e) => [e.modelId, e.variantId])).toEqual([
      ['gpt-5', 'gpt-5'],
      ['claude-sonnet-4', 'generic'],
    ]);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import type { PreviewResult } from '../../../shared/ipc/contract';
import { createFakeApi } from '../testing/fake-api';
import { setupStore } from '../testing/setup-store';

let cleanup: () => void = () => {};
afterEach(() => cleanup());

const target = { kind: 'variant', variantId: 'hermes' } as const;
function built(seq: number, text: string): PreviewResult {
  return {
    seq,
    target,
    outcome: { ok: true, kind: 'variant', result: { kind: 'variant', text } as never, durationMs: 1 },
    baseline: { spec: { kind: 'none' }, text: null },
  };
}
function failed(seq: number, error: string, t: PreviewResult['target'] = target): PreviewResult {
  return { seq, target: t, outcome: { ok: false, error }, baseline: { spec: { kind: 'none' }, text: null } };
}

describe('a build that fails while typing', () => {
  it('keeps the last good prompt and says why, until a build succeeds again', () => {
    const api = createFakeApi();
    const { store, disconnect } = setupStore(api);
    cleanup = disconnect;
    store.setState({ target });
    api.emit('preview:result', built(1, 'good'));
    api.emit('preview:result', failed(2, "no variant 'hermes' in this workspace"));
    api.emit('preview:result', failed(3, "no variant 'hermes' in this workspace"));
    expect(store.getState().preview!.outcome).toMatchObject({ ok: true, result: { text: 'good' } });
    expect(store.getState().previewStale).toEqual({ seq: 3, error: "no variant 'hermes' in this workspace" });
    // The token counts of the failed build (of an empty text) are not shown for the kept prompt.
    api.emit('preview:tokens', { seq: 3, text: { o200k: 0, cl100k: 0 }, baseline: null });
    expect(store.getState().tokens).toBeNull();
    // Older results stay ignored; the next good one replaces both.
    api.emit('preview:result', built(2, 'older'));
    expect(store.getState().preview!.seq).toBe(1);
    api.emit('preview:result', built(4, 'good again'));
    expect(store.getState().previewStale).toBeNull();
    expect(store.getState().preview!.outcome).toMatchObject({ ok: true, result: { text: 'good again' } });
    // No notice per keystroke: the banner is the one place the problem shows.
    expect(store.getState().notices).toEqual([]);
  });

  it('shows the failure itself when there is nothing good of this target to keep', () => {
    const api = createFakeApi();
    const { store, disconnect } = setupStore(api);
    cleanup = disconnect;
    store.setState({ target });
    api.emit('preview:result', built(1, 'good'));
    // The focus moved to xs: a result of hermes is no longer the preview's, xs's failure is shown.
    store.setState({ target: { kind: 'variant', variantId: 'xs' } });
    api.emit('preview:result', built(2, 'late hermes'));
    expect(store.getState().preview!.seq).toBe(1);
    api.emit('preview:result', failed(3, 'broken', { kind: 'variant', variantId: 'xs' }));
    expect(store.getState().preview!.outcome.ok).toBe(false);
    expect(store.getState().previewStale).toBeNull();
  });
});

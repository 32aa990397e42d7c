// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, failedPreview, workspaceView } from '../testing/fake-api';
import { setupStore } from '../testing/setup-store';

/**
 * Issue 23, items 3 and 4: what stands between the start and the first texts. The drafts are
 * asked for with the workspace, and the first preview is built with the preset's name while
 * the preset is still being read here (its YAML loads after the first screen).
 */

let cleanup: () => void = () => {};
afterEach(() => {
  cleanup();
  // The session of one test (its compare view open) is not the next one's.
  localStorage.clear();
});

function start() {
  const api = createFakeApi({
    docs: [
      { ref: { kind: 'preset', name: 'basic' }, text: 'context:\n  cwd: /basic\n' },
      { ref: { kind: 'variant-template', variantId: 'generic' }, text: 'x' },
      { ref: { kind: 'variant-config', variantId: 'generic' }, text: 'id: generic\n' },
    ],
    handlers: { 'workspace:get': () => workspaceView(), 'preview:set': failedPreview() },
  });
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const read = api['doc:read'].bind(api);
  api['doc:read'] = async (request) => {
    if (request.ref.kind === 'preset') await gate;
    return read(request);
  };
  const s = setupStore(api);
  cleanup = s.disconnect;
  return { ...s, release };
}

describe('the start', () => {
  it('asks for the drafts with the workspace, and builds the first preview before the preset is read', async () => {
    const { store, api, release } = start();
    await store.getState().initWorkspace();
    expect(api.calls.slice(0, 2).map((c) => c.channel)).toEqual(['drafts:list', 'workspace:get']);
    expect(api.callsOf('drafts:list')).toHaveLength(1);
    // The preset's read is still held back: the preview was asked for by the preset's name.
    expect(api.callsOf('preview:set')).toEqual([
      { target: { kind: 'variant', variantId: 'generic' }, context: { kind: 'preset', name: 'basic' }, baseline: { kind: 'none' } },
    ]);
    expect(store.getState()).toMatchObject({ presetName: 'basic', context: {}, contextEdited: false });
    release();
    await vi.waitFor(() => expect(store.getState().context).toEqual({ cwd: '/basic' }));
    // Read as it was built: nothing to build again.
    expect(api.callsOf('preview:set')).toHaveLength(1);
  });
});

describe('the compare view opened while the workspace loads', () => {
  it('stays in front of the first document', async () => {
    const { store, release } = start();
    release();
    store.getState().openCompare();
    expect(store.getState()).toMatchObject({ compareOpen: true, compareActive: true, compareColumns: [] });
    await store.getState().initWorkspace();
    expect(store.getState()).toMatchObject({
      compareOpen: true,
      compareActive: true,
      activeTab: 'variant-template:generic',
      tabs: ['variant-template:generic'],
    });
    // Another document the user opens steps in front of it, as any does.
    await store.getState().openDoc({ kind: 'variant-config', variantId: 'generic' });
    expect(store.getState()).toMatchObject({ compareOpen: true, compareActive: false, activeTab: 'variant-config:generic' });
  });

  it('is not put in front at the start when it was not', async () => {
    const { store, release } = start();
    release();
    await store.getState().initWorkspace();
    expect(store.getState()).toMatchObject({ compareOpen: false, compareActive: false, activeTab: 'variant-template:generic' });
  });
});

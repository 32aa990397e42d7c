// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkspaceView } from '../../../shared/ipc/contract';
import { createFakeApi, failedPreview, workspaceView } from '../testing/fake-api';
import { flush, setupStore } from '../testing/setup-store';
import { saveColumns } from './compare/compare-storage';

let cleanup: () => void = () => {};
beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

const VIEW = workspaceView({
  root: '/ws/a',
  presets: [
    { name: 'basic', description: '', kind: 'variant' },
    { name: 'plan', description: '', kind: 'variant' },
    { name: 'stack-basic', description: '', kind: 'stack' },
  ],
});

/** The app as it starts (a first start, or after a reload or a kill): the store, its workspace opened. */
async function start(view: WorkspaceView = VIEW) {
  const api = createFakeApi({
    docs: [
      { ref: { kind: 'preset', name: 'basic' }, text: 'context:\n  cwd: /basic\n' },
      { ref: { kind: 'preset', name: 'plan' }, text: 'context:\n  cwd: /plan\n  providerInfo:\n    mode: plan\n' },
      { ref: { kind: 'preset', name: 'stack-basic' }, text: 'kind: stack\ncontext:\n  agent: build\n' },
      { ref: { kind: 'variant-template', variantId: 'generic' }, text: 'x' },
      { ref: { kind: 'variant-config', variantId: 'generic' }, text: 'id: generic\n' },
    ],
    handlers: { 'workspace:get': () => view, 'preview:set': failedPreview() },
  });
  const s = setupStore(api);
  cleanup();
  cleanup = s.disconnect;
  await s.store.getState().initWorkspace();
  await flush();
  return s;
}

describe('a reload or a kill', () => {
  it('brings back the context as edited, its preset, and the compare view; and forgets them once undone', async () => {
    let { store } = await start();
    expect(store.getState().presetName).toBe('basic');
    await store.getState().loadPreset('plan');
    store.getState().setContextField(['providerInfo', 'model', 'id'], 'gpt-5');
    await store.getState().loadPreset('stack-basic');
    store.getState().setStackField(['userSystem'], 'Answer briefly.');
    store.getState().openCompare('routing');

    const restarted = await start();
    ({ store } = restarted);
    expect(store.getState()).toMatchObject({
      presetName: 'plan',
      context: { cwd: '/plan', providerInfo: { mode: 'plan', model: { id: 'gpt-5' } } },
      contextEdited: true,
      contextError: null,
      compareOpen: true,
      compareActive: true,
      compareTab: 'routing',
    });
    // The edited context is what the preview is built with.
    await new Promise((r) => setTimeout(r, 80));
    expect(restarted.api.callsOf('preview:set').at(-1)!.context).toEqual({ kind: 'inline', context: store.getState().context });
    // The stack profile's context too, with its preset.
    expect(store.getState().stackPresetName).toBe('stack-basic');
    expect(store.getState().stackContext).toEqual({ agent: 'build', userSystem: 'Answer briefly.' });

    // Undone: the preset as saved, the compare view closed; a reload keeps that.
    await store.getState().loadPreset('plan');
    store.getState().closeCompare();
    ({ store } = await start());
    // The preset's context is read while the preview is already built by its name.
    await vi.waitFor(() =>
      expect(store.getState()).toMatchObject({ presetName: 'plan', context: { cwd: '/plan' }, contextEdited: false, compareOpen: false }),
    );
  });

  it('keeps each workspace’s own; edits survive their preset being gone; stored nonsense is ignored', async () => {
    let { store } = await start();
    await store.getState().loadPreset('plan');
    store.getState().setContextField(['cwd'], '/mine');
    // Another workspace remembers nothing of it.
    ({ store } = await start({ ...VIEW, root: '/ws/b', sessionId: 's2' }));
    expect(store.getState()).toMatchObject({ presetName: 'basic', contextEdited: false, context: { cwd: '/basic' } });
    // The preset went from the workspace: the default one, with the edits over it.
    ({ store } = await start({ ...VIEW, presets: VIEW.presets.filter((p) => p.name !== 'plan') }));
    expect(store.getState()).toMatchObject({
      presetName: 'basic',
      contextEdited: true,
      context: { cwd: '/mine', providerInfo: { mode: 'plan' } },
    });

    localStorage.setItem(
      'variant-studio.session',
      JSON.stringify({ '/ws/a': { preset: 42, edited: 'x', compare: { open: 'yes', tab: 'nope' } } }),
    );
    ({ store } = await start());
    expect(store.getState()).toMatchObject({ presetName: 'basic', contextEdited: false, compareOpen: false, compareTab: 'columns' });
    localStorage.setItem('variant-studio.session', '{not json');
    ({ store } = await start());
    expect(store.getState()).toMatchObject({ presetName: 'basic', contextEdited: false });
  });
  it('opens the compare view over the whole window from three columns unless a layout was chosen; the choice is kept per workspace', async () => {
    const three = ['generic', 'xs', 'gpt-5'].map((variantId) => ({ kind: 'variant' as const, variantId }));
    let { store } = await start();
    // Two columns: beside the editor.
    store.getState().setCompareColumns(three.slice(0, 2));
    store.getState().openCompare();
    expect(store.getState()).toMatchObject({ compareLayout: 'beside', compareLayoutChoice: null });
    store.getState().closeCompare();
    store.getState().setCompareColumns(three);
    store.getState().openCompare();
    expect(store.getState().compareLayout).toBe('window');
    // Chosen: beside the editor, and so it opens again, also after a reload.
    store.getState().toggleCompareWindow();
    expect(store.getState()).toMatchObject({ compareLayout: 'beside', compareLayoutChoice: 'beside' });
    store.getState().closeCompare();
    store.getState().openCompare();
    expect(store.getState().compareLayout).toBe('beside');
    store.getState().closeCompare();
    ({ store } = await start());
    expect(store.getState().compareLayoutChoice).toBe('beside');
    store.getState().openCompare();
    expect(store.getState().compareLayout).toBe('beside');
    // Asked for once (the diff wants room): shown so, not remembered.
    store.getState().openCompare('columns', { layout: 'window' });
    expect(store.getState()).toMatchObject({ compareLayout: 'window', compareLayoutChoice: 'beside' });

    // Another workspace with three columns has no choice of its own yet: whole window.
    saveColumns('/ws/b', three);
    ({ store } = await start({ ...VIEW, root: '/ws/b', sessionId: 's2' }));
    store.getState().openCompare();
    expect(store.getState()).toMatchObject({ compareLayout: 'window', compareLayoutChoice: null });
    store.getState().chooseCompareLayout('alone');
    // The first one kept its own.
    ({ store } = await start());
    store.getState().openCompare();
    expect(store.getState().compareLayout).toBe('beside');
    ({ store } = await start({ ...VIEW, root: '/ws/b', sessionId: 's2' }));
    store.getState().openCompare();
    expect(store.getState().compareLayout).toBe('alone');
  });
});

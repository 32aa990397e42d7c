import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { StudioApi } from '../../../shared/ipc/contract';
import { plainMessage } from '../app/plain-message';
import { createUiSlice } from '../app/ui-slice';
import { createBundlesSlice } from '../bundles/bundles-slice';
import { createCompareSlice } from '../compare/compare-slice';
import { createComponentsSlice } from '../components-list/components-slice';
import { createContextSlice } from '../context-form/context-slice';
import { createDiffSlice } from '../diff/diff-slice';
import { createDocsSlice } from '../editor/docs-slice';
import { createWorkspaceSlice } from '../explorer/workspace-slice';
import { createPaletteSlice } from '../palette/palette-slice';
import { createPlaceholdersSlice } from '../placeholders/placeholders-slice';
import { createPreviewSlice } from '../preview/preview-slice';
import { createProblemsSlice } from '../problems/problems-slice';
import { setApi, setApiErrorListener } from './api';
import type { StudioState } from './types';

export type { StudioState } from './types';

export function createStudioStore(): StoreApi<StudioState> {
  return createStore<StudioState>()((...a) => ({
    ...createUiSlice(...a),
    ...createWorkspaceSlice(...a),
    ...createDocsSlice(...a),
    ...createPreviewSlice(...a),
    ...createDiffSlice(...a),
    ...createContextSlice(...a),
    ...createComponentsSlice(...a),
    ...createPlaceholdersSlice(...a),
    ...createPaletteSlice(...a),
    ...createCompareSlice(...a),
    ...createBundlesSlice(...a),
    ...createProblemsSlice(...a),
  }));
}

/** The app's store. Tests make their own with createStudioStore and connectStore. */
export let studio: StoreApi<StudioState> = createStudioStore();

export function useStudio<T>(selector: (s: StudioState) => T): T {
  return useStore(studio, selector);
}

/** Wires a store to an API: events in, errors shown. Returns a function that unplugs it. */
export function connectStore(api: StudioApi, store: StoreApi<StudioState> = studio): () => void {
  studio = store;
  setApi(api);
  setApiErrorListener((_channel, error) => store.getState().notify('error', plainMessage(error.message)));
  const offs = [
    api.on('workspace:changed', (v) => store.getState().applyWorkspace(v)),
    api.on('doc:changedOnDisk', (p) => store.getState().applyDiskChange(p)),
    api.on('doc:text', (p) => store.getState().applyRemoteText(p)),
    api.on('host:notice', (n) => store.getState().notify(n.kind, n.message)),
    api.on('preview:result', (r) => store.getState().applyPreview(r)),
    api.on('preview:tokens', (t) => store.getState().applyTokens(t)),
    api.on('bundle:progress', (p) => store.getState().applyBundleProgress(p)),
    api.on('compare:result', (r) => store.getState().applyCompareResult(r)),
    api.on('compare:tokens', (t) => store.getState().applyCompareTokens(t)),
    api.on('compare:matrixTokens', (t) => store.getState().applyMatrixTokens(t)),
  ];
  return () => offs.forEach((off) => off());
}

/** A stable empty list for selectors (a fresh [] per call would re-render forever). */
export const NONE: never[] = [];

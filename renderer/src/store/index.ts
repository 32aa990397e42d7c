import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { StudioApi } from '../../../shared/ipc/contract';
import { plainMessage } from '../ui/plain-message';
import { createUiSlice } from './ui-slice';
import { createBundlesSlice } from './bundles-slice';
import { createCompareSlice } from './compare/compare-slice';
import { createComponentsSlice } from './components-slice';
import { createContextSlice } from './context-slice';
import { createDiffSlice } from './diff-slice';
import { createDocsSlice } from './docs-slice';
import { createWorkspaceSlice } from './workspace-slice';
import { createPaletteSlice } from './palette-slice';
import { createPlaceholdersSlice } from './placeholders-slice';
import { createPreviewSlice } from './preview-slice';
import { createProblemsSlice } from './problems-slice';
import { createFocusSlice } from './focus-slice';
import { createRunSlice } from './run/run-slice';
import { rememberSession } from './session-memory';
import { rememberInitialState } from './workspace-reset';
import { setApi, setApiErrorListener } from './api';
import type { StudioState } from './types';

export type { StudioState } from './types';

export function createStudioStore(): StoreApi<StudioState> {
  const store = createStore<StudioState>()((...a) => ({
    ...createUiSlice(...a),
    ...createWorkspaceSlice(...a),
    ...createFocusSlice(...a),
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
    ...createRunSlice(...a),
  }));
  rememberInitialState(store);
  rememberSession(store);
  // The one rule of what is shown (focus.ts): whatever makes another document active, the target follows.
  store.subscribe((s, prev) => {
    if (s.activeTab !== prev.activeTab) s.followActiveDoc();
    // Showing a document (a tab, a jump to a line) brings the editor back in front of the compare view.
    if (s.activeTab !== prev.activeTab || s.reveal !== prev.reveal) s.hideCompare();
  });
  return store;
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
    api.on('compare:matrixProgress', (p) => store.getState().applyMatrixProgress(p)),
    api.on('run:event', (e) => store.getState().applyRunEvent(e)),
    api.on('eval:progress', (p) => store.getState().applyEvalProgress(p)),
    api.on('eval:cells', (c) => store.getState().applyEvalCells(c)),
  ];
  return () => offs.forEach((off) => off());
}

/** A stable empty list for selectors (a fresh [] per call would re-render forever). */
export const NONE: never[] = [];

import type { StoreApi } from 'zustand/vanilla';
import type { WorkspaceView } from '../../../shared/ipc/contract';
import { call, callRaw } from './api';
import { withFolder } from './with-folder';
import type { SliceCreator, StudioState } from './types';
import { restoreSession } from './session-memory';
import { initialWorkspaceState } from './workspace-reset';

export interface WorkspaceSlice {
  workspace: WorkspaceView | null;
  initWorkspace(): Promise<void>;
  applyWorkspace(view: WorkspaceView): void;
  openFolder(path?: string): Promise<void>;
  /** Opens the built-in variants (read-only), after asking about unsaved edits. */
  openBuiltin(): Promise<void>;
  copyWorkspace(path?: string): Promise<boolean>;
}

/** The variant a fresh session shows: generic when it exists. */
export function defaultVariant(view: WorkspaceView): string | null {
  return view.variants.find((v) => v.id === 'generic')?.id ?? view.variants[0]?.id ?? null;
}

/**
 * What a workspace opens on: the session remembered for it (its context and compare view,
 * session-memory.ts), else its `basic` preset (or its first); generic (else its first variant).
 */
async function openOn(store: StoreApi<StudioState>, view: WorkspaceView, start = false): Promise<void> {
  const get = store.getState;
  const presets = view.presets.filter((p) => p.kind === 'variant').map((p) => p.name);
  const preset = presets.includes('basic') ? 'basic' : (presets[0] ?? null);
  const memory = await restoreSession(store, view, preset);
  const variant = defaultVariant(view);
  // At the start, behind a compare view the user opened while the workspace loaded (it stays in
  // front); another workspace's first document steps in front of it (workspace-reset.ts).
  if (variant) await get().selectVariant(variant, { behind: start });
  if (memory?.compare.open) {
    get().openCompare(memory.compare.tab);
    if (!memory.compare.active) get().hideCompare();
  }
}

export const createWorkspaceSlice: SliceCreator<WorkspaceSlice> = (set, get, store) => ({
  workspace: null,
  async initWorkspace() {
    // Asked with the workspace (one round trip less before the first texts): the drafts of the one the host has open.
    const drafts = callRaw('drafts:list', {}).then((r) => (r.ok ? r.value : undefined));
    let view = await call('workspace:get', {});
    const opened = !view;
    if (!view) view = (await call('workspace:openBuiltin', {})) ?? null;
    if (!view) return;
    get().applyWorkspace(view);
    await get().offerDrafts(opened ? undefined : drafts);
    await openOn(store, view, true);
  },
  applyWorkspace(view) {
    const previous = get().workspace;
    // Said once per opened workspace: why it is open, an interrupted import finished or rolled back.
    if (previous?.sessionId !== view.sessionId) for (const notice of view.notices ?? []) get().notify('error', notice);
    if (previous && previous.sessionId !== view.sessionId) {
      // Another workspace: nothing of the old one stays (workspace-reset.ts lists what goes).
      get().forgetAllDocs();
      set({ ...initialWorkspaceState(store), workspace: view });
      void openOn(store, view);
      return;
    }
    set({ workspace: view });
    // Keep the open docs' dirty flags and names in step with the host's list (a document
    // created a moment ago gets its title when the host first lists it).
    // A variant whose file broke while typing is not announced here (it would be once per
    // keystroke): the preview keeps its last prompt with a banner naming the problem.
    get().syncDocInfo(view.documents);
  },
  async openFolder(path) {
    if (!(await get().confirmDiscardAll('Open another workspace?'))) return;
    const view = await withFolder('workspace:openFolder', path, 'Open a workspace folder', (t) => get().notify('error', t));
    if (view) get().applyWorkspace(view);
  },
  async openBuiltin() {
    if (!(await get().confirmDiscardAll('Open the built-in variants?'))) return;
    const view = await call('workspace:openBuiltin', {});
    if (view) get().applyWorkspace(view);
  },
  async copyWorkspace(path) {
    const view = await withFolder('workspace:copyTo', path, 'Copy the workspace into a new folder of your own', (t) =>
      get().notify('error', t),
    );
    if (!view) return false;
    get().applyWorkspace(view);
    get().notify('info', `Copied into ${view.root ?? 'a new workspace'}; you are editing the copy now.`);
    return true;
  },
});

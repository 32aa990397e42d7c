import type { DocRef, WorkspaceView } from '../../../shared/ipc/contract';
import { call } from '../store/api';
import { withFolder } from '../store/with-folder';
import type { SliceCreator } from '../store/types';

export interface WorkspaceSlice {
  workspace: WorkspaceView | null;
  /** The variant the components list, placeholders and preview are about. */
  currentVariantId: string | null;
  currentProfileId: string | null;
  currentAgent: string | null;
  initWorkspace(): Promise<void>;
  applyWorkspace(view: WorkspaceView): void;
  selectVariant(id: string, openTemplate?: boolean): Promise<void>;
  selectProfile(id: string, agent?: string | null): Promise<void>;
  openFolder(path?: string): Promise<void>;
  copyWorkspace(path?: string): Promise<boolean>;
}

/** The variant a fresh session shows: generic when it exists. */
export function defaultVariant(view: WorkspaceView): string | null {
  return view.variants.find((v) => v.id === 'generic')?.id ?? view.variants[0]?.id ?? null;
}

export const createWorkspaceSlice: SliceCreator<WorkspaceSlice> = (set, get) => ({
  workspace: null,
  currentVariantId: null,
  currentProfileId: null,
  currentAgent: null,
  async initWorkspace() {
    let view = await call('workspace:get', {});
    if (!view) view = (await call('workspace:openBuiltin', {})) ?? null;
    if (!view) return;
    get().applyWorkspace(view);
    await get().offerDrafts();
    const presets = view.presets.filter((p) => p.kind === 'variant').map((p) => p.name);
    const preset = presets.includes('basic') ? 'basic' : (presets[0] ?? null);
    if (preset) await get().loadPreset(preset, false);
    const variant = defaultVariant(view);
    if (variant) await get().selectVariant(variant, true);
  },
  applyWorkspace(view) {
    const previous = get().workspace;
    set({ workspace: view });
    // Said once per opened workspace: why it is open, an interrupted import finished or rolled back.
    if (previous?.sessionId !== view.sessionId) for (const notice of view.notices ?? []) get().notify('error', notice);
    if (previous && previous.sessionId !== view.sessionId) {
      // Another workspace: tabs and history of the old one mean nothing here.
      get().forgetAllDocs();
      const variant = defaultVariant(view);
      set({ currentVariantId: null, currentProfileId: null });
      if (variant) void get().selectVariant(variant, true);
      return;
    }
    // Keep the open docs' dirty flags and names in step with the host's list (a document
    // created a moment ago gets its title when the host first lists it).
    // A variant whose file broke while typing is not announced here (it would be once per
    // keystroke): the preview keeps its last prompt with a banner naming the problem.
    get().syncDocInfo(view.documents);
  },
  async selectVariant(id, openTemplate = false) {
    set({ currentVariantId: id, currentProfileId: null, currentAgent: null });
    await get().ensureDoc({ kind: 'variant-config', variantId: id });
    get().setTarget({ kind: 'variant', variantId: id });
    if (openTemplate) await get().openDoc({ kind: 'variant-template', variantId: id });
  },
  async selectProfile(id, agent = null) {
    set({ currentProfileId: id, currentAgent: agent, currentVariantId: null });
    if (!get().stackPresetName) {
      const stackPreset = get().workspace?.presets.find((p) => p.kind === 'stack')?.name;
      if (stackPreset) await get().loadPreset(stackPreset, false);
    }
    const ref: DocRef = { kind: 'profile-file', profileId: id, file: 'profile.yaml' };
    await get().openDoc(ref);
    get().setTarget(agent ? { kind: 'profile', profileId: id, agent } : { kind: 'profile', profileId: id });
  },
  async openFolder(path) {
    if (!(await get().confirmDiscardAll('Open another workspace?'))) return;
    const view = await withFolder('workspace:openFolder', path, 'Open a workspace folder', (t) => get().notify('error', t));
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

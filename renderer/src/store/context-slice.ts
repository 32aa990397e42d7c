import { mergePresetContext } from '../../../shared/domain/merge-context';
import type { ContextSpec, WorkspaceView } from '../../../shared/ipc/contract';
import { docKey } from '../../../shared/ipc/doc-key';
import type { DocRef } from '../../../shared/ipc/doc-ref';
import { setIn, type Path } from '../ui/json-path';
import { call } from './api';
import { withFolder } from './with-folder';
import type { SliceCreator } from './types';
import type * as PresetFilesModule from './preset-files';

type Json = Record<string, unknown>;

export interface ContextSlice {
  /** The preset the context came from (null: none). */
  presetName: string | null;
  /** The simulated context as the form shows it (a preset's, extends applied, then edited). */
  context: Json;
  /** The user changed the context since the preset was loaded. */
  contextEdited: boolean;
  /** Why the edited context is not valid (the preview keeps the last valid one). */
  contextError: string | null;
  /** The stack-profile context (agent, user system text, virtual files, ...). */
  stackContext: Json;
  stackPresetName: string | null;
  /** Where instruction files come from: the context's virtual tree, or the real folders (read by the host). */
  stackDiscovery: 'virtual' | 'real';
  setStackDiscovery(d: 'virtual' | 'real'): void;
  /** Real discovery: the standard global instruction locations the user switched off (ids). */
  stackGlobalsOff: string[];
  setStackGlobalOff(id: string, off: boolean): void;
  /** Asks the host for the working folder whose real instruction files the preview reads; it becomes the stack context's cwd. */
  chooseWorkingFolder(): Promise<void>;
  /** Which presets hold stack contexts (`kind: stack`), learned by reading them. */
  loadPreset(name: string, refresh?: boolean): Promise<void>;
  setContextField(path: Path, value: unknown): void;
  replaceContext(context: Json): void;
  setStackField(path: Path, value: unknown): void;
  savePreset(name: string, description?: string): Promise<boolean>;
  fillFromMachine(): Promise<void>;
  contextSpec(): ContextSpec;
}

/**
 * Every preset of the workspace: the host lists the Cline-style ones it could load; stack
 * presets (and broken ones) are known only as documents under contexts/.
 */
export type PresetEntry = WorkspaceView['presets'][number];

/**
 * Every preset of the workspace: those the host loaded (with their kind) and preset files it
 * could not load or that are new (taken as variant presets until they load).
 */
export function allPresets(ws: WorkspaceView | null): PresetEntry[] {
  if (!ws) return [];
  const out = new Map(ws.presets.map((p) => [p.name, p]));
  for (const d of ws.documents)
    if (d.ref.kind === 'preset' && !out.has(d.ref.name)) out.set(d.ref.name, { name: d.ref.name, description: '', kind: 'variant' });
  return [...out.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Objects merge deep, arrays and scalars are replaced (as presets' `extends`, the engine's rule). */
export const deepMerge = (base: Json, over: Json): Json => mergePresetContext(base, over) as Json;

type PresetFiles = typeof PresetFilesModule;
let presetFiles: PresetFiles | undefined;
/** The preset-file and context-check functions (preset-files.ts, a chunk of its own): loaded once, when first needed. */
async function loadPresetFiles(): Promise<PresetFiles> {
  presetFiles ??= await import('./preset-files');
  return presetFiles;
}

export const createContextSlice: SliceCreator<ContextSlice> = (set, get) => {
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  const refreshSoon = (): void => {
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => void get().refreshPreview(), 60);
  };
  // A preset is read through the host: the user may edit a field (or pick another preset)
  // before it arrives. The latest load wins, and the edits made meanwhile are applied over
  // the preset's context instead of being overwritten by it.
  const presetLoads = { variant: 0, stack: 0 };
  let editsWhileLoading: ((context: Json) => Json)[] | null = null;
  const recordEdit = (edit: (context: Json) => Json): void => {
    editsWhileLoading?.push(edit);
  };
  // An edited context is sent only once checked (preset-files.ts): until then, and while it
  // does not validate, the preview keeps the preset. The check is at once when loaded (it is
  // by the first preset read), else once it is.
  let unchecked: Json | null = null;
  const edited = (context: Json): void => {
    const apply = (check: PresetFiles['validateContext']): void => {
      if (get().context !== context) return;
      unchecked = null;
      const contextError = check(context);
      set({ contextError });
      if (!contextError) refreshSoon();
    };
    set({ context, contextEdited: true });
    if (presetFiles) return apply(presetFiles.validateContext);
    unchecked = context;
    void loadPresetFiles().then((files) => apply(files.validateContext));
  };
  return {
    presetName: null,
    context: {},
    contextEdited: false,
    contextError: null,
    stackContext: {},
    stackPresetName: null,
    stackDiscovery: 'virtual',
    stackGlobalsOff: [],
    setStackGlobalOff(id, off) {
      const rest = get().stackGlobalsOff.filter((g) => g !== id);
      set({ stackGlobalsOff: off ? [...rest, id] : rest });
      if (get().stackDiscovery === 'real') void get().refreshPreview();
    },
    async chooseWorkingFolder() {
      const granted = await withFolder('stack:grantFolder', undefined, 'Working folder whose instruction files the preview reads', (text) =>
        get().notify('error', text),
      );
      if (!granted) return;
      set({ stackContext: setIn(get().stackContext, ['cwd'], granted.path), stackDiscovery: 'real' });
      get().announce(`Reading instruction files at and above ${granted.path}`);
      await get().refreshPreview();
    },
    setStackDiscovery(d) {
      set({ stackDiscovery: d });
      void get().refreshPreview();
    },
    async loadPreset(name, refresh = true) {
      // Stack and variant presets fill different fields: a load of one does not make a load of the other stale.
      const kind = get().workspace?.presets.find((p) => p.name === name)?.kind;
      const slot = kind === 'stack' ? 'stack' : 'variant';
      const load = ++presetLoads[slot];
      if (slot === 'variant') editsWhileLoading = [];
      // A preset the host lists as a variant one is built by name: the preview need not wait for it to be read here.
      if (kind === 'variant') set({ presetName: name, contextEdited: false });
      const files = await loadPresetFiles();
      const r = await files.resolvePreset(async (ref) => (await get().ensureDoc(ref))?.text, name);
      if (load !== presetLoads[slot]) return;
      const edits = slot === 'variant' ? (editsWhileLoading ?? []) : [];
      if (slot === 'variant') editsWhileLoading = null;
      if (typeof r === 'string') {
        get().notify('error', r);
        return;
      }
      if (r.kind === 'stack') {
        set({ stackContext: r.context, stackPresetName: name });
        get().announce(`Stack preset ${name}`);
        if (refresh && get().target?.kind === 'profile') await get().refreshPreview();
        return;
      }
      const context = edits.reduce((c, edit) => edit(c), r.context);
      unchecked = null;
      set({ presetName: name, context, contextEdited: edits.length > 0, contextError: files.validateContext(context) });
      get().announce(edits.length > 0 ? `Preset ${name}, with your edits made while it loaded` : `Preset ${name}`);
      // Edits made meanwhile were sent over the context shown before: the preview follows them over this one.
      if (refresh || edits.length > 0) await get().refreshPreview();
    },
    setContextField(path, value) {
      recordEdit((c) => setIn(c, path, value));
      edited(setIn(get().context, path, value));
    },
    replaceContext(context) {
      recordEdit(() => context);
      edited(context);
    },
    setStackField(path, value) {
      set({ stackContext: setIn(get().stackContext, path, value) });
      refreshSoon();
    },
    async savePreset(name, description) {
      const ref: DocRef = { kind: 'preset', name };
      const base = get().presetName;
      const key = docKey(ref);
      const exists = get().workspace?.presets.some((p) => p.name === name) || get().workspace?.documents.some((d) => d.key === key);
      if (exists) {
        const doc = await get().ensureDoc(ref);
        if (!doc) return false;
        // Only the lines of what changed: comments, `extends` and the rest of the file stay.
        const files = await loadPresetFiles();
        const text = await files.presetFileWith(doc.text, get().context, description, async (r) => (await get().ensureDoc(r))?.text);
        if (typeof text !== 'string') {
          get().notify('error', `Could not save preset ${name}: ${text.error}`);
          return false;
        }
        get().editDoc(key, text, 'structured');
      } else {
        const text = (await loadPresetFiles()).newPresetText(description ?? (base ? `Based on ${base}` : ''), get().context);
        const info = await call('doc:create', { ref, text });
        if (!info || !(await get().ensureDoc(ref))) return false;
      }
      if (!(await get().saveDoc(key))) return false;
      set({ presetName: name, contextEdited: false });
      get().announce(`Saved preset ${name}`);
      return true;
    },
    async fillFromMachine() {
      const m = await call('machine:info', {});
      if (!m) return;
      let context = setIn(get().context, ['machine'], { os: m.os, shell: m.shell, homeDir: m.homeDir, platform: m.platform });
      context = setIn(context, ['cwd'], m.cwd);
      get().replaceContext(context);
      get().announce('Filled from this machine');
    },
    contextSpec() {
      const target = get().target;
      if (target?.kind === 'profile') {
        const { stackDiscovery: discovery, stackGlobalsOff: globalsOff } = get();
        if (discovery !== 'real') return { kind: 'stack', context: get().stackContext };
        return globalsOff.length
          ? { kind: 'stack', context: get().stackContext, discovery, globalsOff }
          : { kind: 'stack', context: get().stackContext, discovery };
      }
      const { presetName, contextEdited, contextError, context } = get();
      if (presetName && (!contextEdited || contextError || context === unchecked)) return { kind: 'preset', name: presetName };
      return { kind: 'inline', context: context as never };
    },
  };
};

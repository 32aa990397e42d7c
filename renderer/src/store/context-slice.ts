import { stringify as stringifyYaml } from 'yaml';
import { SystemPromptContextSchema } from '../../../shared/domain/context';
import { mergePresetContext } from '../../../shared/domain/preset';
import type { ContextSpec, WorkspaceView } from '../../../shared/ipc/contract';
import { docKey, type DocRef } from '../../../shared/ipc/doc-ref';
import { getIn as getYamlIn, syncIn } from '../../../shared/yaml-source/edit-yaml-source';
import { describeYamlProblem, readYaml } from '../../../shared/yaml/bounded-yaml';
import { isObject, setIn, type Path } from '../ui/json-path';
import { call } from './api';
import { withFolder } from './with-folder';
import type { SliceCreator } from './types';

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

export function validateContext(context: Json): string | null {
  const r = SystemPromptContextSchema.safeParse(context);
  if (r.success) return null;
  const i = r.error.issues[0]!;
  return `${i.path.join('.') || 'context'}: ${i.message}`;
}

/** Reads a preset and the presets it extends (through the host, as documents). */
export async function resolvePreset(
  read: (ref: DocRef) => Promise<string | undefined>,
  name: string,
): Promise<{ context: Json; description: string; kind: 'variant' | 'stack' } | string> {
  const chain: string[] = [];
  const layers: Json[] = [];
  let description = '';
  let kind: 'variant' | 'stack' = 'variant';
  let cur: string | undefined = name;
  while (cur !== undefined) {
    if (chain.includes(cur)) return `preset ${name}: 'extends' makes a cycle (${[...chain, cur].join(' -> ')})`;
    chain.push(cur);
    const text = await read({ kind: 'preset', name: cur });
    if (text === undefined) return `preset ${cur} cannot be read`;
    const yaml = readYaml(text);
    if (!yaml.ok) return `contexts/${cur}.yaml: ${describeYamlProblem(yaml)}`;
    const parsed = yaml.value;
    const file = (isObject(parsed) ? parsed : {}) as { context?: unknown; extends?: unknown; description?: unknown; kind?: unknown };
    if (chain.length === 1 && typeof file.description === 'string') description = file.description;
    if (chain.length === 1 && file.kind === 'stack') kind = 'stack';
    layers.unshift(isObject(file.context) ? file.context : {});
    cur = typeof file.extends === 'string' ? file.extends : undefined;
  }
  return { context: layers.reduce((acc, l) => deepMerge(acc, l), {} as Json), description, kind };
}

/** What a preset's own `context` holds so that, over `base` (its `extends`), it gives `context`. */
export function overridesOf(base: Json, context: Json): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(context)) {
    const b = base[k];
    if (isObject(v) && isObject(b)) {
      const sub = overridesOf(b, v);
      if (Object.keys(sub).length > 0) out[k] = sub;
    } else if (JSON.stringify(v) !== JSON.stringify(b)) out[k] = v;
  }
  return out;
}

/**
 * A preset file's text with `context` (and `description`, when given) written into it as
 * the fewest line changes. A preset that extends another keeps only what differs from it.
 */
export async function presetFileWith(
  text: string,
  context: Json,
  description: string | undefined,
  read: (ref: DocRef) => Promise<string | undefined>,
): Promise<string | { error: string }> {
  try {
    const ext = getYamlIn(text, ['extends']);
    let layer = context;
    if (typeof ext === 'string') {
      const base = await resolvePreset(read, ext);
      if (typeof base === 'string') return { error: base };
      layer = overridesOf(base.context, context);
    }
    let out = syncIn(text, ['context'], layer);
    if (description !== undefined) out = syncIn(out, ['description'], description);
    return out;
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
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
  let presetLoads = 0;
  let editsWhileLoading: ((context: Json) => Json)[] | null = null;
  const recordEdit = (edit: (context: Json) => Json): void => {
    editsWhileLoading?.push(edit);
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
      const load = ++presetLoads;
      editsWhileLoading = [];
      const r = await resolvePreset(async (ref) => (await get().ensureDoc(ref))?.text, name);
      if (load !== presetLoads) return;
      const edits = editsWhileLoading;
      editsWhileLoading = null;
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
      set({ presetName: name, context, contextEdited: edits.length > 0, contextError: validateContext(context) });
      get().announce(edits.length > 0 ? `Preset ${name}, with your edits made while it loaded` : `Preset ${name}`);
      if (refresh) await get().refreshPreview();
    },
    setContextField(path, value) {
      recordEdit((c) => setIn(c, path, value));
      const context = setIn(get().context, path, value);
      const contextError = validateContext(context);
      set({ context, contextEdited: true, contextError });
      if (!contextError) refreshSoon();
    },
    replaceContext(context) {
      recordEdit(() => context);
      const contextError = validateContext(context);
      set({ context, contextEdited: true, contextError });
      if (!contextError) refreshSoon();
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
        const text = await presetFileWith(doc.text, get().context, description, async (r) => (await get().ensureDoc(r))?.text);
        if (typeof text !== 'string') {
          get().notify('error', `Could not save preset ${name}: ${text.error}`);
          return false;
        }
        get().editDoc(key, text, 'structured');
      } else {
        const text = stringifyYaml({ description: description ?? (base ? `Based on ${base}` : ''), context: get().context });
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
      if (presetName && (!contextEdited || contextError)) return { kind: 'preset', name: presetName };
      return { kind: 'inline', context: context as never };
    },
  };
};

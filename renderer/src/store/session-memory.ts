import type { StoreApi } from 'zustand/vanilla';
import type { WorkspaceView } from '../../../shared/ipc/contract';
import { isObject } from '../ui/json-path';
import { COMPARE_LAYOUTS, type CompareLayout, type CompareTab } from './compare/view-slice';
import type { StudioState } from './types';

/**
 * What of a session comes back after a reload or a kill, as the template drafts do (those the
 * host keeps): the simulated context — the preset and the edits made to it, the stack
 * profile's preset and context — and whether the compare view was open, on which view and in
 * which layout the user chose (its columns are remembered already, compare/compare-storage.ts). Kept per workspace in the app's
 * localStorage, written at every change; what is read back is checked, not trusted.
 */
const KEY = 'variant-studio.session';
/** Larger contexts are not kept (the form's edits are small; this bounds what a reload parses). */
const MAX_CHARS = 256 * 1024;
const COMPARE_TABS: readonly CompareTab[] = ['columns', 'routing', 'matrix', 'cache'];

type Json = Record<string, unknown>;

export interface SessionMemory {
  preset: string | null;
  /** The edited context; null when it is the preset's as loaded. */
  edited: Json | null;
  stackPreset: string | null;
  stackContext: Json | null;
  compare: { open: boolean; active: boolean; tab: CompareTab; layout: CompareLayout | null };
}

const workspaceKey = (view: Pick<WorkspaceView, 'root'>): string => view.root ?? '(built-in)';

function readAll(): Record<string, unknown> {
  try {
    const raw = localStorage.getItem(KEY);
    const all: unknown = raw ? JSON.parse(raw) : {};
    return isObject(all) ? all : {};
  } catch {
    return {};
  }
}

const name = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 && v.length <= 200 ? v : null);

/** The remembered session of a workspace, if any (fields that do not check out are left out). */
export function loadSession(view: Pick<WorkspaceView, 'root'>): SessionMemory | null {
  const entry = readAll()[workspaceKey(view)];
  if (!isObject(entry)) return null;
  const compare = isObject(entry.compare) ? entry.compare : {};
  return {
    preset: name(entry.preset),
    edited: isObject(entry.edited) ? entry.edited : null,
    stackPreset: name(entry.stackPreset),
    stackContext: isObject(entry.stackContext) ? entry.stackContext : null,
    compare: {
      open: compare.open === true,
      active: compare.active === true,
      tab: COMPARE_TABS.find((t) => t === compare.tab) ?? 'columns',
      layout: COMPARE_LAYOUTS.find((l) => l === compare.layout) ?? null,
    },
  };
}

export function saveSession(view: Pick<WorkspaceView, 'root'>, memory: SessionMemory): void {
  try {
    const all = readAll();
    all[workspaceKey(view)] = memory;
    const text = JSON.stringify(all);
    if (text.length <= MAX_CHARS) localStorage.setItem(KEY, text);
  } catch {
    // storage full or unavailable: the session works, it just is not kept
  }
}

function memoryOf(s: StudioState): SessionMemory {
  return {
    preset: s.presetName,
    edited: s.contextEdited ? s.context : null,
    stackPreset: s.stackPresetName,
    stackContext: s.stackPresetName ? s.stackContext : null,
    compare: { open: s.compareOpen, active: s.compareActive, tab: s.compareTab, layout: s.compareLayoutChoice },
  };
}

/** The session of which workspace (its sessionId) was restored: only then are changes written (not the empty state of a switch). */
const restored = new WeakMap<StoreApi<StudioState>, string>();

/**
 * Brings the remembered session of `view` back: its presets and edited contexts; the compare
 * view is reopened by `reopenCompare` once the first document is shown. Falls back to
 * `defaultPreset` when nothing (or a preset that is gone) was remembered. From then on, every
 * change is written.
 */
export async function restoreSession(
  store: StoreApi<StudioState>,
  view: WorkspaceView,
  defaultPreset: string | null,
): Promise<SessionMemory | null> {
  const s = (): StudioState => store.getState();
  const memory = loadSession(view);
  const has = (preset: string | null, kind: 'variant' | 'stack'): preset is string =>
    !!preset && view.presets.some((p) => p.name === preset && p.kind === kind);
  const preset = memory && has(memory.preset, 'variant') ? memory.preset : defaultPreset;
  // Not waited for: the preview is built with the preset's name while it is read here, and
  // edits given back meanwhile are applied over it once it is (context-slice.ts).
  const loading = preset ? s().loadPreset(preset, false) : Promise.resolve();
  // The user's edits come back even when their preset is gone (then over the default one).
  if (memory?.edited) s().replaceContext(memory.edited);
  if (memory?.compare.layout) store.setState({ compareLayoutChoice: memory.compare.layout });
  if (memory && has(memory.stackPreset, 'stack')) {
    await s().loadPreset(memory.stackPreset, false);
    if (memory.stackContext) store.setState({ stackContext: memory.stackContext });
  }
  restored.set(store, view.sessionId);
  void loading;
  return memory;
}

/** Writes the session at every change of what it keeps; returns the function that stops. */
export function rememberSession(store: StoreApi<StudioState>): () => void {
  return store.subscribe((s, prev) => {
    const view = s.workspace;
    if (!view || restored.get(store) !== view.sessionId) return;
    if (
      s.presetName === prev.presetName &&
      s.context === prev.context &&
      s.contextEdited === prev.contextEdited &&
      s.stackPresetName === prev.stackPresetName &&
      s.stackContext === prev.stackContext &&
      s.compareOpen === prev.compareOpen &&
      s.compareActive === prev.compareActive &&
      s.compareTab === prev.compareTab &&
      s.compareLayoutChoice === prev.compareLayoutChoice &&
      restored.get(store) === prev.workspace?.sessionId
    )
      return;
    saveSession(view, memoryOf(s));
  });
}

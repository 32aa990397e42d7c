import { diffLines } from 'diff';
import {
  canRename,
  itemKey,
  itemOfPath,
  pathBelongsTo,
  ITEM_KIND_LABEL,
  type BundleItemKind,
  type BundleItemRef,
} from './bundle-layout.js';
import { caseFoldKey } from './entry-names.js';

/**
 * What an import would do, before anything is written: every item of the bundle as new,
 * identical or changed against the workspace (per file, with line counts), which choices
 * apply, and which of the workspace's unsaved edits an import of it would replace.
 */

/** A workspace file as the import sees it. */
export interface WorkspaceFileState {
  /** The text on disk (as last loaded or saved); null for a document created in the app and never saved. */
  saved: string | null;
  /** The document has edits that are not saved. */
  dirty: boolean;
}

export type WorkspaceState = ReadonlyMap<string, WorkspaceFileState>;

export type ImportAction = 'add' | 'overwrite' | 'keep' | 'rename';
export type ItemStatus = 'new' | 'identical' | 'changed';
/** `removed`: in the workspace's item but not in the bundle's (an overwrite deletes it). */
export type FileStatus = 'new' | 'identical' | 'changed' | 'removed';

export interface PlannedFile {
  path: string;
  status: FileStatus;
  /** Lines the import adds and removes in this file. */
  added: number;
  removed: number;
}

export interface PlanItem {
  key: string;
  kind: BundleItemKind;
  id: string;
  status: ItemStatus;
  files: PlannedFile[];
  /** The item's workspace files with unsaved edits: writing the item replaces those edits. */
  unsaved: string[];
  /** An existing item whose id differs from this one only by case: only keep or rename are possible. */
  caseClash?: string | undefined;
  actions: ImportAction[];
  /** What happens without a choice (none for changed items: the user decides). */
  defaultAction?: ImportAction | undefined;
  /** A free id for "import under a new id". */
  suggestedId?: string | undefined;
}

export interface ImportPlan {
  items: PlanItem[];
}

const KIND_ORDER: BundleItemKind[] = ['variant', 'profile', 'harness', 'component', 'tool', 'preset', 'workspace-config'];

function lineDelta(before: string, after: string): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const part of diffLines(before, after)) {
    if (part.added) added += part.count ?? 0;
    else if (part.removed) removed += part.count ?? 0;
  }
  return { added, removed };
}

function countLines(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** Groups workspace-relative paths by item. */
export function itemsOf(paths: Iterable<string>): Map<string, { item: BundleItemRef; paths: string[] }> {
  const out = new Map<string, { item: BundleItemRef; paths: string[] }>();
  for (const path of paths) {
    const item = itemOfPath(path);
    if (!item) continue;
    const key = itemKey(item);
    const entry = out.get(key) ?? { item, paths: [] };
    entry.paths.push(path);
    out.set(key, entry);
  }
  for (const entry of out.values()) entry.paths.sort();
  return out;
}

/** Ids of a kind in use in the workspace (case-folded key -> id). */
function idsInUse(workspace: WorkspaceState, kind: BundleItemKind): Map<string, string> {
  const out = new Map<string, string>();
  for (const path of workspace.keys()) {
    const item = itemOfPath(path);
    if (item?.kind === kind) out.set(caseFoldKey(item.id), item.id);
  }
  return out;
}

/** `<id>-imported`, then `-imported-2`, ...: the first id free in the workspace and the bundle. */
export function suggestId(id: string, taken: (candidate: string) => boolean): string {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? `${id}-imported` : `${id}-imported-${n}`;
    if (!taken(candidate)) return candidate;
  }
}

export function planImport(bundleFiles: ReadonlyMap<string, string>, workspace: WorkspaceState): ImportPlan {
  const bundleItems = itemsOf(bundleFiles.keys());
  const items: PlanItem[] = [];
  const inUse = new Map<BundleItemKind, Map<string, string>>();
  const used = (kind: BundleItemKind): Map<string, string> => {
    let m = inUse.get(kind);
    if (!m) inUse.set(kind, (m = idsInUse(workspace, kind)));
    return m;
  };
  const bundleIds = (kind: BundleItemKind): Set<string> =>
    new Set([...bundleItems.values()].filter((b) => b.item.kind === kind).map((b) => caseFoldKey(b.item.id)));

  for (const [key, { item, paths }] of bundleItems) {
    const existing = [...workspace.keys()].filter((p) => pathBelongsTo(p, item)).sort();
    const folded = used(item.kind).get(caseFoldKey(item.id));
    const caseClash = existing.length === 0 && folded !== undefined && folded !== item.id ? folded : undefined;
    const files: PlannedFile[] = [];
    for (const path of paths) {
      const text = bundleFiles.get(path)!;
      const saved = workspace.get(path)?.saved ?? null;
      if (saved === null) files.push({ path, status: 'new', added: countLines(text), removed: 0 });
      else if (saved === text) files.push({ path, status: 'identical', added: 0, removed: 0 });
      else files.push({ path, status: 'changed', ...lineDelta(saved, text) });
    }
    for (const path of existing) {
      if (paths.includes(path)) continue;
      const saved = workspace.get(path)?.saved ?? null;
      files.push({ path, status: 'removed', added: 0, removed: saved === null ? 0 : countLines(saved) });
    }
    files.sort((a, b) => (a.path < b.path ? -1 : 1));
    const unsaved = existing.filter((p) => workspace.get(p)?.dirty);
    let status: ItemStatus;
    if (existing.length === 0) status = 'new';
    else if (files.every((f) => f.status === 'identical')) status = 'identical';
    else status = 'changed';
    let actions: ImportAction[];
    let defaultAction: ImportAction | undefined;
    if (caseClash) {
      actions = ['keep', 'rename'];
      defaultAction = undefined;
    } else if (status === 'new') {
      actions = canRename(item.kind) ? ['add', 'keep', 'rename'] : ['add', 'keep'];
      defaultAction = 'add';
    } else if (status === 'identical') {
      actions = ['keep'];
      defaultAction = 'keep';
    } else {
      actions = canRename(item.kind) ? ['overwrite', 'keep', 'rename'] : ['overwrite', 'keep'];
      defaultAction = undefined;
    }
    const others = bundleIds(item.kind);
    const suggestedId = actions.includes('rename')
      ? suggestId(item.id, (c) => used(item.kind).has(caseFoldKey(c)) || others.has(caseFoldKey(c)))
      : undefined;
    items.push({ key, kind: item.kind, id: item.id, status, files, unsaved, caseClash, actions, defaultAction, suggestedId });
  }
  items.sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { items };
}

/** One line for an item, e.g. `changed variant generic (2 files changed, 1 new)`. */
export function describeItem(item: PlanItem): string {
  const counts = new Map<FileStatus, number>();
  for (const f of item.files) counts.set(f.status, (counts.get(f.status) ?? 0) + 1);
  const parts = (['changed', 'new', 'removed', 'identical'] as FileStatus[])
    .filter((s) => counts.get(s))
    .map((s) => `${counts.get(s)} ${s}`);
  const name = item.kind === 'workspace-config' ? 'workspace.yaml' : `${ITEM_KIND_LABEL[item.kind]} ${item.id}`;
  return `${item.status} ${name} (${parts.join(', ')})`;
}

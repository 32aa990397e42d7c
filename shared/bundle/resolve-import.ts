import { memoryFileSource } from '../domain/file-source.js';
import { loadWorkspace } from '../engine/workspace/load-workspace.js';
import { isValidItemId, itemOfPath, pathBelongsTo, type BundleItemKind } from './bundle-layout.js';
import { caseFoldKey } from './entry-names.js';
import { itemsOf, type ImportAction, type ImportPlan, type WorkspaceState } from './import-plan.js';
import { applyRenames, type Renames } from './rename-ids.js';

/**
 * Turns the user's choices into the exact set of file writes and deletions of an import, or
 * refuses (nothing written) when a choice is missing or cannot work: a changed item without
 * a decision, a new id that is taken or invalid, a result that would not load.
 */

export interface ImportChoice {
  action: ImportAction;
  /** For `rename`: the id to import the item under. */
  newId?: string | undefined;
}

export type ImportChoices = Readonly<Record<string, ImportChoice>>;

export interface ResolvedImport {
  /** Path -> text, only files whose saved text changes. */
  writes: Map<string, string>;
  /** Files an overwrite removes (in the workspace's item, not in the bundle's). */
  deletes: string[];
  /** The saved text each written or deleted path must still have on disk (null: it must not exist). */
  expected: Map<string, string | null>;
  /** Paths with unsaved edits that the import replaces (the plan showed them). */
  discarded: string[];
  /** The decision per item. */
  decisions: { key: string; action: ImportAction; newId?: string | undefined }[];
}

export class ImportChoiceError extends Error {
  constructor(
    readonly itemKey: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'ImportChoiceError';
  }
}

function label(key: string): string {
  return key === 'workspace-config' ? 'workspace.yaml' : key.replace(':', ' ');
}

export function resolveImport(
  bundleFiles: ReadonlyMap<string, string>,
  workspace: WorkspaceState,
  plan: ImportPlan,
  choices: ImportChoices,
): ResolvedImport {
  const known = new Set(plan.items.map((i) => i.key));
  for (const key of Object.keys(choices)) if (!known.has(key)) throw new ImportChoiceError(key, `the bundle has no item ${label(key)}`);

  const renames: Record<string, Map<string, string>> = {};
  const newIds = new Map<string, string>();
  const chosenFiles = new Map<string, string>();
  const decisions: ResolvedImport['decisions'] = [];
  const overwritten: { kind: BundleItemKind; id: string }[] = [];
  const bundleItems = itemsOf(bundleFiles.keys());

  for (const item of plan.items) {
    const choice = choices[item.key];
    const action = choice?.action ?? item.defaultAction;
    if (action === undefined) {
      const reason = item.caseClash
        ? `differs only by case from the existing '${item.caseClash}': keep yours or import it under a new id`
        : 'exists in the workspace with other content: choose overwrite, keep mine or a new id';
      throw new ImportChoiceError(item.key, `${label(item.key)} ${reason} (nothing was written)`);
    }
    if (!item.actions.includes(action))
      throw new ImportChoiceError(
        item.key,
        `${label(item.key)} cannot be imported with '${action}' (possible: ${item.actions.join(', ')})`,
      );
    decisions.push({ key: item.key, action, ...(action === 'rename' ? { newId: choice?.newId ?? item.suggestedId } : {}) });
    if (action === 'keep') continue;
    if (action === 'rename') {
      const newId = choice?.newId ?? item.suggestedId;
      if (newId === undefined || !isValidItemId(newId))
        throw new ImportChoiceError(item.key, `'${newId ?? ''}' is not a valid id for ${label(item.key)} (letters, digits, _ . -)`);
      const folded = `${item.kind}:${caseFoldKey(newId)}`;
      const takenInWorkspace = [...workspace.keys()].some((p) => {
        const other = itemOfPath(p);
        return other?.kind === item.kind && caseFoldKey(other.id) === caseFoldKey(newId);
      });
      const takenInBundle = [...bundleItems.values()].some(
        (b) => b.item.kind === item.kind && caseFoldKey(b.item.id) === caseFoldKey(newId),
      );
      if (takenInWorkspace || takenInBundle || newIds.has(folded))
        throw new ImportChoiceError(item.key, `cannot import ${label(item.key)} as '${newId}': that id is taken`);
      newIds.set(folded, item.key);
      (renames[item.kind] ??= new Map()).set(item.id, newId);
    }
    if (action === 'overwrite') overwritten.push({ kind: item.kind, id: item.id });
    for (const f of bundleItems.get(item.key)?.paths ?? []) chosenFiles.set(f, bundleFiles.get(f)!);
  }

  const renamed = applyRenames(chosenFiles, renames as Renames);
  const writes = new Map<string, string>();
  const expected = new Map<string, string | null>();
  const discarded: string[] = [];
  for (const [path, text] of renamed) {
    const state = workspace.get(path);
    if (state?.dirty) discarded.push(path);
    if (state && state.saved === text) continue;
    writes.set(path, text);
    expected.set(path, state?.saved ?? null);
  }
  const deletes: string[] = [];
  for (const item of overwritten) {
    for (const [path, state] of workspace) {
      if (!pathBelongsTo(path, { kind: item.kind, id: item.id }) || renamed.has(path)) continue;
      if (state.dirty) discarded.push(path);
      if (state.saved === null) continue;
      deletes.push(path);
      expected.set(path, state.saved);
    }
  }
  deletes.sort();
  checkMergedLoads(workspace, writes, deletes);
  return { writes: new Map([...writes].sort(([a], [b]) => (a < b ? -1 : 1))), deletes, expected, discarded: discarded.sort(), decisions };
}

/** The workspace after the import must load the imported files without errors. */
function checkMergedLoads(workspace: WorkspaceState, writes: ReadonlyMap<string, string>, deletes: readonly string[]): void {
  if (writes.size === 0) return;
  const files: Record<string, string> = {};
  for (const [path, state] of workspace) if (state.saved !== null) files[path] = state.saved;
  for (const path of deletes) delete files[path];
  for (const [path, text] of writes) files[path] = text;
  const source = memoryFileSource(files);
  const snapshot = loadWorkspace(source);
  const folders = [...writes.keys()].map((w) => (/^(variants|profiles)\//.test(w) ? `${w.split('/').slice(0, 2).join('/')}/` : w));
  const touched = (file: string): boolean => folders.some((f) => (f.endsWith('/') ? file.startsWith(f) : file === f));
  // loadWorkspace loads the stack profiles too.
  const first = snapshot.problems.find((p) => p.severity === 'error' && touched(p.file));
  if (first)
    throw new ImportChoiceError(
      null,
      `after this import ${first.file}${first.line ? `:${first.line}` : ''} would not load: ${first.message} (nothing was written)`,
    );
}

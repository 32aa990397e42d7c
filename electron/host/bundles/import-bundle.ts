import { createTwoFilesPatch } from 'diff';
import { planImport, type ImportPlan, type WorkspaceState } from '../../../shared/bundle/import-plan.js';
import { resolveImport, type ImportChoices, type ResolvedImport } from '../../../shared/bundle/resolve-import.js';
import { isDirty, type DocumentSet } from '../document-set.js';
import { scanWorkspace } from '../workspace-files.js';
import { commitFiles, type CommitFs, type CommitResult } from './commit-files.js';
import type { BundleContents } from './read-bundle.js';

/**
 * Import, the host's part: the workspace as the import sees it (from a folder on disk, or an
 * open session with its unsaved edits), the plan, the diff of one file, and the commit of
 * the user's choices.
 */

/** A workspace folder as it is on disk (the CLI; no unsaved edits). */
export function folderState(realRoot: string): WorkspaceState {
  const state = new Map<string, { saved: string | null; dirty: boolean }>();
  for (const [rel, text] of scanWorkspace(realRoot).files) state.set(rel, { saved: text, dirty: false });
  return state;
}

/**
 * An open workspace: the text on disk of each document, and which have unsaved edits. A
 * document in conflict with the disk counts with the disk's text (what an import replaces)
 * and as having edits (the user's, which the import would replace too).
 */
export function documentState(docs: DocumentSet): WorkspaceState {
  const state = new Map<string, { saved: string | null; dirty: boolean }>();
  for (const entry of docs.values()) {
    if (entry.conflict) state.set(entry.rel, { saved: entry.conflict.diskText, dirty: true });
    else state.set(entry.rel, { saved: entry.savedText, dirty: isDirty(entry) });
  }
  return state;
}

export function planBundle(contents: BundleContents, state: WorkspaceState): ImportPlan {
  return planImport(contents.files, state);
}

/** The unified diff of one file of the plan: the workspace's saved text against the bundle's. */
export function planFileDiff(contents: BundleContents, state: WorkspaceState, path: string): string {
  const before = state.get(path)?.saved ?? '';
  const after = contents.files.get(path) ?? '';
  return createTwoFilesPatch(`workspace/${path}`, `bundle/${path}`, before, after, undefined, undefined, { context: 3 });
}

export interface ApplyInput {
  realRoot: string;
  contents: BundleContents;
  state: WorkspaceState;
  plan: ImportPlan;
  choices: ImportChoices;
  onProgress?: ((done: number, total: number) => void) | undefined;
  fs?: CommitFs | undefined;
}

/** Resolves the choices and commits the files (everything or nothing). */
export async function applyBundle(input: ApplyInput): Promise<{ resolved: ResolvedImport; committed: CommitResult }> {
  const resolved = resolveImport(input.contents.files, input.state, input.plan, input.choices);
  const committed = await commitFiles({
    realRoot: input.realRoot,
    writes: resolved.writes,
    deletes: resolved.deletes,
    expected: resolved.expected,
    onProgress: input.onProgress,
    fs: input.fs,
  });
  return { resolved, committed };
}

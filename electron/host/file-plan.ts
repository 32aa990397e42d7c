import fs from 'node:fs';
import path from 'node:path';
import { HostError } from '../../shared/ipc/host-error.js';
import { diskHash, saveTextAtomic } from './atomic-save.js';
import type { WorkspaceSession } from './workspace-session.js';

/**
 * A change of several workspace files at once, as the states they end in, applied to the
 * disk and to the open documents together, and undone by applying the states they had.
 *
 * A file's state: its text as saved (null: no file on disk) and as edited (null: no
 * document). `{ saved: 'a', text: 'b' }` is a saved file with an unsaved edit; `{ saved:
 * null, text: 'b' }` a document that was never saved; `{ saved: null, text: null }` nothing.
 */
export interface FileState {
  saved: string | null;
  text: string | null;
}

export type FilePlan = Map<string, FileState>;

export const ABSENT: FileState = { saved: null, text: null };

export function stateOf(session: WorkspaceSession, rel: string): FileState {
  const entry = session.docs.get(rel);
  return entry ? { saved: entry.savedText, text: entry.text } : ABSENT;
}

function sameState(a: FileState, b: FileState): boolean {
  return a.saved === b.saved && a.text === b.text;
}

/**
 * Applies a plan: every file written (atomically) or removed, and the documents set to match.
 * Refused, with nothing changed, when a file changed on disk behind the host's back, or (with
 * `expected`) when a file is no longer in the state the caller planned from (an undo after
 * later edits). Returns the states the files had: applying those undoes the change.
 */
export async function applyPlan(session: WorkspaceSession, plan: FilePlan, expected?: FilePlan): Promise<FilePlan> {
  for (const rel of plan.keys()) {
    const entry = session.docs.get(rel);
    const onDisk = diskHash(session.absolute(rel));
    const known = entry && entry.savedText !== null ? entry.baseHash : null;
    if (onDisk !== known) throw new HostError('CONFLICT', `${rel} changed on disk; nothing was changed (it is reloaded in a moment)`);
    const want = expected?.get(rel);
    if (want && !sameState(stateOf(session, rel), want)) throw new HostError('CONFLICT', `${rel} changed since; nothing was changed`);
  }
  const before: FilePlan = new Map([...plan.keys()].map((rel) => [rel, stateOf(session, rel)]));
  // Writes first, removals last: a write that fails leaves every old file in place.
  for (const [rel, state] of plan) {
    if (state.saved === null) continue;
    const result = await saveTextAtomic(session.absolute(rel), state.saved, undefined);
    if (result.status !== 'saved') throw new HostError('IO_ERROR', `writing ${rel} failed`);
    session.docs.applyDisk(rel, state.saved, result.hash);
    if (state.text !== null && state.text !== state.saved) session.docs.setText(rel, state.text);
  }
  for (const [rel, state] of plan) {
    if (state.saved !== null) continue;
    const absolute = session.absolute(rel);
    await fs.promises.rm(absolute, { force: true });
    session.docs.remove(rel);
    if (state.text !== null) session.docs.create(rel, state.text);
    removeEmptyFolders(session, path.dirname(absolute));
  }
  return before;
}

/** Removes folders left empty by a removal, up to (not including) the workspace's top-level folders. */
function removeEmptyFolders(session: WorkspaceSession, folder: string): void {
  const stop = new Set(['', 'variants', 'tools', 'contexts', 'components', 'profiles']);
  let dir = folder;
  for (;;) {
    const rel = path.relative(session.realRoot, dir).split(path.sep).join('/');
    if (rel.startsWith('..') || stop.has(rel)) return;
    try {
      if (fs.readdirSync(dir).length > 0) return;
      fs.rmdirSync(dir);
    } catch {
      return;
    }
    dir = path.dirname(dir);
  }
}

/**
 * The state of a file with a change made to its saved and its edited text alike. A text the
 * change cannot be made to (YAML that does not parse right now) stays as it is.
 */
export function changedBoth(state: FileState, change: (text: string) => string): FileState {
  const tryChange = (text: string | null): string | null => {
    if (text === null) return null;
    try {
      return change(text);
    } catch {
      return text;
    }
  };
  return { saved: tryChange(state.saved), text: tryChange(state.text) };
}

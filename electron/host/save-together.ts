import fs from 'node:fs';
import { HostError } from '../../shared/ipc/host-error.js';
import { diskHash, saveTextAtomic } from './atomic-save.js';
import { applyDiskChanges } from './disk-changes.js';
import type { HostContext } from './host-context.js';
import { readTextFile } from './text-file.js';
import type { WorkspaceSession } from './workspace-session.js';

/**
 * Saving several documents as one change: a variant's template and variant.yaml (and its
 * overrides), or every unsaved document. Each file is written atomically; the documents take
 * their new saved texts together, after the last write, so the "last saved" baseline (and
 * everything built from the saved files) goes from the old set to the new set in one step and
 * never shows half of it. While the files are written, the watcher's reports of them wait
 * (they are the writes themselves) and are looked at once the save is done. A write that
 * fails puts back the files already written, and nothing counts as saved.
 */

export interface SaveConflict {
  path: string;
  /** The text on disk now (null: the file is gone). */
  diskText: string | null;
}

export interface SaveTogetherResult {
  /** The paths written (in order). */
  saved: string[];
  /** Paths not written because they changed on disk since they were loaded (or are in conflict with it). */
  conflicts: SaveConflict[];
}

/** A document's conflict with the disk, if saving it now would go over a version the user has not seen. */
function conflictOf(session: WorkspaceSession, rel: string): SaveConflict | undefined {
  const entry = session.docs.get(rel)!;
  if (entry.conflict) return { path: rel, diskText: entry.conflict.diskText };
  if (diskHash(session.absolute(rel)) === entry.baseHash) return undefined;
  let read;
  try {
    read = readTextFile(session.absolute(rel));
  } catch {
    read = undefined;
  }
  return { path: rel, diskText: read?.kind === 'text' ? read.text : null };
}

/**
 * Saves `rels` together. Without `overwrite`, a document that changed on disk is not written:
 * with `allOrNothing` nothing is then written at all, else the others are.
 */
export async function saveTogether(
  host: HostContext,
  session: WorkspaceSession,
  rels: readonly string[],
  options: { overwrite?: boolean | undefined; allOrNothing?: boolean | undefined } = {},
): Promise<SaveTogetherResult> {
  const conflicts: SaveConflict[] = [];
  const toWrite: string[] = [];
  for (const rel of rels) {
    const conflict = options.overwrite ? undefined : conflictOf(session, rel);
    if (conflict) conflicts.push(conflict);
    else toWrite.push(rel);
  }
  if (toWrite.length === 0 || (conflicts.length > 0 && options.allOrNothing)) return { saved: [], conflicts };

  const plan = toWrite.map((rel) => {
    const entry = session.docs.get(rel)!;
    return { rel, text: entry.text, before: entry.savedText, expected: options.overwrite ? undefined : entry.baseHash };
  });
  const written: { rel: string; hash: string; before: string | null }[] = [];
  session.beginSave(toWrite);
  try {
    for (const p of plan) {
      let result;
      try {
        result = await saveTextAtomic(session.absolute(p.rel), p.text, p.expected);
      } catch (error) {
        throw new HostError('IO_ERROR', `saving ${p.rel} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (result.status === 'conflict') {
        // Changed on disk between the check and the write: nothing of this save stays.
        throw new HostError('CONFLICT', `${p.rel} changed on disk while saving; nothing was saved`);
      }
      written.push({ rel: p.rel, hash: result.hash, before: p.before });
    }
  } catch (error) {
    await putBack(session, written);
    throw error;
  } finally {
    const deferred = session.endSave(toWrite);
    // Every document takes its saved text at once (no await between), then the watcher's reports are looked at.
    if (written.length === plan.length) for (const [i, p] of plan.entries()) session.docs.markSaved(p.rel, p.text, written[i]!.hash);
    if (deferred.length) applyDiskChanges(host, session, deferred);
  }
  host.drafts?.schedule();
  host.preview.savedChanged();
  return { saved: toWrite, conflicts };
}

/** Restores the files a failed save wrote (their texts as saved before; a new file is removed again). */
async function putBack(session: WorkspaceSession, written: readonly { rel: string; before: string | null }[]): Promise<void> {
  for (const w of [...written].reverse()) {
    try {
      if (w.before === null) await fs.promises.rm(session.absolute(w.rel), { force: true });
      else await saveTextAtomic(session.absolute(w.rel), w.before, undefined);
    } catch {
      // The file keeps the new text; the watcher reports it and the document shows it.
    }
  }
}

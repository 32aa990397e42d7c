import { isDirty } from './document-set.js';
import { contentHash } from './hash.js';
import type { HostContext } from './host-context.js';
import { readTextFile } from './text-file.js';
import { isWorkspacePath } from './workspace-files.js';
import type { WorkspaceSession } from './workspace-session.js';

/**
 * Files changed on disk (the watcher's report): read them and apply them — reload clean
 * documents, report a conflict for dirty ones (the edit is kept), drop removed clean ones.
 */
export function applyDiskChanges(host: HostContext, session: WorkspaceSession, paths: readonly string[]): void {
  if (session !== host.session) return;
  const candidates = new Set<string>();
  for (const rel of paths) {
    if (!isWorkspacePath(rel)) continue;
    candidates.add(rel);
    for (const known of session.docs.paths()) if (known.startsWith(`${rel}/`)) candidates.add(known);
  }
  const changedPaths: string[] = [];
  for (const rel of candidates) {
    // A save is writing it: looked at once the save is done (save-together.ts).
    if (session.holdDiskChange(rel)) continue;
    let read;
    try {
      read = readTextFile(session.absolute(rel));
    } catch {
      read = { kind: 'missing' as const };
    }
    const entry = session.docs.get(rel);
    const ref = session.refOf(rel);
    if (read.kind !== 'text') {
      if (!entry || entry.savedText === null) continue;
      if (read.kind === 'skipped' && read.reason === 'not a file') continue;
      if (!isDirty(entry)) {
        session.docs.remove(rel);
        changedPaths.push(rel);
        if (ref) host.emit('doc:changedOnDisk', { ref, text: null, conflict: false });
      } else if (entry.conflict === undefined || entry.conflict.diskHash !== null) {
        entry.conflict = { diskText: null, diskHash: null };
        if (ref) host.emit('doc:changedOnDisk', { ref, text: null, conflict: true });
      }
      continue;
    }
    const hash = contentHash(read.text);
    if (!entry) {
      session.docs.applyDisk(rel, read.text, hash);
      changedPaths.push(rel);
      continue;
    }
    if (hash === entry.baseHash) continue; // our own save, or a touch: nothing new
    if (!isDirty(entry)) {
      session.docs.applyDisk(rel, read.text, hash);
      changedPaths.push(rel);
      if (ref) host.emit('doc:changedOnDisk', { ref, text: read.text, conflict: false, revision: entry.revision });
    } else if (entry.text === read.text) {
      session.docs.markSaved(rel, read.text, hash);
      changedPaths.push(rel);
    } else if (entry.conflict?.diskHash !== hash) {
      entry.conflict = { diskText: read.text, diskHash: hash };
      if (ref) host.emit('doc:changedOnDisk', { ref, text: read.text, conflict: true });
    }
  }
  if (changedPaths.length > 0) {
    host.drafts?.schedule();
    host.preview.diskChanged(changedPaths);
  }
}

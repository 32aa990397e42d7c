import fs from 'node:fs';
import type { DeleteOutcome, SaveOutcome, VariantSaveOutcome } from '../../../shared/ipc/contract.js';
import type { FileProblem } from '../../../shared/domain/problems.js';
import type { ChannelHandlers } from '../../../shared/ipc/dispatch.js';
import { docKey, type DocRef } from '../../../shared/ipc/doc-ref.js';
import { HostError } from '../../../shared/ipc/host-error.js';
import { deleteChecked, saveTextAtomic } from '../atomic-save.js';
import { isDirty, type DocEntry } from '../document-set.js';
import { contentHash } from '../hash.js';
import type { HostContext } from '../host-context.js';
import { saveTogether } from '../save-together.js';
import { readTextFile } from '../text-file.js';
import type { WorkspaceSession } from '../workspace-session.js';

type DocumentChannel =
  | 'doc:read'
  | 'doc:update'
  | 'doc:save'
  | 'doc:saveVariant'
  | 'doc:problems'
  | 'doc:saveAll'
  | 'doc:revert'
  | 'doc:delete'
  | 'doc:create'
  | 'doc:resolveConflict'
  | 'drafts:list'
  | 'drafts:restore'
  | 'drafts:discard';

const READ_ONLY_SAVE = 'the built-in variants are read-only: copy them into a workspace of your own (workspace:copyTo) to save';

/** Handlers of the documents group: reading, editing, saving, deleting, creating, and drafts. */
export function documentHandlers(host: HostContext): Pick<ChannelHandlers, DocumentChannel> {
  return {
    'doc:read': ({ ref }) => {
      const { entry } = host.requireSession().entry(ref);
      return readAnswer(entry);
    },
    'doc:update': async (request) => {
      const { ref, base, revision, origin } = request;
      const session = host.requireSession();
      const { rel, entry } = session.entry(ref);
      // Made on a text this document no longer has (another window typed meanwhile): refused,
      // with the current text, instead of silently dropping the other window's work.
      if (base !== undefined && base !== entry.revision)
        return { dirty: isDirty(entry), stale: { text: entry.text, revision: entry.revision } };
      const from = { ...(origin !== undefined ? { origin } : {}) };
      let changed = true;
      if ('splices' in request) {
        try {
          session.docs.splice(rel, request.splices, revision);
        } catch (error) {
          if (error instanceof RangeError) throw new HostError('INVALID_REQUEST', `${rel}: ${error.message}`);
          throw error;
        }
        // The other windows get what changed, not the whole text.
        host.emit('doc:text', { ref, splices: request.splices, base: request.base, revision: entry.revision, ...from });
      } else {
        changed = session.docs.setText(rel, request.text, revision);
        if (changed) host.emit('doc:text', { ref, text: request.text, revision: entry.revision, ...from });
      }
      // The answer follows the rebuild's result: the preview reaches the renderer first.
      if (changed) await host.edited(session, rel);
      return { dirty: isDirty(entry) };
    },
    'doc:save': async ({ ref, overwrite, ifValid }) => {
      const session = host.requireSession();
      if (ifValid) {
        const { rel } = session.entry(ref);
        const problems = errorsOf(session, [rel]);
        if (problems.length) return { status: 'invalid', path: rel, problems };
      }
      return save(host, session, ref, overwrite === true);
    },
    'doc:saveVariant': async ({ variantId, overwrite, ifValid }): Promise<VariantSaveOutcome> => {
      const session = host.requireSession();
      if (session.readOnly) throw new HostError('READ_ONLY', READ_ONLY_SAVE);
      const folder = `variants/${variantId}/`;
      if (!session.docs.get(`${folder}variant.yaml`))
        throw new HostError('NOT_FOUND', `there is no variant '${variantId}' in this workspace`);
      const rels = session.docs
        .dirty()
        .map((e) => e.rel)
        .filter((rel) => rel.startsWith(folder));
      if (ifValid) {
        const problems = errorsOf(session, rels);
        if (problems.length) return { status: 'invalid', problems };
      }
      const result = await saveTogether(host, session, rels, { overwrite: overwrite === true, allOrNothing: true });
      return result.conflicts.length ? { status: 'conflict', conflicts: result.conflicts } : { status: 'saved', paths: result.saved };
    },
    'doc:problems': ({ ref }) => {
      const session = host.requireSession();
      const { rel } = session.entry(ref);
      return { problems: problemsOf(session, [rel]) };
    },
    'doc:saveAll': async () => {
      const session = host.requireSession();
      const dirty = session.docs.dirty();
      if (dirty.length > 0 && session.readOnly) throw new HostError('READ_ONLY', READ_ONLY_SAVE);
      // Saved together: the saved baseline goes from before to after in one step (a variant's template and variant.yaml never half).
      const rels = dirty.map((e) => e.rel).filter((rel) => session.refOf(rel) !== undefined);
      const result = await saveTogether(host, session, rels);
      const conflicts = new Map(result.conflicts.map((c) => [c.path, c]));
      return rels.map((rel) => {
        const conflict = conflicts.get(rel);
        const outcome: SaveOutcome = conflict ? { status: 'conflict', ...conflict } : { status: 'saved', path: rel };
        return { key: docKey(session.refOf(rel)!), outcome };
      });
    },
    'doc:revert': ({ ref }) => {
      // Back to what is on disk now (not to the text loaded before an external change).
      const session = host.requireSession();
      const { rel } = session.entry(ref);
      let read;
      try {
        read = readTextFile(session.absolute(rel));
      } catch {
        read = { kind: 'skipped' as const, reason: 'outside the workspace' };
      }
      let text: string;
      if (read.kind === 'text') {
        session.docs.applyDisk(rel, read.text, contentHash(read.text));
        text = read.text;
      } else if (read.kind === 'missing') {
        session.docs.remove(rel);
        text = '';
      } else {
        text = session.docs.revert(rel);
      }
      host.drafts?.schedule();
      host.preview.diskChanged([rel]);
      const entry = session.docs.get(rel);
      if (entry) host.emit('doc:text', { ref, text, revision: entry.revision });
      return entry ? { text, revision: entry.revision } : { text };
    },
    'doc:resolveConflict': ({ ref, keep }) => {
      const session = host.requireSession();
      const { rel, entry } = session.entry(ref);
      const conflict = entry.conflict;
      if (!conflict) return readAnswer(entry);
      if (keep === 'disk') {
        if (conflict.diskText === null || conflict.diskHash === null) {
          session.docs.remove(rel);
          host.drafts?.schedule();
          host.preview.diskChanged([rel]);
          return { text: '', savedText: null, dirty: false, conflict: null };
        }
        session.docs.applyDisk(rel, conflict.diskText, conflict.diskHash);
        host.emit('doc:text', { ref, text: conflict.diskText, revision: entry.revision });
      } else {
        // Mine: the disk's version is now the one the edit goes over; saving overwrites it.
        session.docs.rebase(rel, conflict.diskText, conflict.diskHash);
      }
      host.drafts?.schedule();
      host.preview.diskChanged([rel]);
      return readAnswer(entry);
    },
    'doc:delete': async ({ ref, overwrite }): Promise<DeleteOutcome> => {
      const session = host.requireSession();
      if (session.readOnly)
        throw new HostError(
          'READ_ONLY',
          'the built-in variants are read-only: copy them into a workspace of your own (workspace:copyTo) to change them',
        );
      const { rel, entry } = session.entry(ref);
      if (entry.savedText !== null) {
        const result = await deleteChecked(session.absolute(rel), overwrite ? undefined : entry.baseHash);
        if (result.status === 'conflict') return { status: 'conflict', path: rel, diskText: result.diskText };
      }
      session.docs.remove(rel);
      host.drafts?.schedule();
      host.preview.savedChanged();
      void host.preview.changed([rel]);
      return { status: 'deleted', path: rel };
    },
    'doc:create': ({ ref, text }) => {
      const session = host.requireSession();
      const rel = session.pathOf(ref);
      if (session.docs.get(rel)) throw new HostError('INVALID_REQUEST', `${docKey(ref)} exists already (${rel})`);
      if (fs.existsSync(session.absolute(rel))) throw new HostError('INVALID_REQUEST', `${rel} exists on disk already`);
      session.docs.create(rel, text ?? '');
      void host.edited(session, rel);
      const { entry } = session.entry(ref);
      return session.documentInfo(rel, ref, entry);
    },
    'drafts:list': () => (host.drafts?.list() ?? []).map(({ key, ref, text, savedAt }) => ({ key, ref, text, savedAt })),
    'drafts:restore': ({ keys }) => {
      const session = host.requireSession();
      const restored: string[] = [];
      const paths: string[] = [];
      for (const draft of host.drafts?.take(keys) ?? []) {
        let rel: string;
        try {
          rel = session.pathOf(draft.ref);
        } catch (error) {
          host.reportError('drafts:restore', error);
          continue;
        }
        const existing = session.docs.get(rel);
        const entry = existing ?? session.docs.create(rel, draft.text);
        if (existing) session.docs.setText(rel, draft.text);
        // The draft was made over another version than the one on disk now: the user sees both and chooses.
        const diskHash = existing ? existing.baseHash : null;
        if (draft.baseHash !== diskHash) {
          entry.conflict = { diskText: existing?.savedText ?? null, diskHash };
          const ref = session.refOf(rel);
          if (ref) host.emit('doc:changedOnDisk', { ref, text: entry.conflict.diskText, conflict: true });
        }
        host.editedAt.set(rel, draft.savedAt);
        restored.push(draft.key);
        paths.push(rel);
      }
      host.drafts?.schedule();
      if (paths.length) void host.preview.changed(paths);
      return restored;
    },
    'drafts:discard': ({ keys }) => {
      host.requireSession();
      return host.drafts?.discard(keys) ?? [];
    },
  };
}

/** The loader's problems of these files as edited (YAML syntax, schema), errors and warnings. */
function problemsOf(session: WorkspaceSession, rels: readonly string[]): FileProblem[] {
  const files = new Set(rels);
  const problems = [...session.snapshot().problems, ...session.profiles().flatMap((p) => p.problems)];
  return problems.filter((p) => files.has(p.file));
}

/** Only the errors: what makes a save ask first. */
function errorsOf(session: WorkspaceSession, rels: readonly string[]): FileProblem[] {
  return problemsOf(session, rels).filter((p) => p.severity === 'error');
}

/** What doc:read answers for a document. */
function readAnswer(entry: DocEntry): {
  text: string;
  revision: string;
  savedText: string | null;
  dirty: boolean;
  conflict: { diskText: string | null } | null;
} {
  return {
    text: entry.text,
    revision: entry.revision,
    savedText: entry.savedText,
    dirty: isDirty(entry),
    conflict: entry.conflict ? { diskText: entry.conflict.diskText } : null,
  };
}

/**
 * Saves one document atomically, unless the file changed on disk since it was loaded or the
 * document is in conflict with the disk (a conflict, nothing written) and `overwrite` is off.
 */
async function save(host: HostContext, session: WorkspaceSession, ref: DocRef, overwrite: boolean): Promise<SaveOutcome> {
  if (session.readOnly) throw new HostError('READ_ONLY', READ_ONLY_SAVE);
  const { rel, entry } = session.entry(ref);
  if (entry.conflict && !overwrite) return { status: 'conflict', path: rel, diskText: entry.conflict.diskText };
  const text = entry.text;
  let result;
  try {
    result = await saveTextAtomic(session.absolute(rel), text, overwrite ? undefined : entry.baseHash);
  } catch (error) {
    if (error instanceof HostError) throw error;
    throw new HostError('IO_ERROR', `saving ${rel} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (result.status === 'conflict') return { status: 'conflict', path: rel, diskText: result.diskText };
  session.docs.markSaved(rel, text, result.hash);
  host.drafts?.schedule();
  host.preview.savedChanged();
  return { status: 'saved', path: rel };
}

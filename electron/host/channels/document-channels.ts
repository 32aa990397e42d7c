import fs from 'node:fs';
import type { DeleteOutcome, SaveOutcome } from '../../../shared/ipc/contract.js';
import type { ChannelHandlers } from '../../../shared/ipc/dispatch.js';
import { docKey, type DocRef } from '../../../shared/ipc/doc-ref.js';
import { HostError } from '../../../shared/ipc/host-error.js';
import { deleteChecked, saveTextAtomic } from '../atomic-save.js';
import { isDirty } from '../document-set.js';
import type { HostContext } from '../host-context.js';
import type { WorkspaceSession } from '../workspace-session.js';

type DocumentChannel =
  | 'doc:read'
  | 'doc:update'
  | 'doc:save'
  | 'doc:saveAll'
  | 'doc:revert'
  | 'doc:delete'
  | 'doc:create'
  | 'drafts:list'
  | 'drafts:restore'
  | 'drafts:discard';

const READ_ONLY_SAVE = 'the built-in variants are read-only: copy them into a workspace of your own (workspace:copyTo) to save';

/** Handlers of the documents group: reading, editing, saving, deleting, creating, and drafts. */
export function documentHandlers(host: HostContext): Pick<ChannelHandlers, DocumentChannel> {
  return {
    'doc:read': ({ ref }) => {
      const { entry } = host.requireSession().entry(ref);
      return { text: entry.text, savedText: entry.savedText, dirty: isDirty(entry) };
    },
    'doc:update': async ({ ref, text }) => {
      const session = host.requireSession();
      const { rel, entry } = session.entry(ref);
      // The answer follows the rebuild's result: the preview reaches the renderer first.
      if (session.docs.setText(rel, text)) await host.edited(session, rel);
      return { dirty: isDirty(entry) };
    },
    'doc:save': ({ ref, overwrite }) => save(host, host.requireSession(), ref, overwrite === true),
    'doc:saveAll': async () => {
      const session = host.requireSession();
      const dirty = session.docs.dirty();
      if (dirty.length > 0 && session.readOnly) throw new HostError('READ_ONLY', READ_ONLY_SAVE);
      const out: { key: string; outcome: SaveOutcome }[] = [];
      for (const entry of dirty) {
        const ref = session.refOf(entry.rel);
        if (ref) out.push({ key: docKey(ref), outcome: await save(host, session, ref, false) });
      }
      return out;
    },
    'doc:revert': ({ ref }) => {
      const session = host.requireSession();
      const { rel } = session.entry(ref);
      const text = session.docs.revert(rel);
      host.drafts?.schedule();
      void host.preview.changed([rel]);
      return { text };
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
        if (!session.docs.get(rel)) session.docs.create(rel, draft.text);
        else session.docs.setText(rel, draft.text);
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

/** Saves one document atomically, unless the file changed on disk since it was loaded (a conflict, nothing written) and `overwrite` is off. */
async function save(host: HostContext, session: WorkspaceSession, ref: DocRef, overwrite: boolean): Promise<SaveOutcome> {
  if (session.readOnly) throw new HostError('READ_ONLY', READ_ONLY_SAVE);
  const { rel, entry } = session.entry(ref);
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

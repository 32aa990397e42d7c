import { conventionalPath, docKey } from '../../../shared/ipc/doc-key';
import type { DocRef } from '../../../shared/ipc/doc-ref';
import type { ChannelResponse, DocumentInfo, EventPayload } from '../../../shared/ipc/contract';
import { revisionIds } from '../../../shared/ipc/text-revision';
import { applySplices, editMadeBy, type EditMadeBy, type TextSplice } from '../../../shared/ipc/text-splice';
import { plainMessage } from '../ui/plain-message';
import { mark } from '../../../shared/ipc/trace';
import { call, callRaw } from './api';
import type { SliceCreator } from './types';
import { createDocHistory, type DocHistory, type EditKind } from './doc-history';
import { saveDocument } from './save-docs';

export type DocLanguage = 'template' | 'yaml' | 'plaintext';

export interface DocState {
  key: string;
  /** null for a view that is not a workspace file (a built-in component's default template). */
  ref: DocRef | null;
  title: string;
  path: string;
  text: string;
  savedText: string | null;
  dirty: boolean;
  readOnly: boolean;
  language: DocLanguage;
  /** Bumped whenever the text changes from anything but the editor showing it. */
  version: number;
  /** The file changed on disk while this document had unsaved edits (null text: deleted). */
  disk: { text: string | null } | null;
  /** For built-in component views: which component. */
  builtinComponentId?: string | undefined;
  /**
   * How `text` was made from the text before it, when one splice of the editor made it: what
   * reads both texts (the prompt ahead of its build) takes the edit from here instead of
   * comparing them whole. It holds while `to` is `text`.
   */
  madeBy?: EditMadeBy | undefined;
}

export interface DocsSlice {
  docs: Record<string, DocState>;
  tabs: string[];
  activeTab: string | null;
  /** The document the last edit went to: global undo/redo act on it. */
  lastEditedKey: string | null;
  /** Documents changed together by the last structured edit (undone and redone together). */
  lastEditGroup: string[];
  reveal: { key: string; offset: number; n: number } | null;
  ensureDoc(ref: DocRef): Promise<DocState | undefined>;
  /** Makes the document the active tab, in front of the compare view unless `behind` (then a compare view in front stays there). */
  openDoc(ref: DocRef, opts?: { offset?: number; behind?: boolean }): Promise<void>;
  /** Registers the read-only view of a built-in component's default template; returns its key. */
  ensureBuiltinComponent(componentId: string): string;
  openBuiltinComponent(componentId: string): void;
  activateTab(key: string): void;
  cycleTab(step: 1 | -1): void;
  closeTab(key: string): Promise<boolean>;
  /** Applies an edit; `typing` comes from the editor showing the doc. */
  editDoc(key: string, text: string, kind: EditKind): void;
  /** Applies an edit given as what changed (the editor's change ranges): only they are sent to the host. */
  spliceDoc(key: string, splices: readonly TextSplice[], kind: EditKind): void;
  /** One structured edit over several documents (a reorder changes variant.yaml and the template). */
  editDocs(edits: { key: string; text: string }[]): void;
  undo(key?: string): void;
  redo(key?: string): void;
  /** Saves a document (default: the active one); a variant's document saves that variant's files together (store/save-docs.ts). */
  saveDoc(key?: string): Promise<boolean>;
  saveAll(): Promise<void>;
  revertDoc(key: string): Promise<void>;
  applyDiskChange(payload: EventPayload<'doc:changedOnDisk'>): void;
  /** Another window changed a document's text (or the host did, on a revert): show it. */
  applyRemoteText(payload: EventPayload<'doc:text'>): void;
  resolveDiskConflict(key: string, keep: 'mine' | 'disk'): void;
  /** Takes the dirty flags, titles and paths of open documents from the host's list. */
  syncDocInfo(documents: readonly DocumentInfo[]): void;
  forgetAllDocs(): void;
  /** Forgets documents whose files went (renamed or deleted through the host): their tabs close, nothing is asked. */
  forgetDocs(keys: readonly string[]): void;
  /** Reads documents again from the host (their texts changed there, e.g. references that followed a rename). */
  reloadDocs(keys: readonly string[]): Promise<void>;
  confirmDiscardAll(question: string): Promise<boolean>;
  /** Offers the drafts the host kept (`listed`: their list, when already asked for). */
  offerDrafts(listed?: Promise<ChannelResponse<'drafts:list'> | undefined>): Promise<void>;
}

export function languageOf(ref: DocRef): DocLanguage {
  switch (ref.kind) {
    case 'variant-template':
    case 'component-override':
    case 'tool-override':
    case 'component':
      return 'template';
    case 'profile-file':
    case 'harness-file':
      return /\.ya?ml$/i.test(ref.file) ? 'yaml' : 'template';
    default:
      return 'yaml';
  }
}

/** This window, in the edits it sends (its own doc:text events come back and are skipped). */
const WINDOW = Math.random().toString(36).slice(2);
/** Ids of the texts this window's edits make (shared/ipc/text-revision.ts). */
const newRevision = revisionIds(WINDOW);

export const createDocsSlice: SliceCreator<DocsSlice> = (set, get) => {
  // Per store (each test's fresh store has its own): each document's undo history, its read in
  // flight, and the number of its last update sent.
  const histories = new Map<string, DocHistory>();
  const loading = new Map<string, Promise<DocState | undefined>>();
  const updateSeq = new Map<string, number>();
  // Per document: the revision of the text it shows (what its next edit is made on; missing:
  // not known, the edit goes whole and unconditional), the updates sent and not answered yet,
  // and the last update sent when a refused edit brought the host's text: the refusals of the
  // updates before it are answered by that text already.
  const revisions = new Map<string, string>();
  const unanswered = new Map<string, number>();
  const resyncedAt = new Map<string, number>();
  const setRevision = (key: string, revision: string | undefined): void => {
    if (revision === undefined) revisions.delete(key);
    else revisions.set(key, revision);
  };
  const patchDoc = (key: string, patch: Partial<DocState>): void => {
    set((s) => {
      const d = s.docs[key];
      if (!d) return {};
      return { docs: { ...s.docs, [key]: { ...d, ...patch } } };
    });
  };
  /** Documents saved with these texts, in one update: none shows as saved before the others. */
  const markSaved = (saved: readonly { key: string; text: string }[]): void => {
    set((s) => {
      const docs = { ...s.docs };
      for (const { key, text } of saved) {
        const d = docs[key];
        if (d) docs[key] = { ...d, savedText: text, dirty: d.text !== text, disk: null };
      }
      return { docs };
    });
  };
  /** Another window changed the text: it is shown as a step of the history. */
  const showRemote = (key: string, text: string): void => {
    const doc = get().docs[key];
    if (!doc || doc.text === text) return;
    histories.get(key)?.record(text, 'structured');
    patchDoc(key, { text, dirty: text !== doc.savedText, version: doc.version + 1 });
  };
  /** The text and revision the host holds now (a remote edit this window could not apply). */
  const readAgain = async (key: string): Promise<void> => {
    const ref = get().docs[key]?.ref;
    if (!ref) return;
    const r = await call('doc:read', { ref });
    if (!r || (unanswered.get(key) ?? 0) > 0) return;
    setRevision(key, r.revision);
    showRemote(key, r.text);
  };
  /** Sends an edit: `splices` when they are known and the text it was made on is, else the whole text. */
  const sendUpdate = (doc: DocState, text: string, splices?: readonly TextSplice[]): void => {
    if (!doc.ref) return;
    const key = doc.key;
    const n = (updateSeq.get(key) ?? 0) + 1;
    updateSeq.set(key, n);
    unanswered.set(key, (unanswered.get(key) ?? 0) + 1);
    const base = revisions.get(key);
    const revision = newRevision();
    revisions.set(key, revision);
    const edit = { revision, origin: WINDOW };
    const request =
      base === undefined
        ? { ref: doc.ref, text, ...edit }
        : splices
          ? { ref: doc.ref, splices: [...splices], base, ...edit }
          : { ref: doc.ref, text, base, ...edit };
    void call('doc:update', request).then((r) => {
      unanswered.set(key, (unanswered.get(key) ?? 1) - 1);
      if (r?.stale) {
        if (n <= (resyncedAt.get(key) ?? 0)) return;
        // Made on a text another window had already changed: the host kept theirs; show it.
        // The updates sent after this one were made on this one: their refusals say nothing new.
        resyncedAt.set(key, updateSeq.get(key) ?? n);
        setRevision(key, r.stale.revision);
        const now = get().docs[key];
        histories.get(key)?.record(r.stale.text, 'structured');
        if (now) patchDoc(key, { text: r.stale.text, dirty: r.dirty, version: now.version + 1 });
        get().notify('error', `${doc.path} was changed in another window: your last edit was not applied; it shows the current text.`);
      } else if (r && updateSeq.get(key) === n && get().docs[key]?.dirty !== r.dirty) patchDoc(key, { dirty: r.dirty });
    });
  };

  /**
   * One undo or redo: of the given document, else of every document the last structured
   * edit changed together, else of the document edited last.
   */
  const step = (direction: 'undo' | 'redo', key: string | undefined): void => {
    const { lastEditGroup, lastEditedKey, activeTab } = get();
    const keys = key ? [key] : lastEditGroup.length ? lastEditGroup : [lastEditedKey ?? activeTab].filter((k): k is string => !!k);
    let done = false;
    for (const k of keys) {
      const text = histories.get(k)?.[direction]();
      const doc = get().docs[k];
      if (text === undefined || !doc) continue;
      patchDoc(k, { text, version: doc.version + 1 });
      sendUpdate(doc, text);
      done = true;
    }
    if (done) get().announce(direction === 'undo' ? 'Undone' : 'Redone');
  };

  /** An edit of `doc` that makes `text` (by `splices`, when known). */
  const applyEdit = (doc: DocState, text: string, kind: EditKind, splices?: readonly TextSplice[]): void => {
    const key = doc.key;
    // The host first: the rebuild starts while the renderer updates its own views.
    sendUpdate(doc, text, splices);
    if (get().lastEditGroup.length) set({ lastEditGroup: [] });
    histories.get(key)?.record(text, kind);
    const patch: Partial<DocState> = { text, madeBy: editMadeBy(doc.text, text, splices) };
    if (kind !== 'typing') patch.version = doc.version + 1;
    if (!doc.dirty) patch.dirty = text !== doc.savedText;
    set((s) => ({ docs: { ...s.docs, [key]: { ...doc, ...patch } }, lastEditedKey: key }));
    mark('store');
  };

  return {
    docs: {},
    tabs: [],
    activeTab: null,
    lastEditedKey: null,
    lastEditGroup: [],
    reveal: null,

    ensureDoc(ref) {
      const key = docKey(ref);
      const have = get().docs[key];
      if (have) return Promise.resolve(have);
      const pending = loading.get(key);
      if (pending) return pending;
      const p = (async () => {
        const r = await call('doc:read', { ref });
        loading.delete(key);
        if (!r) return undefined;
        const info = get().workspace?.documents.find((d) => d.key === key);
        const doc: DocState = {
          key,
          ref,
          // The host names documents; one it does not list yet goes by its path.
          title: info?.title ?? conventionalPath(ref),
          path: info?.path ?? conventionalPath(ref),
          text: r.text,
          savedText: r.savedText,
          dirty: r.dirty,
          readOnly: false,
          language: languageOf(ref),
          version: 0,
          // The host keeps a conflict with the disk until the user chooses (a closed tab, a reload).
          disk: r.conflict ? { text: r.conflict.diskText } : null,
        };
        histories.set(key, createDocHistory(r.text));
        if (!get().docs[key]) setRevision(key, r.revision);
        set((s) => ({ docs: { ...s.docs, [key]: s.docs[key] ?? doc } }));
        return get().docs[key];
      })();
      loading.set(key, p);
      return p;
    },

    async openDoc(ref, opts) {
      const doc = await get().ensureDoc(ref);
      if (!doc) return;
      const front = opts?.behind === true && get().compareActive;
      set((s) => ({
        tabs: s.tabs.includes(doc.key) ? s.tabs : [...s.tabs, doc.key],
        activeTab: doc.key,
        reveal: opts?.offset !== undefined ? { key: doc.key, offset: opts.offset, n: (s.reveal?.n ?? 0) + 1 } : s.reveal,
      }));
      // Another active tab hides the compare view (store/index.ts): shown again before anything renders.
      if (front) set({ compareActive: true });
    },

    ensureBuiltinComponent(componentId) {
      const key = `builtin-component:${componentId}`;
      const info = get().workspace?.components.find((c) => c.id === componentId);
      if (!get().docs[key]) {
        const text = info?.defaultTemplate ?? `${componentId} is a component written in code; it has no template to show.`;
        const doc: DocState = {
          key,
          ref: null,
          title: `${componentId} (built-in)`,
          path: `built-in component ${componentId}`,
          text,
          savedText: text,
          dirty: false,
          readOnly: true,
          language: info?.defaultTemplate !== undefined ? 'template' : 'plaintext',
          version: 0,
          disk: null,
          builtinComponentId: componentId,
        };
        set((s) => ({ docs: { ...s.docs, [key]: doc } }));
      }
      return key;
    },

    openBuiltinComponent(componentId) {
      const key = get().ensureBuiltinComponent(componentId);
      set((s) => ({ tabs: s.tabs.includes(key) ? s.tabs : [...s.tabs, key], activeTab: key }));
    },

    activateTab(key) {
      if (get().tabs.includes(key)) set({ activeTab: key });
    },

    cycleTab(step) {
      const { tabs, activeTab } = get();
      if (tabs.length === 0) return;
      const i = activeTab ? tabs.indexOf(activeTab) : -1;
      const next = tabs[(i + step + tabs.length) % tabs.length]!;
      set({ activeTab: next });
    },

    async closeTab(key) {
      const doc = get().docs[key];
      if (doc?.dirty && doc.ref) {
        const choice = await get().ask(
          `Save the changes to ${doc.title}?`,
          ['Save', "Don't save", 'Cancel'],
          'Your changes are lost if you close without saving.',
        );
        if (choice === null || choice === 'Cancel') return false;
        if (choice === 'Save') {
          if (!(await get().saveDoc(key))) return false;
        } else {
          await get().revertDoc(key);
        }
      }
      set((s) => {
        const i = s.tabs.indexOf(key);
        const tabs = s.tabs.filter((t) => t !== key);
        const activeTab = s.activeTab === key ? (tabs[Math.min(i, tabs.length - 1)] ?? null) : s.activeTab;
        return { tabs, activeTab };
      });
      return true;
    },

    editDocs(edits) {
      const keys = edits.filter((e) => get().docs[e.key]?.text !== e.text).map((e) => e.key);
      for (const e of edits) get().editDoc(e.key, e.text, 'structured');
      if (keys.length > 1) set({ lastEditGroup: keys });
    },

    editDoc(key, text, kind) {
      const doc = get().docs[key];
      if (!doc || doc.readOnly || doc.text === text) return;
      applyEdit(doc, text, kind);
    },

    spliceDoc(key, splices, kind) {
      const doc = get().docs[key];
      if (!doc || doc.readOnly || splices.length === 0) return;
      applyEdit(doc, applySplices(doc.text, splices), kind, splices);
    },

    undo(key) {
      step('undo', key);
    },

    redo(key) {
      step('redo', key);
    },

    async saveDoc(key) {
      const k = key ?? get().activeTab;
      return k ? saveDocument({ get, markSaved }, k) : false;
    },

    async saveAll() {
      const dirty = Object.values(get().docs).filter((d) => d.dirty && d.ref);
      const r = await callRaw('doc:saveAll', {});
      if (!r.ok) {
        if (r.error.code === 'READ_ONLY') {
          const k = dirty[0]?.key;
          if (k) await get().saveDoc(k);
          return;
        }
        get().notify('error', `Could not save: ${plainMessage(r.error.message)}`);
        return;
      }
      // The texts as asked to be saved (typing may have gone on since), marked saved in one update.
      const asked = new Map(dirty.map((d) => [d.key, d.text]));
      const conflicts: string[] = [];
      const saved: { key: string; text: string }[] = [];
      for (const { key, outcome } of r.value) {
        const text = asked.get(key) ?? get().docs[key]?.text;
        if (outcome.status !== 'saved') conflicts.push(outcome.path);
        else if (text !== undefined) saved.push({ key, text });
      }
      markSaved(saved);
      if (conflicts.length) get().notify('error', `Not saved, changed on disk: ${conflicts.join(', ')}. Save each to choose.`);
      else get().announce(`Saved ${r.value.length} file${r.value.length === 1 ? '' : 's'}`);
    },

    async revertDoc(key) {
      const doc = get().docs[key];
      if (!doc?.ref) return;
      // The draft as it was when Revert was asked: the host's doc:text of the revert may come before its answer.
      const draft = doc.text;
      const r = await call('doc:revert', { ref: doc.ref });
      if (!r) return;
      setRevision(key, r.revision);
      // A step of the document's history, not a fresh start: Ctrl+Z brings the dropped edits back.
      histories.get(key)?.record(r.text, 'structured');
      patchDoc(key, { text: r.text, savedText: r.text, dirty: false, version: (get().docs[key]?.version ?? doc.version) + 1, disk: null });
      set({ lastEditedKey: key, lastEditGroup: [] });
      if (draft !== r.text) get().announce(`Reverted ${doc.path} to its saved text: Ctrl+Z brings your edits back`);
    },

    applyDiskChange({ ref, text, conflict, revision }) {
      const key = docKey(ref);
      const doc = get().docs[key];
      if (!doc) return;
      if (conflict) {
        patchDoc(key, { disk: { text } });
        return;
      }
      if (text === null) {
        patchDoc(key, { disk: { text: null } });
        return;
      }
      setRevision(key, revision);
      histories.get(key)?.reset(text);
      patchDoc(key, { text, savedText: text, dirty: false, version: doc.version + 1, disk: null });
    },

    applyRemoteText(payload) {
      const doc = get().docs[docKey(payload.ref)];
      if (payload.origin === WINDOW || !doc) return;
      const key = doc.key;
      if ('text' in payload) {
        setRevision(key, payload.revision);
        showRemote(key, payload.text);
      } else if (revisions.get(key) === payload.base) {
        setRevision(key, payload.revision);
        showRemote(key, applySplices(doc.text, payload.splices));
      } else if ((unanswered.get(key) ?? 0) === 0) {
        // Made on a text this window does not show (nothing it sent is pending, whose refusal
        // would bring the current one): ask for the document again.
        void readAgain(key);
      }
    },

    resolveDiskConflict(key, keep) {
      const doc = get().docs[key];
      if (!doc?.disk) return;
      patchDoc(key, { disk: null });
      if (keep === 'disk') {
        const text = doc.disk.text ?? '';
        histories.get(key)?.record(text, 'structured');
        patchDoc(key, { text, savedText: doc.disk.text, dirty: false, version: doc.version + 1 });
      }
      // The host holds the conflict: tell it the choice (mine: a save then writes over the disk's version).
      if (doc.ref)
        void call('doc:resolveConflict', { ref: doc.ref, keep }).then((r) => {
          if (!r) return;
          if (keep === 'disk') setRevision(key, r.revision);
          patchDoc(key, { savedText: r.savedText, dirty: r.dirty });
        });
    },

    syncDocInfo(documents) {
      const docs = get().docs;
      let changed = false;
      const next = { ...docs };
      for (const info of documents) {
        const d = docs[info.key];
        if (d && (d.dirty !== info.dirty || d.title !== info.title || d.path !== info.path)) {
          next[info.key] = { ...d, dirty: info.dirty, title: info.title, path: info.path };
          changed = true;
        }
      }
      if (changed) set({ docs: next });
    },

    forgetAllDocs() {
      histories.clear();
      loading.clear();
      revisions.clear();
      set({ docs: {}, tabs: [], activeTab: null, lastEditedKey: null, lastEditGroup: [], reveal: null });
    },

    forgetDocs(keys) {
      const gone = new Set(keys.filter((k) => get().docs[k]));
      if (gone.size === 0) return;
      for (const k of gone) {
        histories.delete(k);
        revisions.delete(k);
      }
      set((s) => {
        const docs = { ...s.docs };
        for (const k of gone) delete docs[k];
        const tabs = s.tabs.filter((t) => !gone.has(t));
        const activeTab = s.activeTab && gone.has(s.activeTab) ? (tabs.at(-1) ?? null) : s.activeTab;
        return { docs, tabs, activeTab, lastEditGroup: s.lastEditGroup.filter((k) => !gone.has(k)) };
      });
    },

    async reloadDocs(keys) {
      for (const k of keys) {
        const d = get().docs[k];
        if (!d?.ref) continue;
        const r = await call('doc:read', { ref: d.ref });
        if (!r) continue;
        setRevision(k, r.revision);
        histories.get(k)?.reset(r.text);
        patchDoc(k, { text: r.text, savedText: r.savedText, dirty: r.dirty, version: d.version + 1, disk: null });
      }
    },

    async confirmDiscardAll(question) {
      const dirty = Object.values(get().docs).filter((d) => d.dirty && d.ref);
      if (dirty.length === 0) return true;
      const choice = await get().ask(
        question,
        ['Save all', 'Discard changes', 'Cancel'],
        `Unsaved: ${dirty.map((d) => d.path).join(', ')}`,
      );
      if (choice === 'Save all') {
        await get().saveAll();
        return true;
      }
      if (choice === 'Discard changes') {
        for (const d of dirty) await get().revertDoc(d.key);
        return true;
      }
      return false;
    },

    async offerDrafts(listed) {
      const drafts = (await listed) ?? (await call('drafts:list', {}));
      if (!drafts || drafts.length === 0) return;
      const names = drafts.map((d) => conventionalPath(d.ref));
      const choice = await get().ask(
        `Unsaved edits from your last session were kept (${drafts.length}).`,
        ['Restore them', 'Discard them'],
        names.join(', '),
      );
      const keys = drafts.map((d) => d.key);
      if (choice === 'Restore them') {
        await call('drafts:restore', { keys });
        for (const k of keys) {
          // Reload the restored documents the next time they are shown.
          const d = get().docs[k];
          if (d?.ref) {
            const r = await call('doc:read', { ref: d.ref });
            if (r) {
              setRevision(k, r.revision);
              histories.get(k)?.reset(r.text);
              patchDoc(k, {
                text: r.text,
                savedText: r.savedText,
                dirty: r.dirty,
                version: d.version + 1,
                disk: r.conflict ? { text: r.conflict.diskText } : null,
              });
            }
          }
        }
        get().announce('Unsaved edits restored');
      } else if (choice === 'Discard them') {
        await call('drafts:discard', { keys });
      } else {
        // Dismissed (Escape, or another question took its place): nothing is thrown away; they are offered again at the next start.
        get().announce('Unsaved edits kept: they are offered again when the workspace opens next');
      }
    },
  };
};

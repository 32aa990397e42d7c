import {
  CHANNELS,
  type ChannelName,
  type ChannelRequest,
  type ChannelResponse,
  type EventName,
  type EventPayload,
  type MatrixCellView,
  type StudioApi,
  type WorkspaceView,
} from '../../../shared/ipc/contract';
import { conventionalPath, docKey } from '../../../shared/ipc/doc-key';
import type { DocRef } from '../../../shared/ipc/doc-ref';
import { revisionIds } from '../../../shared/ipc/text-revision';
import { applySplices } from '../../../shared/ipc/text-splice';

interface FakeFile {
  ref: DocRef;
  text: string;
  saved: string;
  /** Missing for a file a test put in the map: edits of it are then sent whole, with no base. */
  revision?: string | undefined;
}

export type Handler<C extends ChannelName> = (
  req: ChannelRequest<C>,
) => ChannelResponse<C> | { error: { code: string; message: string } } | Promise<ChannelResponse<C>>;

export interface FakeApi extends StudioApi {
  calls: { channel: ChannelName; request: unknown }[];
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  /** The documents the fake host holds: key -> text / saved text / revision of the text. */
  files: Map<string, FakeFile>;
  callsOf<C extends ChannelName>(channel: C): ChannelRequest<C>[];
  /** The text each doc:update the fake took made (whole or by splices), in order. */
  updatedTexts(): string[];
}

/**
 * A StudioApi for component and store tests: documents live in a map (doc:read, doc:update,
 * doc:save, doc:revert, doc:create behave like the host's), other channels answer from
 * `handlers` or fail with NOT_FOUND, and tests push events with emit().
 */
export function createFakeApi(
  opts: { docs?: { ref: DocRef; text: string }[]; handlers?: { [C in ChannelName]?: Handler<C> } } = {},
): FakeApi {
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const newRevision = revisionIds('fake');
  const files = new Map<string, FakeFile>();
  for (const d of opts.docs ?? []) files.set(docKey(d.ref), { ref: d.ref, text: d.text, saved: d.text, revision: newRevision() });
  const calls: FakeApi['calls'] = [];
  const updated: string[] = [];
  const builtin: { [C in ChannelName]?: Handler<C> } = {
    'doc:read': ({ ref }) => {
      const f = files.get(docKey(ref as DocRef));
      if (!f) return { error: { code: 'NOT_FOUND', message: `no ${docKey(ref as DocRef)}` } };
      return { text: f.text, ...(f.revision !== undefined ? { revision: f.revision } : {}), savedText: f.saved, dirty: f.text !== f.saved };
    },
    // The host's check of the revision is left to the host's tests: the fake takes every edit.
    'doc:update': (request) => {
      const key = docKey(request.ref as DocRef);
      const f = files.get(key) ?? { ref: request.ref as DocRef, text: '', saved: '', revision: newRevision() };
      f.text = 'splices' in request ? applySplices(f.text, request.splices) : request.text;
      f.revision = request.revision ?? newRevision();
      files.set(key, f);
      updated.push(f.text);
      return { dirty: f.text !== f.saved };
    },
    'doc:save': ({ ref }) => {
      const f = files.get(docKey(ref as DocRef));
      if (!f) return { error: { code: 'NOT_FOUND', message: 'missing' } };
      f.saved = f.text;
      return { status: 'saved', path: docKey(ref as DocRef) };
    },
    // A variant's files saved together (named by their conventional paths, as documents are before the host lists them).
    'doc:saveVariant': ({ variantId }) => {
      const paths: string[] = [];
      for (const f of files.values())
        if ('variantId' in f.ref && f.ref.variantId === variantId && f.text !== f.saved) {
          f.saved = f.text;
          paths.push(conventionalPath(f.ref));
        }
      return { status: 'saved', paths };
    },
    'doc:revert': ({ ref }) => {
      const f = files.get(docKey(ref as DocRef))!;
      f.text = f.saved;
      f.revision = newRevision();
      return { text: f.saved, revision: f.revision };
    },
    'doc:create': ({ ref, text }) => {
      const key = docKey(ref as DocRef);
      files.set(key, { ref: ref as DocRef, text: text ?? '', saved: '', revision: newRevision() });
      return { ref: ref as DocRef, key, path: key, title: key, dirty: true, isNew: true };
    },
    'drafts:list': () => [],
    'preview:shown': () => ({ rebuilt: false }),
    'tokens:count': ({ texts }) => texts.map((t) => ({ o200k: Math.ceil(t.length / 4), cl100k: Math.ceil(t.length / 4) })),
  };
  const api = {
    calls,
    files,
    emit(event: EventName, payload: unknown) {
      for (const l of listeners.get(event) ?? []) l(payload);
    },
    updatedTexts: () => [...updated],
    callsOf(channel: ChannelName) {
      return calls.filter((c) => c.channel === channel).map((c) => c.request);
    },
    on(event: EventName, listener: (p: unknown) => void) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
  } as unknown as FakeApi;
  // Every channel of the contract, so none is missing from the fake (unhandled ones answer NOT_FOUND).
  const channels = Object.keys(CHANNELS) as ChannelName[];
  for (const ch of channels) {
    (api as unknown as Record<string, unknown>)[ch] = async (request: unknown) => {
      calls.push({ channel: ch, request });
      const h = (opts.handlers?.[ch] ?? builtin[ch]) as ((r: unknown) => unknown) | undefined;
      if (!h) return { ok: false, error: { code: 'NOT_FOUND', message: `fake: no handler for ${ch}` } };
      const value = await h(request);
      if (value && typeof value === 'object' && 'error' in value && Object.keys(value).length === 1)
        return { ok: false, error: (value as { error: unknown }).error };
      return { ok: true, value };
    };
  }
  return api;
}

export function workspaceView(partial: Partial<WorkspaceView> = {}): WorkspaceView {
  return {
    sessionId: 's1',
    name: 'Test workspace',
    root: '/tmp/ws',
    builtin: false,
    readOnly: false,
    documents: [],
    variants: [{ id: 'generic', family: 'generic', description: 'The generic variant' }],
    components: [],
    tools: [],
    presets: [{ name: 'basic', description: 'Basic', kind: 'variant' }],
    profiles: [],
    problems: [],
    ...partial,
  };
}

/** A preview:set handler answering a failed build: for tests of what the renderer asks for, not of what it shows. */
export function failedPreview(seq = 1): Handler<'preview:set'> {
  return (req) => ({ seq, target: req.target, outcome: { ok: false, error: 'fake' }, baseline: { spec: req.baseline, text: null } });
}

/** A snapshot-matrix cell whose prompt differs from its stored snapshot (saved as shown). */
export function differingMatrixCell(variantId: string, preset = 'basic'): MatrixCellView {
  return { variantId, preset, chars: 3, warnings: 0, snapshot: 'differs', saved: 'same', promptHash: 'p', storedHash: 's' };
}

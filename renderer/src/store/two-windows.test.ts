import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, type Handler } from '../testing/fake-api';
import { flush, setupStore } from '../testing/setup-store';

/** Issue 18, item 8 in the renderer: a refused (stale) edit shows the host's text; another window's edits appear. */

const ref = { kind: 'component', componentId: 'ROLE' } as const;
const key = 'component:ROLE';
let cleanup: () => void = () => {};
afterEach(() => cleanup());

function make(update?: Handler<'doc:update'>) {
  const api = createFakeApi({ docs: [{ ref, text: 'original' }], handlers: update ? { 'doc:update': update } : {} });
  const s = setupStore(api);
  cleanup = s.disconnect;
  return s;
}

const NOTICE = 'components/ROLE.md was changed in another window: your last edit was not applied; it shows the current text.';

describe('two windows on one document', () => {
  it('an edit the host refuses as stale gives way to the current text, with a notice; the next edit is made on that text', async () => {
    const { store, api } = make(({ base }) =>
      base === 'theirs.1' ? { dirty: true } : { dirty: true, stale: { text: 'typed in the other window', revision: 'theirs.1' } },
    );
    await store.getState().openDoc(ref);
    store.getState().editDoc(key, 'original + mine', 'typing');
    await flush();
    expect(api.callsOf('doc:update')).toEqual([
      { ref, text: 'original + mine', base: 'fake.1', revision: expect.any(String), origin: expect.any(String) },
    ]);
    expect(store.getState().docs[key]).toMatchObject({ text: 'typed in the other window', dirty: true, version: 1 });
    expect(store.getState().notices.map((n) => [n.kind, n.text])).toEqual([['error', NOTICE]]);
    store.getState().spliceDoc(key, [{ at: 0, remove: 0, insert: '> ' }], 'typing');
    await flush();
    expect(api.callsOf('doc:update')[1]).toMatchObject({ splices: [{ at: 0, remove: 0, insert: '> ' }], base: 'theirs.1' });
    expect(store.getState().docs[key]!.text).toBe('> typed in the other window');
    expect(store.getState().notices).toHaveLength(1);
  });

  it('edits sent before a refusal came back are refused too: one notice, the host’s text', async () => {
    const { store, api } = make(() => ({ dirty: true, stale: { text: 'theirs', revision: 'theirs.1' } }));
    await store.getState().openDoc(ref);
    store.getState().spliceDoc(key, [{ at: 8, remove: 0, insert: 'a' }], 'typing');
    store.getState().spliceDoc(key, [{ at: 9, remove: 0, insert: 'b' }], 'typing');
    store.getState().spliceDoc(key, [{ at: 10, remove: 0, insert: 'c' }], 'typing');
    // Each made on the one before.
    const sent = api.callsOf('doc:update') as { base: string; revision: string }[];
    expect(sent.map((c) => c.base)).toEqual(['fake.1', sent[0]!.revision, sent[1]!.revision]);
    await flush();
    expect(store.getState().docs[key]!.text).toBe('theirs');
    expect(store.getState().notices).toHaveLength(1);
  });

  it('shows another window’s edit, skips its own echo, and bases its next edit on what it shows', async () => {
    const { store, api } = make();
    await store.getState().openDoc(ref);
    store.getState().editDoc(key, 'mine', 'typing');
    await flush();
    const own = api.callsOf('doc:update')[0]!;
    api.emit('doc:text', { ref, text: 'mine', revision: own.revision!, origin: own.origin! });
    api.emit('doc:text', { ref, text: 'stale echo', revision: 'x.1', origin: own.origin! });
    expect(store.getState().docs[key]!.text).toBe('mine');
    api.emit('doc:text', { ref, text: 'from the other window', revision: 'other.1', origin: 'another' });
    expect(store.getState().docs[key]).toMatchObject({ text: 'from the other window', dirty: true, version: 1 });
    store.getState().editDoc(key, 'from the other window!', 'typing');
    await flush();
    expect(api.callsOf('doc:update')[1]).toEqual({
      ref,
      text: 'from the other window!',
      base: 'other.1',
      revision: expect.any(String),
      origin: own.origin,
    });
    // Undo goes back through the other window's edit to this window's own.
    store.getState().undo(key);
    expect(store.getState().docs[key]!.text).toBe('from the other window');
  });

  it('applies another window’s splices made on the text it shows; made on another, it reads the document again', async () => {
    const { store, api } = make();
    await store.getState().openDoc(ref);
    api.emit('doc:text', { ref, splices: [{ at: 8, remove: 0, insert: '!' }], base: 'fake.1', revision: 'other.1', origin: 'another' });
    expect(store.getState().docs[key]).toMatchObject({ text: 'original!', dirty: true, version: 1 });
    // Made on a text this window never had: what the host holds is read.
    api.files.get(key)!.text = 'the host’s text';
    api.files.get(key)!.revision = 'other.3';
    api.emit('doc:text', { ref, splices: [{ at: 0, remove: 1, insert: '' }], base: 'other.2', revision: 'other.3', origin: 'another' });
    expect(store.getState().docs[key]!.text).toBe('original!');
    await flush();
    expect(api.callsOf('doc:read')).toHaveLength(2);
    expect(store.getState().docs[key]).toMatchObject({ text: 'the host’s text', version: 2 });
    store.getState().spliceDoc(key, [{ at: 0, remove: 0, insert: '+' }], 'typing');
    await flush();
    expect(api.callsOf('doc:update')[0]).toMatchObject({ base: 'other.3' });
    expect(api.files.get(key)!.text).toBe('+the host’s text');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { textRevision } from '../../../shared/ipc/text-revision';
import { createFakeApi } from '../testing/fake-api';
import { flush, setupStore } from '../testing/setup-store';

/** Issue 18, item 8 in the renderer: a refused (stale) edit shows the host's text; another window's edits appear. */

const ref = { kind: 'component', componentId: 'ROLE' } as const;
const key = 'component:ROLE';
let cleanup: () => void = () => {};
afterEach(() => cleanup());

function make(stale?: string) {
  const api = createFakeApi({
    docs: [{ ref, text: 'original' }],
    handlers: stale === undefined ? {} : { 'doc:update': () => ({ dirty: true, stale: { text: stale } }) },
  });
  const s = setupStore(api);
  cleanup = s.disconnect;
  return s;
}

describe('two windows on one document', () => {
  it('an edit the host refuses as stale gives way to the current text, with a notice', async () => {
    const { store, api } = make('typed in the other window');
    await store.getState().openDoc(ref);
    store.getState().editDoc(key, 'original + mine', 'typing');
    await flush();
    expect(api.callsOf('doc:update')).toEqual([
      { ref, text: 'original + mine', base: textRevision('original'), origin: expect.any(String) },
    ]);
    expect(store.getState().docs[key]).toMatchObject({ text: 'typed in the other window', dirty: true, version: 1 });
    expect(store.getState().notices.map((n) => [n.kind, n.text])).toEqual([
      ['error', 'components/ROLE.md was changed in another window: your last edit was not applied; it shows the current text.'],
    ]);
  });

  it('shows another window’s edit, skips its own echo, and bases its next edit on what it shows', async () => {
    const { store, api } = make();
    await store.getState().openDoc(ref);
    store.getState().editDoc(key, 'mine', 'typing');
    await flush();
    const own = api.callsOf('doc:update')[0]!.origin!;
    api.emit('doc:text', { ref, text: 'mine', origin: own });
    api.emit('doc:text', { ref, text: 'stale echo', origin: own });
    expect(store.getState().docs[key]!.text).toBe('mine');
    api.emit('doc:text', { ref, text: 'from the other window', origin: 'another' });
    expect(store.getState().docs[key]).toMatchObject({ text: 'from the other window', dirty: true, version: 1 });
    store.getState().editDoc(key, 'from the other window!', 'typing');
    await flush();
    expect(api.callsOf('doc:update')[1]).toEqual({
      ref,
      text: 'from the other window!',
      base: textRevision('from the other window'),
      origin: own,
    });
    // Undo goes back through the other window's edit to this window's own.
    store.getState().undo(key);
    expect(store.getState().docs[key]!.text).toBe('from the other window');
  });
});

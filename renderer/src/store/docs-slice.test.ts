import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, workspaceView } from '../testing/fake-api';
import { flush, setupStore } from '../testing/setup-store';

const tplRef = { kind: 'variant-template', variantId: 'generic' } as const;
const cfgRef = { kind: 'variant-config', variantId: 'generic' } as const;

let cleanup: () => void = () => {};
afterEach(() => cleanup());

function make() {
  const api = createFakeApi({
    docs: [
      { ref: tplRef, text: 'Hello {{NAME}}' },
      { ref: cfgRef, text: 'id: generic\ncomponentOrder:\n  - A\n  - B\n' },
    ],
  });
  const s = setupStore(api);
  cleanup = s.disconnect;
  return s;
}

describe('documents slice', () => {
  it('keeps its histories per store: a second store does not undo the first one’s edits', async () => {
    const first = make();
    await first.store.getState().openDoc(tplRef);
    first.store.getState().editDoc('variant-template:generic', 'Hello {{NAME}}, first', 'structured');
    const firstCleanup = cleanup;
    const second = make();
    await second.store.getState().openDoc(tplRef);
    second.store.getState().undo('variant-template:generic');
    expect(second.store.getState().docs['variant-template:generic']!.text).toBe('Hello {{NAME}}');
    expect(second.api.callsOf('doc:update')).toEqual([]);
    first.store.getState().undo('variant-template:generic');
    expect(first.store.getState().docs['variant-template:generic']!.text).toBe('Hello {{NAME}}');
    firstCleanup();
  });

  it('opens a document as a tab and sends edits to the host', async () => {
    const { store, api } = make();
    await store.getState().openDoc(tplRef);
    expect(store.getState().tabs).toEqual(['variant-template:generic']);
    store.getState().editDoc('variant-template:generic', 'Hello {{NAME}}!', 'typing');
    expect(store.getState().docs['variant-template:generic']!.dirty).toBe(true);
    await flush();
    // Made on the text as read (its revision), named by a revision of this window's, which the host takes.
    expect(api.callsOf('doc:update')).toEqual([
      { ref: tplRef, text: 'Hello {{NAME}}!', base: 'fake.1', revision: expect.stringMatching(/^\w+\.\w+$/), origin: expect.any(String) },
    ]);
    expect(api.files.get('variant-template:generic')!.revision).toBe(api.callsOf('doc:update')[0]!.revision);
  });

  it('takes titles, paths and dirty flags of open documents from the host list when it comes', async () => {
    const { store, api } = make();
    store.getState().applyWorkspace(workspaceView());
    await store.getState().openDoc(tplRef);
    // Not listed by the host yet: named by its conventional path.
    expect(store.getState().docs['variant-template:generic']).toMatchObject({ title: 'variants/generic/template.md', dirty: false });
    const info = { ref: tplRef, key: 'variant-template:generic', path: 'variants/generic/template.md', isNew: false };
    api.emit('workspace:changed', workspaceView({ documents: [{ ...info, title: 'generic · template', dirty: true }] }));
    expect(store.getState().docs['variant-template:generic']).toMatchObject({ title: 'generic · template', dirty: true });
  });

  it('a revert is a step of the history: undo brings the dropped edits back, redo reverts again', async () => {
    const { store, api } = make();
    const key = 'variant-template:generic';
    await store.getState().openDoc(tplRef);
    store.getState().editDoc(key, 'Hello {{NAME}}, a draft', 'typing');
    await flush();
    await store.getState().revertDoc(key);
    expect(store.getState().docs[key]).toMatchObject({ text: 'Hello {{NAME}}', savedText: 'Hello {{NAME}}', dirty: false });
    expect(store.getState().announcement).toBe('Reverted variants/generic/template.md to its saved text: Ctrl+Z brings your edits back');
    store.getState().undo(key);
    expect(store.getState().docs[key]!.text).toBe('Hello {{NAME}}, a draft');
    await flush();
    expect(store.getState().docs[key]!.dirty).toBe(true);
    store.getState().redo(key);
    expect(store.getState().docs[key]!.text).toBe('Hello {{NAME}}');
    await flush();
    expect(store.getState().docs[key]!.dirty).toBe(false);
    // Every step reached the host: the draft after the revert, the saved text after the redo.
    expect(api.updatedTexts()).toEqual(['Hello {{NAME}}, a draft', 'Hello {{NAME}}, a draft', 'Hello {{NAME}}']);
    // Undo without a document (the palette, the menu) acts on the one reverted last.
    store.getState().undo();
    expect(store.getState().docs[key]!.text).toBe('Hello {{NAME}}, a draft');
  });

  it('undoes and redoes structured edits and typing of one document in order', async () => {
    const { store, api } = make();
    await store.getState().ensureDoc(cfgRef);
    await store.getState().selectVariant('generic');
    expect(await store.getState().moveComponent(0, 1)).toBe(true);
    const moved = store.getState().docs['variant-config:generic']!.text;
    expect(moved).toContain('- B\n  - A');
    store.getState().undo('variant-config:generic');
    expect(store.getState().docs['variant-config:generic']!.text).toBe('id: generic\ncomponentOrder:\n  - A\n  - B\n');
    store.getState().redo('variant-config:generic');
    expect(store.getState().docs['variant-config:generic']!.text).toBe(moved);
    await flush();
    // Every step reached the host.
    expect(api.updatedTexts()).toEqual([moved, 'id: generic\ncomponentOrder:\n  - A\n  - B\n', moved]);
  });

  it('moves the component slot in the template too, and undoes both documents as one step', async () => {
    const api = createFakeApi({
      docs: [
        { ref: tplRef, text: '{{A}}\n====\n{{B}}' },
        { ref: cfgRef, text: 'id: generic\ncomponentOrder:\n  - A\n  - B\n' },
      ],
    });
    const { store, disconnect } = setupStore(api);
    cleanup = disconnect;
    await store.getState().ensureDoc(tplRef);
    await store.getState().selectVariant('generic');
    await store.getState().moveComponent(1, 0);
    expect(store.getState().docs['variant-template:generic']!.text).toBe('{{B}}\n====\n{{A}}');
    store.getState().undo();
    expect(store.getState().docs['variant-template:generic']!.text).toBe('{{A}}\n====\n{{B}}');
    expect(store.getState().docs['variant-config:generic']!.text).toBe('id: generic\ncomponentOrder:\n  - A\n  - B\n');
    store.getState().redo();
    expect(store.getState().docs['variant-template:generic']!.text).toBe('{{B}}\n====\n{{A}}');
  });

  it('asks before closing a tab with unsaved work, and saves when told to', async () => {
    const { store, api } = make();
    await store.getState().openDoc(tplRef);
    store.getState().editDoc('variant-template:generic', 'changed', 'typing');
    const closing = store.getState().closeTab('variant-template:generic');
    await flush();
    expect(store.getState().confirm?.buttons).toEqual(['Save', "Don't save", 'Cancel']);
    store.getState().answer('Cancel');
    expect(await closing).toBe(false);
    expect(store.getState().tabs).toHaveLength(1);

    const again = store.getState().closeTab('variant-template:generic');
    await flush();
    store.getState().answer('Save');
    expect(await again).toBe(true);
    expect(api.files.get('variant-template:generic')!.saved).toBe('changed');
    expect(store.getState().tabs).toHaveLength(0);
  });

  it('shows a conflict when the file changed on disk under unsaved edits, and can load the disk text', async () => {
    const { store, api } = make();
    await store.getState().openDoc(tplRef);
    store.getState().editDoc('variant-template:generic', 'mine', 'typing');
    api.emit('doc:changedOnDisk', { ref: tplRef, text: 'theirs', conflict: true });
    expect(store.getState().docs['variant-template:generic']!.disk).toEqual({ text: 'theirs' });
    store.getState().resolveDiskConflict('variant-template:generic', 'disk');
    expect(store.getState().docs['variant-template:generic']!.text).toBe('theirs');
  });

  it('shows the conflict the host holds when a document is opened again, and tells the host the choice', async () => {
    const api = createFakeApi({
      docs: [{ ref: tplRef, text: 'Hello {{NAME}}' }],
      handlers: {
        'doc:read': () => ({ text: 'mine', savedText: 'Hello {{NAME}}', dirty: true, conflict: { diskText: 'theirs' } }),
        'doc:resolveConflict': ({ keep }) => ({
          text: 'mine',
          savedText: keep === 'mine' ? 'theirs' : 'mine',
          dirty: true,
          conflict: null,
        }),
      },
    });
    const s = setupStore(api);
    cleanup = s.disconnect;
    await s.store.getState().openDoc(tplRef);
    expect(s.store.getState().docs['variant-template:generic']).toMatchObject({ text: 'mine', dirty: true, disk: { text: 'theirs' } });
    s.store.getState().resolveDiskConflict('variant-template:generic', 'mine');
    await flush();
    expect(api.callsOf('doc:resolveConflict')).toEqual([{ ref: tplRef, keep: 'mine' }]);
    expect(s.store.getState().docs['variant-template:generic']).toMatchObject({ text: 'mine', savedText: 'theirs', disk: null });
  });

  it('takes an external edit of a clean document as the new text', async () => {
    const { store, api } = make();
    await store.getState().openDoc(tplRef);
    const v = store.getState().docs['variant-template:generic']!.version;
    api.emit('doc:changedOnDisk', { ref: tplRef, text: 'from another editor', conflict: false });
    const d = store.getState().docs['variant-template:generic']!;
    expect(d.text).toBe('from another editor');
    expect(d.dirty).toBe(false);
    expect(d.version).toBe(v + 1);
  });

  it('cycles through tabs both ways', async () => {
    const { store } = make();
    await store.getState().openDoc(tplRef);
    await store.getState().openDoc(cfgRef);
    store.getState().cycleTab(1);
    expect(store.getState().activeTab).toBe('variant-template:generic');
    store.getState().cycleTab(-1);
    expect(store.getState().activeTab).toBe('variant-config:generic');
  });

  it('discards the drafts of the last session only when asked to: a dismissed offer keeps them, Restore restores them', async () => {
    const draft = { key: 'variant-template:generic', ref: tplRef, text: 'Hello {{NAME}}, kept', savedAt: '2026-12-01T10:00:00.000Z' };
    const api = createFakeApi({
      docs: [{ ref: tplRef, text: 'Hello {{NAME}}' }],
      handlers: { 'drafts:discard': ({ keys }) => keys, 'drafts:restore': ({ keys }) => keys },
    });
    const s = setupStore(api);
    cleanup = s.disconnect;
    const { store } = s;
    const answers = [null, 'Discard them', 'Restore them'];
    const calls = () => [...api.callsOf('drafts:discard'), ...api.callsOf('drafts:restore')];
    for (const answer of answers) {
      const offered = store.getState().offerDrafts(Promise.resolve([draft]));
      await flush();
      expect(store.getState().confirm?.message).toBe('Unsaved edits from your last session were kept (1).');
      store.getState().answer(answer);
      await offered;
      if (answer === null) {
        expect(calls()).toEqual([]);
        expect(store.getState().announcement).toBe('Unsaved edits kept: they are offered again when the workspace opens next');
      }
    }
    expect(api.callsOf('drafts:discard')).toEqual([{ keys: ['variant-template:generic'] }]);
    expect(api.callsOf('drafts:restore')).toEqual([{ keys: ['variant-template:generic'] }]);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import type { FileProblem } from '../../../shared/domain/problems';
import { createFakeApi } from '../testing/fake-api';
import { flush, setupStore } from '../testing/setup-store';

const tpl = { kind: 'variant-template', variantId: 'generic' } as const;
const cfg = { kind: 'variant-config', variantId: 'generic' } as const;
const other = { kind: 'variant-config', variantId: 'xs' } as const;
const preset = { kind: 'preset', name: 'basic' } as const;
const TPL = 'variant-template:generic';
const CFG = 'variant-config:generic';

const problem: FileProblem = {
  file: 'presets/basic.yaml',
  line: 2,
  column: 3,
  message: 'Nested mappings are not allowed',
  severity: 'error',
};

let cleanup: () => void = () => {};
afterEach(() => cleanup());

function make(handlers: NonNullable<Parameters<typeof createFakeApi>[0]>['handlers'] = {}) {
  const api = createFakeApi({
    docs: [
      { ref: tpl, text: 'Hello' },
      { ref: cfg, text: 'id: generic\n' },
      { ref: other, text: 'id: xs\n' },
      { ref: preset, text: 'name: basic\n' },
    ],
    handlers,
  });
  const s = setupStore(api);
  cleanup = s.disconnect;
  return s;
}

describe('Save', () => {
  it("saves a variant's template and variant.yaml together, and no state shows one saved without the other", async () => {
    const { store, api } = make();
    for (const ref of [tpl, cfg, other]) await store.getState().openDoc(ref);
    store.getState().activateTab(TPL);
    // A new placeholder: variant.yaml defines it, the template uses it.
    store.getState().editDoc(CFG, 'id: generic\nplaceholders:\n  TEAM_NAME: Acme\n', 'structured');
    store.getState().editDoc(TPL, 'Hello {{TEAM_NAME}}', 'typing');
    store.getState().editDoc('variant-config:xs', 'id: xs # edited\n', 'typing');
    // The host has the edits (it answers them in order, before the save).
    await flush();
    const seen: [boolean, boolean][] = [];
    const off = store.subscribe((s) => seen.push([s.docs[TPL]!.dirty, s.docs[CFG]!.dirty]));
    expect(await store.getState().saveDoc()).toBe(true);
    off();
    expect(api.callsOf('doc:saveVariant')).toEqual([{ variantId: 'generic', ifValid: true }]);
    expect(api.callsOf('doc:save')).toEqual([]);
    expect(api.files.get(CFG)!.saved).toBe('id: generic\nplaceholders:\n  TEAM_NAME: Acme\n');
    expect(api.files.get(TPL)!.saved).toBe('Hello {{TEAM_NAME}}');
    expect(store.getState().docs[TPL]).toMatchObject({ dirty: false, savedText: 'Hello {{TEAM_NAME}}' });
    expect(store.getState().docs[CFG]).toMatchObject({ dirty: false });
    // Never half: both dirty, then both saved.
    expect(seen.filter(([a, b]) => a !== b)).toEqual([]);
    // Another variant's edit is not part of it.
    expect(store.getState().docs['variant-config:xs']!.dirty).toBe(true);
    expect(api.files.get('variant-config:xs')!.saved).toBe('id: xs\n');
  });

  it('asks "this file has errors: save anyway?" and writes nothing unless the user says so', async () => {
    const { store, api } = make({
      'doc:save': ({ ifValid }) =>
        ifValid ? { status: 'invalid', path: 'presets/basic.yaml', problems: [problem] } : { status: 'saved', path: 'presets/basic.yaml' },
    });
    await store.getState().openDoc(preset);
    store.getState().editDoc('preset:basic', 'name: basic\n  x: y: z\n', 'typing');
    await flush();
    // Cancel: not saved, still dirty.
    let saving = store.getState().saveDoc();
    await flush();
    expect(store.getState().confirm).toMatchObject({
      message: 'This file has errors: save anyway?',
      detail: 'presets/basic.yaml:2:3: Nested mappings are not allowed',
      buttons: ['Cancel', 'Save anyway'],
    });
    store.getState().answer('Cancel');
    expect(await saving).toBe(false);
    expect(api.callsOf('doc:save')).toEqual([{ ref: preset, ifValid: true }]);
    expect(store.getState().docs['preset:basic']!.dirty).toBe(true);
    // Save anyway: saved without the check.
    saving = store.getState().saveDoc();
    await flush();
    store.getState().answer('Save anyway');
    expect(await saving).toBe(true);
    expect(api.callsOf('doc:save')).toEqual([{ ref: preset, ifValid: true }, { ref: preset, ifValid: true }, { ref: preset }]);
    expect(store.getState().docs['preset:basic']).toMatchObject({ dirty: false, savedText: 'name: basic\n  x: y: z\n' });
  });

  it('asks before saving a variant whose files have errors, then saves them all anyway', async () => {
    const bad: FileProblem = { ...problem, file: 'variants/generic/variant.yaml' };
    const { store, api } = make({
      'doc:saveVariant': ({ ifValid }) =>
        ifValid
          ? { status: 'invalid', problems: [bad] }
          : { status: 'saved', paths: ['variants/generic/variant.yaml', 'variants/generic/template.md'] },
    });
    for (const ref of [tpl, cfg]) await store.getState().openDoc(ref);
    store.getState().editDoc(CFG, 'id: [generic\n', 'typing');
    store.getState().editDoc(TPL, 'Hi', 'typing');
    await flush();
    const saving = store.getState().saveDoc(TPL);
    await flush();
    expect(store.getState().confirm?.message).toBe('This file has errors: save anyway?');
    store.getState().answer('Save anyway');
    expect(await saving).toBe(true);
    expect(api.callsOf('doc:saveVariant')).toEqual([{ variantId: 'generic', ifValid: true }, { variantId: 'generic' }]);
    expect([store.getState().docs[TPL]!.dirty, store.getState().docs[CFG]!.dirty]).toEqual([false, false]);
  });

  it('Save all marks the saved documents in one update, with the texts it was asked to save', async () => {
    const { store } = make({
      'doc:saveAll': () => [
        { key: TPL, outcome: { status: 'saved', path: 'variants/generic/template.md' } },
        { key: CFG, outcome: { status: 'saved', path: 'variants/generic/variant.yaml' } },
      ],
    });
    for (const ref of [tpl, cfg]) await store.getState().openDoc(ref);
    store.getState().editDoc(CFG, 'id: generic\norder: 2\n', 'structured');
    store.getState().editDoc(TPL, 'Hello again', 'typing');
    await flush();
    const seen: [boolean, boolean][] = [];
    const off = store.subscribe((s) => seen.push([s.docs[TPL]!.dirty, s.docs[CFG]!.dirty]));
    await store.getState().saveAll();
    off();
    expect(seen.filter(([a, b]) => a !== b)).toEqual([]);
    expect(store.getState().docs[TPL]).toMatchObject({ dirty: false, savedText: 'Hello again' });
    expect(store.getState().docs[CFG]).toMatchObject({ dirty: false, savedText: 'id: generic\norder: 2\n' });
  });
});

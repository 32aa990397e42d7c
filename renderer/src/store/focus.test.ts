import { afterEach, describe, expect, it } from 'vitest';
import type { BuildTarget, PreviewResult } from '../../../shared/ipc/contract';
import { docKey } from '../../../shared/ipc/doc-key';
import type { DocRef } from '../../../shared/ipc/doc-ref';
import { createFakeApi, workspaceView } from '../testing/fake-api';
import { flush, setupStore } from '../testing/setup-store';
import { describeFocus, nextTarget, sameTarget, targetOfDoc, type FocusInputs } from './focus';

const generic: BuildTarget = { kind: 'variant', variantId: 'generic' };
const xs: BuildTarget = { kind: 'variant', variantId: 'xs' };
const build: BuildTarget = { kind: 'profile', profileId: 'opencode', agent: 'build' };

describe('the target a document implies', () => {
  it('is the variant of a variant’s own files, whatever was shown before', () => {
    for (const ref of [
      { kind: 'variant-template', variantId: 'xs' },
      { kind: 'variant-config', variantId: 'xs' },
      { kind: 'component-override', variantId: 'xs', componentId: 'RULES_SECTION' },
      { kind: 'tool-override', variantId: 'xs', toolId: 'read_file' },
    ] as const) {
      expect(targetOfDoc(ref, generic), ref.kind).toEqual(xs);
      expect(targetOfDoc(ref, build), ref.kind).toEqual(xs);
      expect(nextTarget(ref, generic), ref.kind).toEqual(xs);
    }
  });

  it('is the profile of a profile’s file, with the agent chosen for it kept', () => {
    const file: DocRef = { kind: 'profile-file', profileId: 'opencode', file: 'agents/plan.md' };
    expect(targetOfDoc(file, build)).toBe(build);
    expect(targetOfDoc(file, generic)).toEqual({ kind: 'profile', profileId: 'opencode' });
    expect(targetOfDoc(file, { kind: 'profile', profileId: 'other', agent: 'build' })).toEqual({ kind: 'profile', profileId: 'opencode' });
  });

  it('is none for a file every variant shares: the target shown stays', () => {
    for (const ref of [
      { kind: 'component', componentId: 'RULES_SECTION' },
      { kind: 'tool', toolId: 'read_file' },
      { kind: 'preset', name: 'basic' },
      { kind: 'workspace-config' },
      { kind: 'harness-file', harnessId: 'claude-code', file: 'harness.yaml' },
    ] as const) {
      expect(targetOfDoc(ref, xs), ref.kind).toBeNull();
      expect(nextTarget(ref, xs), ref.kind).toBe(xs);
      expect(nextTarget(ref, build), ref.kind).toBe(build);
    }
    // No document (a built-in component's view, the last tab closed): the same.
    expect(nextTarget(null, xs)).toBe(xs);
    expect(nextTarget(undefined, null)).toBeNull();
  });

  it('compares targets by what they build', () => {
    expect(sameTarget(generic, { kind: 'variant', variantId: 'generic' })).toBe(true);
    expect(sameTarget(generic, xs)).toBe(false);
    expect(sameTarget(build, { kind: 'profile', profileId: 'opencode' })).toBe(false);
    expect(sameTarget({ kind: 'profile', profileId: 'opencode' }, { kind: 'profile', profileId: 'opencode' })).toBe(true);
    expect(sameTarget(generic, null)).toBe(false);
    expect(sameTarget(null, null)).toBe(true);
  });
});

describe('what the preview header says', () => {
  const inputs = (over: Partial<FocusInputs>): FocusInputs => ({
    target: generic,
    activeTab: null,
    docs: {},
    presetName: 'basic',
    contextEdited: false,
    stackPresetName: 'stack-basic',
    ...over,
  });
  const doc = (ref: DocRef | null, path: string, builtinComponentId?: string) => ({ ref, path, builtinComponentId });

  it('names the variant × preset, or the profile · agent × stack preset, it renders', () => {
    expect(describeFocus(inputs({}))).toEqual({ label: 'generic × basic', shared: null });
    expect(describeFocus(inputs({ contextEdited: true })).label).toBe('generic × basic (edited)');
    expect(describeFocus(inputs({ presetName: null })).label).toBe('generic × no preset');
    expect(describeFocus(inputs({ target: build })).label).toBe('opencode · build × stack-basic');
    expect(describeFocus(inputs({ target: { kind: 'profile', profileId: 'opencode' } })).label).toBe('opencode × stack-basic');
    expect(describeFocus(inputs({ target: null }))).toEqual({ label: null, shared: null });
  });

  it('says which variant a shared file is shown in, and nothing for the variant’s own files', () => {
    const own = { kind: 'variant-template', variantId: 'generic' } as const;
    const tool = { kind: 'tool', toolId: 'read_file' } as const;
    const preset = { kind: 'preset', name: 'plan' } as const;
    const docs = {
      [docKey(own)]: doc(own, 'variants/generic/template.md'),
      [docKey(tool)]: doc(tool, 'tools/read_file.yaml'),
      [docKey(preset)]: doc(preset, 'contexts/plan.yaml'),
      'builtin-component:RULES_SECTION': doc(null, 'built-in component RULES_SECTION', 'RULES_SECTION'),
    };
    const shared = (activeTab: string) => describeFocus(inputs({ docs, activeTab })).shared;
    expect(shared(docKey(own))).toBeNull();
    expect(shared(docKey(tool))).toBe('tools/read_file.yaml is shared by the variants: shown as generic uses it.');
    expect(shared(docKey(preset))).toBe('contexts/plan.yaml is a context preset: the preview uses basic.');
    expect(shared('builtin-component:RULES_SECTION')).toBe('RULES_SECTION is a built-in component: shown as generic renders it.');
  });
});

describe('the store’s focus', () => {
  let cleanup: () => void = () => {};
  afterEach(() => cleanup());

  const ref = {
    genericTpl: { kind: 'variant-template', variantId: 'generic' },
    genericCfg: { kind: 'variant-config', variantId: 'generic' },
    xsTpl: { kind: 'variant-template', variantId: 'xs' },
    xsCfg: { kind: 'variant-config', variantId: 'xs' },
    tool: { kind: 'tool', toolId: 'read_file' },
    profile: { kind: 'profile-file', profileId: 'opencode', file: 'profile.yaml' },
    agent: { kind: 'profile-file', profileId: 'opencode', file: 'agents/build.md' },
  } as const;

  function make() {
    const api = createFakeApi({
      docs: [
        ...Object.values(ref).map((r) => ({ ref: r, text: `${docKey(r)}\n` })),
        { ref: { kind: 'preset', name: 'stack-basic' }, text: 'kind: stack\ncontext:\n  agent: build\n' },
      ],
      handlers: {
        'preview:set': (req): PreviewResult => ({
          seq: 1,
          target: req.target,
          outcome: { ok: false, error: 'fake' },
          baseline: { spec: req.baseline, text: null },
        }),
      },
    });
    const s = setupStore(api);
    cleanup = s.disconnect;
    s.store.setState({
      workspace: workspaceView({
        variants: [
          { id: 'generic', family: 'generic', description: '' },
          { id: 'xs', family: 'xs', description: '' },
        ],
        presets: [
          { name: 'basic', description: '', kind: 'variant' },
          { name: 'stack-basic', description: '', kind: 'stack' },
        ],
        profiles: [{ id: 'opencode', agents: ['build', 'plan'] }],
      }),
    });
    return s;
  }
  const asked = (api: ReturnType<typeof make>['api']) => api.callsOf('preview:set').map((c) => c.target);

  it('follows the active tab both ways, and a closed tab hands over to the next one', async () => {
    const { store, api } = make();
    await store.getState().selectVariant('generic');
    await store.getState().openDoc(ref.xsTpl);
    await flush();
    expect(store.getState().target).toEqual(xs);
    // The variant's files were read for the Components and Placeholders tabs.
    expect(store.getState().docs[docKey(ref.xsCfg)]).toBeDefined();
    store.getState().activateTab(docKey(ref.genericTpl));
    await flush();
    expect(store.getState().target).toEqual(generic);
    store.getState().activateTab(docKey(ref.xsTpl));
    await flush();
    expect(store.getState().target).toEqual(xs);
    expect(asked(api)).toEqual([generic, xs, generic, xs]);
    // Closing the active tab (xs) makes generic's template active: generic is shown.
    await store.getState().closeTab(docKey(ref.xsTpl));
    await flush();
    expect(store.getState().activeTab).toBe(docKey(ref.genericTpl));
    expect(store.getState().target).toEqual(generic);
    // Reopened, xs is shown again.
    await store.getState().openDoc(ref.xsTpl);
    await flush();
    expect(store.getState().target).toEqual(xs);
    expect(asked(api)).toEqual([generic, xs, generic, xs, generic, xs]);
  });

  it('keeps the variant shown while a shared file is edited, and says so', async () => {
    const { store, api } = make();
    await store.getState().selectVariant('xs');
    await store.getState().openDoc(ref.tool);
    await flush();
    expect(store.getState().target).toEqual(xs);
    expect(asked(api)).toEqual([xs]);
    expect(describeFocus(store.getState()).shared).toBe('tools/read_file.yaml is shared by the variants: shown as xs uses it.');
    store.getState().openBuiltinComponent('RULES_SECTION');
    await flush();
    expect(store.getState().target).toEqual(xs);
    // Closing every tab keeps what was shown.
    for (const key of [...store.getState().tabs]) await store.getState().closeTab(key);
    expect(store.getState().activeTab).toBeNull();
    expect(store.getState().target).toEqual(xs);
    expect(asked(api)).toEqual([xs]);
  });

  it('shows a profile with the agent chosen; its other files keep the agent, a variant’s file takes over', async () => {
    const { store, api } = make();
    await store.getState().selectVariant('generic');
    await store.getState().selectProfile('opencode', 'build');
    await flush();
    expect(store.getState().target).toEqual(build);
    // Its stack preset was loaded for it.
    expect(store.getState().stackPresetName).toBe('stack-basic');
    await store.getState().openDoc(ref.agent);
    await flush();
    expect(store.getState().target).toEqual(build);
    store.getState().activateTab(docKey(ref.genericTpl));
    await flush();
    expect(store.getState().target).toEqual(generic);
    store.getState().activateTab(docKey(ref.profile));
    await flush();
    // Back on the profile from a variant: its default agent (the choice went with the variant's tab).
    expect(store.getState().target).toEqual({ kind: 'profile', profileId: 'opencode' });
    expect(asked(api)).toEqual([generic, build, generic, { kind: 'profile', profileId: 'opencode' }]);
  });

  it('drops a build of a target that is no longer shown', async () => {
    const { store, api } = make();
    await store.getState().selectVariant('xs');
    await flush();
    const late = (seq: number, target: BuildTarget): PreviewResult => ({
      seq,
      target,
      outcome: { ok: true, kind: 'variant', result: { kind: 'variant', text: docKey(ref.genericTpl) } as never, durationMs: 1 },
      baseline: { spec: { kind: 'none' }, text: null },
    });
    api.emit('preview:result', late(5, generic));
    expect(store.getState().preview?.seq).toBe(1);
    api.emit('preview:result', late(6, xs));
    expect(store.getState().preview?.seq).toBe(6);
  });
});

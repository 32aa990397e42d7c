import { afterEach, describe, expect, it, vi } from 'vitest';
import { changedLines } from '../../../tests/yaml-source/changed-lines';
import { createFakeApi, failedPreview, workspaceView } from '../testing/fake-api';
import { flush, setupStore } from '../testing/setup-store';
import { setIn } from '../ui/json-path';
import { deepMerge } from './context-slice';
import { resolvePreset } from './preset-files';

let cleanup: () => void = () => {};
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('context helpers', () => {
  it('merges objects deep and replaces arrays', () => {
    expect(deepMerge({ a: { b: 1, c: [1, 2] }, d: 1 }, { a: { c: [3] }, e: 2 })).toEqual({ a: { b: 1, c: [3] }, d: 1, e: 2 });
  });

  it('sets and removes nested values without touching the input', () => {
    const base = { providerInfo: { model: { id: 'x' } } };
    const next = setIn(base, ['providerInfo', 'model', 'id'], 'y');
    expect(next).toEqual({ providerInfo: { model: { id: 'y' } } });
    expect(base.providerInfo.model.id).toBe('x');
    expect(setIn({ a: { b: 1 } }, ['a', 'b'], undefined)).toEqual({});
    expect(setIn({ list: [1, 2, 3] }, ['list', 1], undefined)).toEqual({ list: [1, 3] });
  });

  it('resolves a preset with extends, and reports cycles', async () => {
    const files: Record<string, string> = {
      basic: 'description: Basic\ncontext:\n  supportsBrowserUse: true\n  providerInfo: { providerId: anthropic, model: { id: claude } }\n',
      'no-browser': 'description: No browser\nextends: basic\ncontext:\n  supportsBrowserUse: false\n',
      a: 'extends: b\ncontext: {}\n',
      b: 'extends: a\ncontext: {}\n',
    };
    const read = async (ref: { kind: string; name?: string }) => files[ref.name!];
    const r = await resolvePreset(read as never, 'no-browser');
    expect(r).toEqual({
      kind: 'variant',
      description: 'No browser',
      context: { supportsBrowserUse: false, providerInfo: { providerId: 'anthropic', model: { id: 'claude' } } },
    });
    files.s = 'kind: stack\ncontext:\n  agent: plan\n';
    expect(await resolvePreset(read as never, 's')).toEqual({ kind: 'stack', description: '', context: { agent: 'plan' } });
    expect(await resolvePreset(read as never, 'a')).toMatch(/cycle/);
    files.deep = `context: ${'['.repeat(1000)}${']'.repeat(1000)}\n`;
    expect(await resolvePreset(read as never, 'deep')).toBe(
      'contexts/deep.yaml: line 1, column 73: collections are nested more than 64 deep; the file is not read',
    );
  });
});

describe('context slice', () => {
  function make() {
    const api = createFakeApi({
      docs: [
        {
          ref: { kind: 'preset', name: 'basic' },
          text: 'description: Basic\ncontext:\n  supportsBrowserUse: true\n  mcpServers:\n    - name: files\n',
        },
      ],
      handlers: {
        'machine:info': () => ({ os: 'Linux 6', shell: '/bin/zsh', homeDir: '/home/me', cwd: '/home/me/code', platform: 'linux' }),
        'preview:set': failedPreview(),
      },
    });
    const s = setupStore(api);
    cleanup = s.disconnect;
    s.store.setState({ workspace: workspaceView(), target: { kind: 'variant', variantId: 'generic' } });
    return s;
  }

  it('sends the preset by name until a field is edited, then the edited context', async () => {
    const { store } = make();
    await store.getState().loadPreset('basic', false);
    expect(store.getState().contextSpec()).toEqual({ kind: 'preset', name: 'basic' });
    store.getState().setContextField(['supportsBrowserUse'], false);
    store.getState().setContextField(['mcpServers'], undefined);
    expect(store.getState().contextSpec()).toEqual({ kind: 'inline', context: { supportsBrowserUse: false } });
  });

  it('keeps a field edited while the preset was still loading, over the preset it applies to', async () => {
    const { store, api } = make();
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const read = api['doc:read'].bind(api);
    api['doc:read'] = async (request) => {
      await gate;
      return read(request);
    };
    const loading = store.getState().loadPreset('basic', false);
    store.getState().setContextField(['ide'], 'Zed');
    release();
    await loading;
    expect(store.getState().context).toEqual({ supportsBrowserUse: true, mcpServers: [{ name: 'files' }], ide: 'Zed' });
    expect(store.getState().contextEdited).toBe(true);
    expect(store.getState().contextSpec()).toEqual({ kind: 'inline', context: store.getState().context });
    // Without an edit meanwhile, the preset is loaded as it is (and sent by name).
    await store.getState().loadPreset('basic', false);
    expect(store.getState().context).toEqual({ supportsBrowserUse: true, mcpServers: [{ name: 'files' }] });
    expect(store.getState().contextSpec()).toEqual({ kind: 'preset', name: 'basic' });
  });

  it('lets the preset picked last win when two loads overlap', async () => {
    const { store, api } = make();
    api.files.set('preset:quick', {
      ref: { kind: 'preset', name: 'quick' },
      text: 'context:\n  ide: Quick\n',
      saved: 'context:\n  ide: Quick\n',
    });
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const read = api['doc:read'].bind(api);
    api['doc:read'] = async (request) => {
      if (request.ref.kind === 'preset' && request.ref.name === 'basic') await gate;
      return read(request);
    };
    const slow = store.getState().loadPreset('basic', false);
    await store.getState().loadPreset('quick', false);
    release();
    await slow;
    expect([store.getState().presetName, store.getState().context]).toEqual(['quick', { ide: 'Quick' }]);
  });

  it('keeps the last valid context when an edit does not validate', async () => {
    const { store, api } = make();
    await store.getState().loadPreset('basic', false);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    store.getState().setContextField(['date'], 'next tuesday');
    expect(store.getState().contextError).toMatch(/date/);
    expect(store.getState().contextSpec()).toEqual({ kind: 'preset', name: 'basic' });
    // No refresh is even scheduled for an invalid context (not merely one that has not fired yet).
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    // (Only calls with a date: the previous test's store, on a real timer, may still send its own through the shared API.)
    const dated = () => api.callsOf('preview:set').filter((c) => JSON.stringify(c.context).includes('"date"'));
    expect(dated()).toEqual([]);
    store.getState().setContextField(['date'], '2026-02-03');
    await vi.advanceTimersByTimeAsync(60);
    expect(dated().map((c) => c.context)).toEqual([{ kind: 'inline', context: expect.objectContaining({ date: '2026-02-03' }) }]);
  });

  it('fills machine facts from the host', async () => {
    const { store } = make();
    await store.getState().fillFromMachine();
    expect(store.getState().context).toMatchObject({
      cwd: '/home/me/code',
      machine: { os: 'Linux 6', shell: '/bin/zsh', homeDir: '/home/me', platform: 'linux' },
    });
  });

  it('saves the edited context as a new preset through the host', async () => {
    const { store, api } = make();
    await store.getState().loadPreset('basic', false);
    store.getState().setContextField(['supportsBrowserUse'], false);
    expect(await store.getState().savePreset('quiet')).toBe(true);
    await flush();
    const saved = api.files.get('preset:quiet')!;
    expect(saved.saved).toContain('supportsBrowserUse: false');
    expect(saved.saved).toContain('description: Based on basic');
    expect(store.getState().presetName).toBe('quiet');
  });

  it('saving over a preset that extends another changes only the lines of what differs', async () => {
    const { store, api } = make();
    const before =
      '# Quiet: no browser\ndescription: No browser\nextends: basic\ncontext:\n  supportsBrowserUse: false # the point of it\n';
    api.files.set('preset:quiet', { ref: { kind: 'preset', name: 'quiet' }, text: before, saved: before });
    store.setState({
      workspace: workspaceView({ presets: [...workspaceView().presets, { name: 'quiet', description: '', kind: 'variant' }] }),
    });
    await store.getState().loadPreset('quiet', false);
    store.getState().setContextField(['ide'], 'Zed');
    expect(await store.getState().savePreset('quiet')).toBe(true);
    await flush();
    expect(changedLines(before, api.files.get('preset:quiet')!.saved)).toEqual(['+  ide: Zed']);
    store.getState().setContextField(['supportsBrowserUse'], true);
    expect(await store.getState().savePreset('quiet')).toBe(true);
    await flush();
    // Back to the base's value: the override line goes, the comment on it with it.
    expect(api.files.get('preset:quiet')!.saved).toBe(
      '# Quiet: no browser\ndescription: No browser\nextends: basic\ncontext:\n  ide: Zed\n',
    );
  });
});

describe('stack context', () => {
  it('sends the stack context for profiles, with real discovery when asked', () => {
    const { store, disconnect } = setupStore(createFakeApi());
    cleanup = disconnect;
    store.setState({ target: { kind: 'profile', profileId: 'opencode' } });
    store.getState().setStackField(['userSystem'], 'Be brief');
    expect(store.getState().contextSpec()).toEqual({ kind: 'stack', context: { userSystem: 'Be brief' } });
    store.getState().setStackDiscovery('real');
    expect(store.getState().contextSpec()).toEqual({ kind: 'stack', context: { userSystem: 'Be brief' }, discovery: 'real' });
  });

  it('sends the global instruction locations switched off, and takes them back on', () => {
    const { store, disconnect } = setupStore(createFakeApi());
    cleanup = disconnect;
    store.setState({ target: { kind: 'profile', profileId: 'opencode' } });
    store.getState().setStackDiscovery('real');
    store.getState().setStackGlobalOff('claude', true);
    store.getState().setStackGlobalOff('opencode-config', true);
    expect(store.getState().contextSpec()).toEqual({
      kind: 'stack',
      context: {},
      discovery: 'real',
      globalsOff: ['claude', 'opencode-config'],
    });
    store.getState().setStackGlobalOff('claude', false);
    store.getState().setStackGlobalOff('opencode-config', false);
    expect(store.getState().contextSpec()).toEqual({ kind: 'stack', context: {}, discovery: 'real' });
    // Only real discovery reads the disk: the virtual tree has no global locations to switch.
    store.getState().setStackGlobalOff('claude', true);
    store.getState().setStackDiscovery('virtual');
    expect(store.getState().contextSpec()).toEqual({ kind: 'stack', context: {} });
  });
});

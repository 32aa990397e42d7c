import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckFinding } from '../../../shared/ipc/contract';
import { createFakeApi, workspaceView } from '../testing/fake-api';
import { setupStore } from '../testing/setup-store';
import { watchFindings } from './watch-findings';

const findings: CheckFinding[] = [
  { code: 'LOAD_ERROR', severity: 'error', message: 'Invalid input (at version)', file: 'variants/xs/variant.yaml' },
];

describe('the check follows edits', () => {
  let cleanup: () => void = () => {};
  afterEach(() => cleanup());

  it('asks the host again a moment after the workspace or a document changed', async () => {
    let answer: CheckFinding[] = [findings[0]!];
    const api = createFakeApi({ handlers: { 'check:run': () => ({ findings: answer }) } });
    const { store, disconnect } = setupStore(api);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const stop = watchFindings(store, 10);
    cleanup = () => (stop(), disconnect(), vi.useRealTimers());
    store.getState().applyWorkspace(workspaceView());
    // Not before the delay...
    await vi.advanceTimersByTimeAsync(9);
    expect(api.callsOf('check:run')).toHaveLength(0);
    // ...and once it has passed.
    await vi.advanceTimersByTimeAsync(1);
    expect(store.getState().findings).toEqual([findings[0]]);
    answer = [];
    store.getState().applyWorkspace(workspaceView({ name: 'changed' }));
    await vi.advanceTimersByTimeAsync(10);
    expect(store.getState().findings).toEqual([]);
    expect(api.callsOf('check:run')).toHaveLength(2);
  });

  it('checks nothing before the first screen is shown, then once, a moment after', async () => {
    const api = createFakeApi({ handlers: { 'check:run': () => ({ findings: [] }) } });
    const { store, disconnect } = setupStore(api);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let shown: () => void = () => {};
    const stop = watchFindings(store, 10, new Promise<void>((resolve) => (shown = resolve)));
    cleanup = () => (stop(), disconnect(), vi.useRealTimers());
    store.getState().applyWorkspace(workspaceView());
    store.getState().applyWorkspace(workspaceView({ name: 'changed' }));
    await vi.advanceTimersByTimeAsync(100);
    expect(api.callsOf('check:run')).toHaveLength(0);
    shown();
    await vi.advanceTimersByTimeAsync(9);
    expect(api.callsOf('check:run')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.callsOf('check:run')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(api.callsOf('check:run')).toHaveLength(1);
  });

  it('checks again with the model list when it is edited (a variant none of its ids reaches is reported)', async () => {
    const api = createFakeApi({ handlers: { 'check:run': () => ({ findings: [], groups: [] }) } });
    const { store, disconnect } = setupStore(api);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const stop = watchFindings(store, 10);
    cleanup = () => (stop(), disconnect(), vi.useRealTimers(), store.getState().resetCatalog());
    store.getState().applyWorkspace(workspaceView());
    await vi.advanceTimersByTimeAsync(10);
    const first = api.callsOf('check:run')[0] as { modelIds: string[] };
    expect(first.modelIds).toContain('gpt-5');
    expect(store.getState().findingGroups).toEqual([]);
    store.getState().setCatalogModels('openai', 'gpt-4.1 o3');
    await vi.advanceTimersByTimeAsync(10);
    const second = api.callsOf('check:run')[1] as { modelIds: string[] };
    expect(second.modelIds).toContain('gpt-4.1');
    expect(second.modelIds).not.toContain('gpt-5');
  });
});

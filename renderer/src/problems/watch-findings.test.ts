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
});

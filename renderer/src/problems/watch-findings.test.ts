import { afterEach, describe, expect, it } from 'vitest';
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
    const stop = watchFindings(store, 10);
    cleanup = () => (stop(), disconnect());
    store.getState().applyWorkspace(workspaceView());
    await new Promise((r) => setTimeout(r, 40));
    expect(store.getState().findings).toEqual([findings[0]]);
    answer = [];
    store.getState().applyWorkspace(workspaceView({ name: 'changed' }));
    await new Promise((r) => setTimeout(r, 40));
    expect(store.getState().findings).toEqual([]);
    expect(api.callsOf('check:run')).toHaveLength(2);
  });
});

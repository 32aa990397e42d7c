import { afterEach, describe, expect, it } from 'vitest';
import type { HarnessRun } from './harness-store';
import { harnessStore } from './harness-store';
import { createFakeApi } from '../testing/fake-api';
import { setupStore } from '../testing/setup-store';

let cleanup: () => void = () => {};
afterEach(() => {
  cleanup();
  harnessStore.setState({ open: false, run: null, error: null });
});

const answer = (durationMs: number): HarnessRun => ({
  results: [],
  lint: [],
  contextUse: { discovery: 'virtual', env: [], settings: [], machineEnv: [] },
  durationMs,
});

describe('harness view store', () => {
  it('runs the harnesses on every edit and shows the newest answer only', async () => {
    const pending: ((r: HarnessRun) => void)[] = [];
    const api = createFakeApi({ handlers: { 'harness:run': () => new Promise<HarnessRun>((resolve) => pending.push(resolve)) } });
    cleanup = setupStore(api).disconnect;
    harnessStore.getState().setOpen(true);
    const first = harnessStore.getState().rerun();
    harnessStore.getState().setField(['files', '/home/user/project/AGENTS.md'], 'Use bun.\n');
    expect(api.callsOf('harness:run')).toHaveLength(3);
    const sent = api.callsOf('harness:run')[2]?.context as { files: Record<string, unknown> };
    expect(sent.files['/home/user/project/AGENTS.md']).toBe('Use bun.\n');
    pending[2]?.(answer(3));
    await new Promise((r) => setTimeout(r, 0));
    pending[1]?.(answer(2));
    await first;
    expect(harnessStore.getState().run?.durationMs).toBe(3);
  });

  it('shows the host’s refusal as the error, and clears it with the next good answer', async () => {
    let fail = true;
    const api = createFakeApi({
      handlers: {
        'harness:run': () =>
          fail ? { error: { code: 'INVALID_REQUEST', message: 'harness:run: context.cwd: must be an absolute path' } } : answer(1),
      },
    });
    cleanup = setupStore(api).disconnect;
    harnessStore.getState().setField(['cwd'], 'relative');
    await new Promise((r) => setTimeout(r, 0));
    expect(harnessStore.getState().error).toBe('harness:run: context.cwd: must be an absolute path');
    fail = false;
    harnessStore.getState().setField(['cwd'], '/home/user/project');
    await new Promise((r) => setTimeout(r, 0));
    expect(harnessStore.getState().error).toBeNull();
    expect(harnessStore.getState().run?.durationMs).toBe(1);
  });
});

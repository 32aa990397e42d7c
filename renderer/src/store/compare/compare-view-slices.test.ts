// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CompareResult, MatrixView } from '../../../../shared/ipc/contract';
import { createFakeApi, differingMatrixCell, workspaceView } from '../../testing/fake-api';
import { setupStore } from '../../testing/setup-store';
import { loadColumns, saveColumns } from './compare-storage';

let cleanup: () => void = () => {};
afterEach(() => cleanup());
beforeEach(() => localStorage.clear());

const result = (seq: number, labels: string[]): CompareResult => ({
  seq,
  columns: labels.map((label) => ({
    spec: { kind: 'variant', variantId: label },
    label,
    variantId: label,
    why: 'chosen by id',
    preset: 'basic',
    kind: 'variant',
    chars: 10,
  })),
  rows: [{ key: 'AGENT_ROLE_SECTION', cells: labels.map(() => ({ text: 'role' })) }],
});

describe('compare columns', () => {
  it('start with the variant shown and generic, live; edits of the set are remembered per workspace and sent again; stop sends none', async () => {
    const api = createFakeApi({
      handlers: {
        'compare:set': (req) =>
          result(
            1,
            req.columns.map((c) => (c.kind === 'variant' ? c.variantId : '?')),
          ),
      },
    });
    const { store, disconnect } = setupStore(api);
    cleanup = disconnect;
    store.setState({
      workspace: workspaceView({ root: '/ws/a', variants: ['xs', 'generic', 'gpt-5'].map((id) => ({ id, family: id, description: '' })) }),
      target: { kind: 'variant', variantId: 'gpt-5' },
      presetName: 'basic',
    });
    await store.getState().startCompare();
    expect(api.callsOf('compare:set')).toEqual([
      {
        columns: [
          { kind: 'variant', variantId: 'gpt-5' },
          { kind: 'variant', variantId: 'generic' },
        ],
        context: { kind: 'preset', name: 'basic' },
      },
    ]);
    expect(store.getState().compareResult?.columns.map((c) => c.label)).toEqual(['gpt-5', 'generic']);

    store.getState().addCompareColumn({ kind: 'model', modelId: 'o3' });
    store.getState().moveCompareColumn(2, -1);
    store.getState().removeCompareColumn(0);
    expect(store.getState().compareColumns).toEqual([
      { kind: 'model', modelId: 'o3' },
      { kind: 'variant', variantId: 'generic' },
    ]);
    expect(loadColumns('/ws/a')).toEqual(store.getState().compareColumns);
    expect(loadColumns('/ws/b')).toBeUndefined();
    expect(api.callsOf('compare:set').at(-1)!.columns).toEqual(store.getState().compareColumns);

    await store.getState().stopCompare();
    expect(api.callsOf('compare:set').at(-1)!.columns).toEqual([]);
  });

  it('take the remembered columns (stored data checked), keep at most four, and ignore older results and stray token counts', async () => {
    saveColumns(null, [
      { kind: 'variant', variantId: 'xs' },
      { kind: 'bogus' } as never,
      { kind: 'model', modelId: 'x'.repeat(500) } as never,
    ]);
    const api = createFakeApi({ handlers: { 'compare:set': () => result(5, ['xs']) } });
    const { store, disconnect } = setupStore(api);
    cleanup = disconnect;
    store.setState({ workspace: workspaceView({ root: null, builtin: true }), presetName: 'basic' });
    await store.getState().startCompare();
    expect(store.getState().compareColumns).toEqual([{ kind: 'variant', variantId: 'xs' }]);
    for (const id of ['a', 'b', 'c', 'd']) store.getState().addCompareColumn({ kind: 'variant', variantId: id });
    expect(store.getState().compareColumns).toHaveLength(4);
    expect(store.getState().notices.at(-1)!.text).toBe('At most 4 columns: remove one first.');

    api.emit('compare:result', result(4, ['old']));
    expect(store.getState().compareResult?.seq).toBe(5);
    api.emit('compare:result', result(6, ['new']));
    expect(store.getState().compareResult?.columns[0]!.label).toBe('new');
    api.emit('compare:tokens', { seq: 5, rows: [[1]], totals: [1], budgets: [null] });
    expect(store.getState().compareTokens).toBeNull();
    api.emit('compare:tokens', { seq: 6, rows: [[7]], totals: [9], budgets: [null] });
    expect(store.getState().compareTokens?.totals).toEqual([9]);
  });

  it("keep a column's counts with that column, not its place, until the counts of a new result come", async () => {
    const api = createFakeApi({ handlers: { 'compare:set': () => result(1, ['xs', 'generic']) } });
    const { store, disconnect } = setupStore(api);
    cleanup = disconnect;
    store.setState({ workspace: workspaceView({ root: null, builtin: true }), presetName: 'basic' });
    await store.getState().startCompare();
    api.emit('compare:tokens', { seq: 1, rows: [[3, 4]], totals: [30, 40], budgets: [null, null] });
    // The first column removed: until generic's counts of result 2 come, it shows its own, not xs's.
    api.emit('compare:result', result(2, ['generic']));
    expect(store.getState().compareTokens).toEqual({ seq: 2, rows: [[4]], totals: [40], budgets: [null] });
    api.emit('compare:tokens', { seq: 2, rows: [[5]], totals: [41], budgets: [null] });
    expect(store.getState().compareTokens?.totals).toEqual([41]);
  });
});

describe('routing, matrix and cache', () => {
  it('route the pasted ids split on commas, spaces and newlines', async () => {
    const api = createFakeApi({ handlers: { 'compare:routing': () => ({ rows: [], shadowed: [], fellThrough: [] }) } });
    const { store, disconnect } = setupStore(api);
    cleanup = disconnect;
    store.setState({ presetName: 'basic' });
    store.getState().setRoutingText('claude-sonnet-4 gpt-5,o3\n\n qwen3-coder , o3');
    await store.getState().runRouting();
    expect(api.callsOf('compare:routing')).toEqual([
      { context: { kind: 'preset', name: 'basic' }, modelIds: ['claude-sonnet-4', 'gpt-5', 'o3', 'qwen3-coder'] },
    ]);
  });

  it('apply matrix token counts that arrive before the matrix, and approve with exactly what approval checks', async () => {
    const cell = differingMatrixCell('generic');
    const matrix: MatrixView = { version: 3, variants: ['generic'], presets: ['basic'], cells: [cell], dir: 'snapshots', readOnly: false };
    const api = createFakeApi({
      handlers: {
        'compare:matrix': () => matrix,
        'compare:approve': () => ({ written: ['snapshots/generic/basic.md'], skipped: [] }),
      },
    });
    const { store, disconnect } = setupStore(api);
    cleanup = disconnect;
    api.emit('compare:matrixTokens', { version: 3, tokens: [11], budgetsOver: [0] });
    await store.getState().loadMatrix();
    expect(store.getState().matrixTokens?.tokens).toEqual([11]);
    await store.getState().approveCells([cell]);
    expect(api.callsOf('compare:approve')).toEqual([
      { cells: [{ variantId: 'generic', preset: 'basic', promptHash: 'p', storedHash: 's' }] },
    ]);
    expect(api.callsOf('compare:matrix')).toHaveLength(2);
    // Nothing to approve: nothing is sent.
    await store.getState().approveCells([]);
    expect(api.callsOf('compare:approve')).toHaveLength(1);
  });

  it('show the progress of a matrix newer than the one shown until it comes; an answer that crossed a newer one is dropped', async () => {
    const view = (version: number): MatrixView => ({
      version,
      variants: ['generic'],
      presets: ['basic'],
      cells: [differingMatrixCell('generic')],
      dir: 'snapshots',
      readOnly: false,
    });
    const answers: ((m: MatrixView) => void)[] = [];
    const api = createFakeApi({ handlers: { 'compare:matrix': () => new Promise<MatrixView>((resolve) => answers.push(resolve)) } });
    const { store, disconnect } = setupStore(api);
    cleanup = disconnect;
    const first = store.getState().loadMatrix();
    const second = store.getState().loadMatrix();
    api.emit('compare:matrixProgress', { version: 5, done: 10, total: 40 });
    expect(store.getState().matrixProgress).toEqual({ version: 5, done: 10, total: 40 });
    answers[1]!(view(6));
    await second;
    expect(store.getState().matrix?.version).toBe(6);
    expect(store.getState().matrixProgress).toBeNull();
    // The older answer comes last: it does not replace the newer matrix, nor do its counts or progress show.
    answers[0]!(view(5));
    await first;
    api.emit('compare:matrixTokens', { version: 5, tokens: [1], budgetsOver: [0] });
    api.emit('compare:matrixProgress', { version: 5, done: 20, total: 40 });
    expect(store.getState().matrix?.version).toBe(6);
    expect(store.getState().matrixTokens).toBeNull();
    expect(store.getState().matrixProgress).toBeNull();
  });

  it('ask for the cache view of the shown target with the chosen session fields; budgets only for variants', async () => {
    const api = createFakeApi({ handlers: { 'compare:cache': () => ({ text: 'x' }) as never, 'compare:budgets': () => null } });
    const { store, disconnect } = setupStore(api);
    cleanup = disconnect;
    store.setState({ presetName: 'basic', target: { kind: 'variant', variantId: 'generic' } });
    store.getState().setSessionFields(['date']);
    await Promise.resolve();
    expect(api.callsOf('compare:cache')).toEqual([
      { target: { kind: 'variant', variantId: 'generic' }, context: { kind: 'preset', name: 'basic' }, sessionFields: ['date'] },
    ]);
    await store.getState().loadBudgets();
    store.setState({ target: { kind: 'profile', profileId: 'opencode' } });
    await store.getState().loadBudgets();
    expect(api.callsOf('compare:budgets')).toHaveLength(1);
    expect(store.getState().budgets).toBeNull();
  });
});

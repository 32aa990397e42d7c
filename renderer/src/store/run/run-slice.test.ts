import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionsPayload } from '../../../../shared/ipc/contract';
import type { EvalCellView, EvalSummaryView, RunRecord } from '../../../../shared/wire/run-result';
import { createFakeApi } from '../../testing/fake-api';
import { flush, setupStore } from '../../testing/setup-store';
import { columnPlace, PREVIEW_PLACE, STREAM_KEEP_CHARS } from './playground-slice';

let cleanup: () => void = () => {};
afterEach(() => cleanup());

const view = (id: string, standard: boolean, keySet = false) => ({
  id,
  api: 'anthropic',
  baseUrl: 'http://127.0.0.1:9/x',
  keyEnv: 'ANTHROPIC_API_KEY',
  keySet,
  keySource: keySet ? ('session' as const) : null,
  standard,
});

const payload = (connections = [view('anthropic', true), view('local', false)]): ConnectionsPayload => ({
  connections,
  keyStore: 'memory',
  spendCapUsd: null,
  concurrency: 4,
  prices: {},
});

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function record(id: string, text: string, status: RunRecord['result']['status'] = 'ok', message?: string): RunRecord {
  return {
    id,
    at: '2026-01-15T10:00:00.000Z',
    label: 'generic',
    connection: 'local',
    api: 'anthropic',
    model: 'claude-x',
    request: { url: 'http://127.0.0.1:9/x/v1/messages', body: '{}\n' },
    result: {
      status,
      reply: {
        text,
        toolCalls: [],
        usage: { inputTokens: 10, outputTokens: 2, cachedInputTokens: 0, cacheWriteTokens: 0 },
        stop: null,
        error: null,
      },
      toolCalls: [],
      latencyMs: 12,
      cost: 0,
      attempts: 1,
      source: 'live',
      message,
    },
  };
}

const request = {
  column: { kind: 'variant' as const, variantId: 'generic' },
  context: { kind: 'preset' as const, name: 'basic' },
  label: 'generic',
};

describe('the playground', () => {
  it('streams a reply into its place, then shows the finished run; events of other runs and late ones are ignored', async () => {
    const answer = deferred<RunRecord>();
    const api = createFakeApi({ handlers: { 'connections:get': () => payload(), 'run:send': () => answer.promise } });
    const { store, disconnect } = setupStore(api);
    cleanup = disconnect;
    store.getState().setRunMessage('Say hello');
    const sent = store.getState().sendRun(PREVIEW_PLACE, request);
    await flush();
    const [call] = api.callsOf('run:send');
    // The default connection is the one the user added; the message goes as typed.
    expect(call).toEqual({
      runId: call!.runId,
      column: request.column,
      context: request.context,
      connection: 'local',
      message: 'Say hello',
    });
    const runId = call!.runId;
    api.emit('run:event', { runId, events: [{ type: 'text', text: 'Hel' }] });
    api.emit('run:event', { runId: 'another', events: [{ type: 'text', text: 'NOT THIS' }] });
    api.emit('run:event', {
      runId,
      events: [
        { type: 'text', text: 'lo' },
        { type: 'usage', usage: { inputTokens: 10 } },
      ],
    });
    expect(store.getState().runs[PREVIEW_PLACE]).toMatchObject({ state: 'running', reply: { text: 'Hello', usage: { inputTokens: 10 } } });
    answer.resolve(record('1', 'Hello!'));
    await sent;
    api.emit('run:event', { runId, events: [{ type: 'text', text: ' late' }] });
    expect(store.getState().runs[PREVIEW_PLACE]).toMatchObject({ state: 'done', failure: null, reply: { text: 'Hello!' } });
    expect(store.getState().runs[PREVIEW_PLACE]!.record!.id).toBe('1');
  });

  it('keeps at most STREAM_KEEP_CHARS of a streaming reply and counts the rest', async () => {
    const api = createFakeApi({ handlers: { 'connections:get': () => payload(), 'run:send': () => new Promise<RunRecord>(() => {}) } });
    const { store, disconnect } = setupStore(api);
    cleanup = disconnect;
    store.getState().setRunMessage('go');
    void store.getState().sendRun(PREVIEW_PLACE, request);
    await flush();
    const runId = api.callsOf('run:send')[0]!.runId;
    api.emit('run:event', {
      runId,
      events: [
        { type: 'text', text: 'a'.repeat(STREAM_KEEP_CHARS - 1) },
        { type: 'text', text: 'bcd' },
      ],
    });
    const slot = store.getState().runs[PREVIEW_PLACE]!;
    expect(slot.reply.text.length).toBe(STREAM_KEEP_CHARS);
    expect(slot.reply.text.endsWith('ab')).toBe(true);
    expect(slot.dropped).toBe(2);
  });

  it('says why a run did not start: the host refused it, no message, no connection', async () => {
    const api = createFakeApi({
      handlers: {
        'connections:get': () => payload(),
        'run:send': () => ({ error: { code: 'BUILD_FAILED', message: 'generic: the template is missing' } }),
      },
    });
    const { store, disconnect } = setupStore(api);
    cleanup = disconnect;
    await store.getState().sendRun(PREVIEW_PLACE, request);
    expect(store.getState().runs[PREVIEW_PLACE]).toMatchObject({ state: 'done', failure: 'Write a message to send, or choose a test.' });
    expect(api.callsOf('run:send')).toEqual([]);
    store.getState().setRunMessage('hi');
    await store.getState().sendRun(PREVIEW_PLACE, request);
    expect(store.getState().runs[PREVIEW_PLACE]!.failure).toBe('generic: the template is missing');
    // Not a notice: the message is in the cell.
    expect(store.getState().notices).toEqual([]);

    store.setState({ connections: payload([]) });
    await store.getState().sendRun(PREVIEW_PLACE, request);
    expect(store.getState().runs[PREVIEW_PLACE]!.failure).toBe('No connection: add one under Models (a key, or a local server’s URL).');
    expect(api.callsOf('run:send').length).toBe(1);
  });

  it('sends a workspace test instead of the message, to the connection chosen for the place', async () => {
    const api = createFakeApi({ handlers: { 'connections:get': () => payload(), 'run:send': () => record('2', 'ok') } });
    const { store, disconnect } = setupStore(api);
    cleanup = disconnect;
    store.getState().setRunMessage('ignored');
    store.getState().setRunTest('greet');
    await store.getState().loadConnections();
    store.getState().setRunConnection(PREVIEW_PLACE, 'anthropic');
    await store.getState().sendRun(PREVIEW_PLACE, request);
    expect(api.callsOf('run:send')[0]).toMatchObject({ connection: 'anthropic', test: 'greet' });
    expect(api.callsOf('run:send')[0]).not.toHaveProperty('message');
    // Live sends say no mode; record and replay say theirs.
    expect(api.callsOf('run:send')[0]).not.toHaveProperty('mode');
    store.getState().setRunMode('replay');
    await store.getState().sendRun(PREVIEW_PLACE, request);
    expect(api.callsOf('run:send')[1]).toMatchObject({ test: 'greet', mode: 'replay' });
    // A connection that is gone falls back to the default one.
    store.getState().setRunConnection(PREVIEW_PLACE, 'gone');
    expect(store.getState().runConnectionOf(PREVIEW_PLACE)).toBe('local');
  });

  it('cancels the running request of a place by its run id', async () => {
    const answer = deferred<RunRecord>();
    const api = createFakeApi({
      handlers: { 'connections:get': () => payload(), 'run:send': () => answer.promise, 'run:cancel': () => true },
    });
    const { store, disconnect } = setupStore(api);
    cleanup = disconnect;
    store.getState().setRunMessage('go');
    const sent = store.getState().sendRun(PREVIEW_PLACE, request);
    await flush();
    await store.getState().cancelRun(PREVIEW_PLACE);
    expect(api.callsOf('run:cancel')).toEqual([{ runId: api.callsOf('run:send')[0]!.runId }]);
    expect(store.getState().runs[PREVIEW_PLACE]!.state).toBe('cancelling');
    answer.resolve(record('3', 'Hel', 'cancelled', 'cancelled; received so far: 3 characters of text (ending "Hel")'));
    await sent;
    expect(store.getState().runs[PREVIEW_PLACE]).toMatchObject({ state: 'done', record: { result: { status: 'cancelled' } } });
    // Nothing runs any more: a second cancel asks nothing.
    await store.getState().cancelRun(PREVIEW_PLACE);
    expect(api.callsOf('run:cancel').length).toBe(1);
  });

  it('sends every compare column that built, each in its own place', async () => {
    const api = createFakeApi({ handlers: { 'connections:get': () => payload(), 'run:send': (r) => record(r.runId, 'x') } });
    const { store, disconnect } = setupStore(api);
    cleanup = disconnect;
    const col = (variantId: string, error?: string) => ({
      spec: { kind: 'variant' as const, variantId },
      label: variantId,
      variantId,
      why: '',
      preset: 'basic',
      kind: 'variant' as const,
      chars: 1,
      ...(error ? { error } : {}),
    });
    store.setState({ compareResult: { seq: 1, columns: [col('a'), col('b', 'broken'), col('c')], rows: [] }, runMessage: 'hi' });
    await store.getState().sendAllColumns();
    expect(api.callsOf('run:send').map((r) => r.column)).toEqual([
      { kind: 'variant', variantId: 'a' },
      { kind: 'variant', variantId: 'c' },
    ]);
    expect(Object.keys(store.getState().runs).sort()).toEqual([
      columnPlace({ kind: 'variant', variantId: 'a' }),
      columnPlace({ kind: 'variant', variantId: 'c' }),
    ]);
  });
});

describe('connections', () => {
  it('hands a key to the host and keeps nothing of it', async () => {
    const key = 'sk-test-0123456789-very-secret';
    const api = createFakeApi({
      handlers: {
        'connections:set': () => payload([view('local', false, true)]),
        'connections:test': () => ({ ok: true, message: 'local answers' }),
      },
    });
    const { store, disconnect } = setupStore(api);
    cleanup = disconnect;
    const connection = { id: 'local', api: 'anthropic' as const, baseUrl: 'http://127.0.0.1:9/x' };
    expect(await store.getState().saveConnection(connection, key)).toBe(true);
    expect(api.callsOf('connections:set')).toEqual([{ connection, key }]);
    expect(store.getState().connections!.connections[0]).toMatchObject({ keySet: true, keySource: 'session' });
    await store.getState().testConnection('local');
    expect(store.getState().connectionChecks).toEqual({ local: { ok: true, message: 'local answers' } });
    expect(JSON.stringify(store.getState())).not.toContain(key);
    expect(store.getState().announcement).toBe('Key of local set');
  });

  it('shows why a connection was refused', async () => {
    const api = createFakeApi({
      handlers: {
        'connections:set': () => ({
          error: { code: 'INVALID_REQUEST', message: 'connections: an http(s) URL without user name or password' },
        }),
      },
    });
    const { store, disconnect } = setupStore(api);
    cleanup = disconnect;
    expect(await store.getState().saveConnection({ id: 'x', api: 'openai-chat', baseUrl: 'ftp://x' })).toBe(false);
    expect(store.getState().connectionsError).toBe('connections: an http(s) URL without user name or password');
  });
});

describe('the eval', () => {
  const cell = (id: string, pass: boolean | null, status: EvalCellView['status']): EvalCellView => ({
    id,
    test: id.split(' · ')[0]!,
    column: id.split(' · ')[1]!,
    connection: 'local',
    status,
    pass,
    assertions: [],
  });

  it('runs the chosen tests, shows progress and cells as they come, and cancels by its id', async () => {
    const answer = deferred<EvalSummaryView>();
    const api = createFakeApi({
      handlers: {
        'eval:tests': () => ({
          tests: [
            { id: 'greet', file: 'tests/greet.yaml', description: null, cells: 2 },
            { id: 'edit', file: 'tests/edit.yaml', description: null, cells: 1 },
          ],
          problems: [],
        }),
        'eval:start': () => answer.promise,
        'run:cancel': () => true,
      },
    });
    const { store, disconnect } = setupStore(api);
    cleanup = disconnect;
    await store.getState().loadEvalTests();
    store.getState().toggleEvalTest('edit');
    store.getState().setEvalMode('record');
    store.getState().setEvalConcurrency(2);
    const started = store.getState().startEval();
    await flush();
    const [call] = api.callsOf('eval:start');
    expect(call).toEqual({ evalId: call!.evalId, mode: 'record', tests: ['greet'], concurrency: 2 });
    const evalId = call!.evalId;
    const progress = { done: 1, total: 2, tokens: 30, spentUsd: 0.01, elapsedMs: 500, remainingMs: 500 };
    api.emit('eval:progress', { evalId, progress });
    api.emit('eval:cells', { evalId, cells: [cell('greet · a', true, 'ok')] });
    api.emit('eval:cells', { evalId: 'other', cells: [cell('greet · z', true, 'ok')] });
    // A batch repeating a cell already shown adds only the new ones.
    api.emit('eval:cells', { evalId, cells: [cell('greet · a', true, 'ok'), cell('greet · c', false, 'ok')] });
    expect(store.getState().evalRun).toMatchObject({ running: true, progress, cells: [{ id: 'greet · a' }, { id: 'greet · c' }] });
    await store.getState().cancelEval();
    expect(api.callsOf('run:cancel')).toEqual([{ runId: evalId }]);
    const cells = [cell('greet · a', true, 'ok'), cell('greet · b', null, 'cancelled')];
    answer.resolve({
      cells,
      passed: 1,
      failed: 0,
      errors: 0,
      needsRecording: 0,
      notRun: 1,
      spentUsd: 0.01,
      durationMs: 600,
      cancelled: true,
    });
    await started;
    expect(store.getState().evalRun).toMatchObject({ running: false, cancelling: false, cells, summary: { cancelled: true } });
    api.emit('eval:cells', { evalId, cells: [cell('greet · late', true, 'ok')] });
    expect(store.getState().evalRun!.cells).toEqual(cells);
  });

  it('an opened cell asks the host for its request body; a cell without a request, or a closed one, does not', async () => {
    const sent = { ...cell('greet · a', true, 'ok'), request: { url: 'http://127.0.0.1:9/v1/messages', key: 'k'.repeat(64) } };
    const summary: EvalSummaryView = {
      cells: [sent, cell('greet · b', null, 'cancelled')],
      passed: 1,
      failed: 0,
      errors: 0,
      needsRecording: 0,
      notRun: 1,
      spentUsd: 0,
      durationMs: 5,
      cancelled: false,
    };
    const body = deferred<{ url: string; body: string }>();
    const api = createFakeApi({
      handlers: {
        'eval:tests': () => ({ tests: [{ id: 'greet', file: 'tests/greet.yaml', description: null, cells: 2 }], problems: [] }),
        'eval:start': () => summary,
        'eval:request': () => body.promise,
      },
    });
    const { store, disconnect } = setupStore(api);
    cleanup = disconnect;
    await store.getState().loadEvalTests();
    await store.getState().startEval();
    const evalId = api.callsOf('eval:start')[0]!.evalId;
    store.getState().openEvalCell('greet · b');
    expect(api.callsOf('eval:request')).toEqual([]);
    expect(store.getState().evalCellRequest).toBeNull();
    store.getState().openEvalCell('greet · a');
    expect(api.callsOf('eval:request')).toEqual([{ evalId, cellId: 'greet · a' }]);
    expect(store.getState().evalCellRequest).toEqual({ cellId: 'greet · a', request: null, error: null });
    body.resolve({ url: sent.request.url, body: '{"model":"m"}\n' });
    await flush();
    expect(store.getState().evalCellRequest).toEqual({
      cellId: 'greet · a',
      request: { url: sent.request.url, body: '{"model":"m"}\n' },
      error: null,
    });
    store.getState().openEvalCell(null);
    expect(store.getState().evalCellRequest).toBeNull();
  });

  it('says why an eval did not start', async () => {
    const api = createFakeApi({
      handlers: {
        'eval:tests': () => ({ tests: [{ id: 'greet', file: 'tests/greet.yaml', description: null, cells: 0 }], problems: [] }),
        'eval:start': () => ({ error: { code: 'INVALID_REQUEST', message: 'tests/greet.yaml: no connection to run it on' } }),
      },
    });
    const { store, disconnect } = setupStore(api);
    cleanup = disconnect;
    await store.getState().loadEvalTests();
    await store.getState().startEval();
    expect(store.getState().evalRun).toMatchObject({ running: false, error: 'tests/greet.yaml: no connection to run it on' });
    store.getState().toggleEvalTest('greet');
    await store.getState().startEval();
    expect(store.getState().evalRun!.error).toBe('No test chosen.');
    expect(api.callsOf('eval:start').length).toBe(1);
  });
});

import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, miniWorkspace, startHost, tempDir, writeFiles, type Loose } from '../host/support/fixtures.js';
import { runFixtures } from './support/run-fixtures.js';

/**
 * The playground's "run a workspace test": run:send with a test instead of a message sends the
 * test's whole conversation through the column's request and checks the reply against the
 * test's assertions; a message and a test together, or neither, are refused.
 */

const fx = runFixtures();
afterEach(() => cleanupTempDirs());

const TEST = [
  'messages:',
  '  - { role: user, content: Read the notes }',
  '  - { role: assistant, content: Reading., tool_calls: [{ id: t1, name: say, arguments: { text: notes } }] }',
  '  - { role: tool, tool_call_id: t1, name: say, content: the notes }',
  '  - { role: user, content: Now greet }',
  'columns: { variants: [generic], presets: [base] }',
  'stream: false',
  'assert:',
  '  - { type: contains, value: Hello }',
  '  - { type: tool-call, name: say }',
  '',
].join('\n');

const column = { kind: 'variant', variantId: 'generic', preset: 'base' };
const context = { kind: 'preset', name: 'base' };

/** The mini workspace with the greet test (and `files`), its host, a stand-in answering once, then with a wrong-key fault. */
async function hostWith(files: Record<string, string>) {
  const standIn = await fx.standIn({ replies: [{ text: 'Hello there.' }, { fault: { kind: 'wrong-key' } }] });
  const ws = writeFiles(tempDir('vs-ws-'), { ...miniWorkspace(), 'tests/greet.yaml': TEST, ...files });
  const t = await startHost({
    initialWorkspace: ws,
    watch: false,
    environment: { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: standIn.origin },
  });
  return { standIn, ws, t };
}

describe('run:send with a workspace test', () => {
  it('sends the test’s conversation and returns its assertions on the reply', async () => {
    const { standIn, t } = await hostWith({ 'tests/broken.yaml': 'messages: 3\n' });

    const run = await t.call<Loose>('run:send', { runId: 'r1', column, context, connection: 'anthropic', test: 'greet' });
    expect(run.result.status).toBe('ok');
    expect(run.test).toEqual({
      id: 'greet',
      assertions: [
        { assertion: { type: 'contains', value: 'Hello' }, label: 'text contains "Hello"', pass: true },
        { assertion: { type: 'tool-call', name: 'say' }, label: 'first tool call is say', pass: false, why: 'the reply made no tool call' },
      ],
    });
    // The whole conversation went out, not streamed (the test says so).
    const body = JSON.parse(standIn.requests[0]!.body) as { messages: { role: string }[]; stream?: boolean };
    expect(body.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(body.stream).toBeUndefined();
    expect(standIn.requests[0]!.body).toContain('Now greet');

    // No whole reply: no assertions are judged.
    const failed = await t.call<Loose>('run:send', { runId: 'r2', column, context, connection: 'anthropic', test: 'greet' });
    expect(failed.result.status).toBe('error');
    expect(failed.test).toEqual({ id: 'greet', assertions: [] });

    const broken = await t.raw('run:send', { runId: 'r3', column, context, connection: 'anthropic', test: 'broken' });
    expect(broken).toMatchObject({
      ok: false,
      error: { message: 'tests/broken.yaml: messages: Invalid input: expected array, received number' },
    });
    const missing = await t.raw('run:send', { runId: 'r4', column, context, connection: 'anthropic', test: 'nope' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', message: "no test 'nope' (tests: greet)" } });
    const both = await t.raw('run:send', { runId: 'r5', column, context, connection: 'anthropic', test: 'greet', message: 'hi' });
    expect(both).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    const neither = await t.raw('run:send', { runId: 'r6', column, context, connection: 'anthropic' });
    expect(neither).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    expect(standIn.requests.length).toBe(2);
    await t.host.close();
  });

  it('records a run’s whole reply, replays it without a model, and says "needs recording" once the prompt changed', async () => {
    const { standIn, t, ws } = await hostWith({});
    const send = (runId: string, mode: string, what: Loose = { test: 'greet' }) =>
      t.call<Loose>('run:send', { runId, column, context, connection: 'anthropic', mode, ...what });
    const recordings = () => readdirSync(path.join(ws, 'tests/recordings')).filter((f) => f.endsWith('.json'));

    const recorded = await send('r1', 'record');
    expect(recorded.result).toMatchObject({ status: 'ok', source: 'live', recording: { written: true } });
    expect(recorded.result.recording.file).toBe(`tests/recordings/${recordings()[0]}`);
    expect(recordings().length).toBe(1);
    // A failed reply is not recorded.
    const failed = await send('r2', 'record', { message: 'Hi' });
    expect(failed.result.status).toBe('error');
    expect(recordings().length).toBe(1);

    const replayed = await send('r3', 'replay');
    expect(replayed.result).toMatchObject({ status: 'ok', source: 'recording', reply: { text: 'Hello there.' } });
    expect(replayed.test.assertions.map((a: Loose) => a.pass)).toEqual([true, false]);
    expect(replayed.request.body).toBe(recorded.request.body);
    expect(standIn.requests.length).toBe(2);

    const unknown = await send('r4', 'replay', { message: 'never recorded' });
    expect(unknown.result).toMatchObject({ status: 'needs-recording', message: 'needs recording: no reply was recorded for this request' });
    await t.call('doc:update', { ref: { kind: 'component', componentId: 'ROLE' }, text: 'You are an edited agent.' });
    const stale = await send('r5', 'replay');
    expect(stale.result).toMatchObject({
      status: 'needs-recording',
      message: 'needs recording: the request changed since it was recorded (the old recording is stale)',
    });
    expect(standIn.requests.length).toBe(2);
    await t.host.close();
  });
});

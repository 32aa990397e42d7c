import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { KeyCipher } from '../../electron/host/run/key-store.js';
import { cleanupTempDirs, miniWorkspace, startHost, tempDir, writeFiles, type Loose } from '../host/support/fixtures.js';
import { runFixtures } from './support/run-fixtures.js';

/**
 * The run channel group through the host's dispatcher, as the renderer uses it, against the
 * stand-in: runs stream their reply as events, evals report progress and cells, connections
 * take keys in and only say whether they are set. Afterwards every answer, every event and
 * every file the host wrote (user data and workspace) is searched for the keys.
 */

const fx = runFixtures();
afterEach(() => cleanupTempDirs());

const ENV_KEY = 'sk-env-0123456789abcdef-secret';
const SESSION_KEY = 'sk-session-fedcba9876543210-secret';

const GREET = [
  'messages: [{ role: user, content: Greet the user }]',
  'columns: { variants: [generic], presets: [base], connections: [anthropic, local] }',
  'assert: [{ type: tool-call, name: say }]',
  '',
].join('\n');

/** A server that echoes the credential headers it got in its 401 (a careless or hostile provider). */
async function echoServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: `bad key: ${req.headers.authorization ?? ''} ${req.headers['x-api-key'] ?? ''}` } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(full));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

describe('the run channels', () => {
  it('run, eval and connections never let a key out: answers, events and written files are searched for it', async () => {
    const standIn = await fx.standIn({
      script: (request) =>
        request.headers['x-api-key'] === '<redacted>'
          ? { text: 'Hi.\n<say>\n<text>Hello</text>\n</say>' }
          : { text: 'Hello from the compatible server.' },
    });
    const echo = await echoServer();
    const ws = writeFiles(tempDir('vs-ws-'), { ...miniWorkspace(), 'tests/greet.yaml': GREET });
    const t = await startHost({
      initialWorkspace: ws,
      watch: false,
      environment: { ANTHROPIC_API_KEY: ENV_KEY, ANTHROPIC_BASE_URL: standIn.origin },
    });
    const answers: unknown[] = [];
    const call = async (channel: string, request: unknown = {}): Promise<Loose> => {
      const result = await t.raw(channel, request);
      answers.push(result);
      if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
      return result.value;
    };

    const first = await call('connections:get');
    expect(first.keyStore).toBe('memory');
    expect(first.connections.find((c: Loose) => c.id === 'anthropic')).toEqual({
      id: 'anthropic',
      api: 'anthropic',
      baseUrl: standIn.origin,
      keyEnv: 'ANTHROPIC_API_KEY',
      keySet: true,
      keySource: 'environment',
      standard: true,
    });
    const set = await call('connections:set', {
      connection: { id: 'local', api: 'openai-chat', baseUrl: standIn.baseUrl('openai-chat') },
      key: SESSION_KEY,
    });
    expect(set.connections.find((c: Loose) => c.id === 'local')).toMatchObject({ keySet: true, keySource: 'session' });
    await call('connections:set', { connection: { id: 'echo', api: 'openai-chat', baseUrl: echo.url }, key: SESSION_KEY });

    const context = { kind: 'preset', name: 'base' };
    const column = { kind: 'variant', variantId: 'generic', preset: 'base' };
    const run = await call('run:send', { runId: 'r1', column, context, connection: 'anthropic', message: 'Say hello' });
    expect(run.result.status).toBe('ok');
    expect(run.result.toolCalls).toEqual([
      { format: 'xml', name: 'say', arguments: { text: 'Hello' }, raw: '<say>\n<text>Hello</text>\n</say>', problems: [] },
    ]);
    const streamed = t.events.filter((e) => e.event === 'run:event' && e.payload.runId === 'r1').flatMap((e) => e.payload.events);
    expect(
      streamed
        .filter((e: Loose) => e.type === 'text')
        .map((e: Loose) => e.text)
        .join(''),
    ).toBe(run.result.reply.text);
    await call('run:send', { runId: 'r2', column, context, connection: 'local', message: 'Say hello' });
    const echoed = await call('run:send', { runId: 'r3', column, context, connection: 'echo', message: 'Say hello' });
    expect(echoed.result.message).toBe('HTTP 401: the key was refused: bad key: Bearer <key> ; nothing of the reply was received');
    expect(await call('connections:test', { id: 'echo' })).toEqual({
      ok: false,
      message: 'HTTP 401: the key was refused: bad key: Bearer <key> ',
    });
    expect(await call('connections:test', { id: 'local' })).toMatchObject({ ok: true });

    const summary = await call('eval:start', { evalId: 'e1', mode: 'record' });
    expect(summary.cells.map((c: Loose) => [c.id, c.pass])).toEqual([
      ['greet · generic @ base via anthropic', true],
      ['greet · generic @ base via local', false],
    ]);
    expect(t.events.filter((e) => e.event === 'eval:progress').at(-1)!.payload.progress).toMatchObject({ done: 2, total: 2 });
    const history = await call('run:history');
    expect(history.map((h: Loose) => h.connection)).toEqual(['echo', 'local', 'anthropic']);
    await call('run:open', { id: history[2].id });
    expect(standIn.requests.every((r) => !JSON.stringify(r).includes(ENV_KEY) && !JSON.stringify(r).includes(SESSION_KEY))).toBe(true);

    await t.host.close();
    await echo.close();
    const sent = JSON.stringify({ answers, events: t.events });
    for (const key of [ENV_KEY, SESSION_KEY]) expect(sent.includes(key), 'a key in an answer or event').toBe(false);
    const written = [...filesUnder(t.userData), ...filesUnder(ws)];
    expect(written.some((f) => f.includes(`${path.sep}runs${path.sep}`))).toBe(true);
    expect(written.filter((f) => f.includes('recordings')).length).toBe(2);
    for (const file of written) {
      const text = fs.readFileSync(file, 'utf8');
      for (const key of [ENV_KEY, SESSION_KEY]) expect(text.includes(key), `${file} holds a key`).toBe(false);
    }
    expect(t.errors).toEqual([]);
  });

  it('with the keychain, only the keychain’s ciphertext is on disk, and the key still reaches the provider', async () => {
    const standIn = await fx.standIn({ expectedKey: SESSION_KEY });
    const cipher: KeyCipher = {
      isAvailable: () => true,
      encrypt: (plain) => Buffer.from([...Buffer.from(plain)].map((b) => b ^ 0x5a)),
      decrypt: (data) => Buffer.from([...data].map((b) => b ^ 0x5a)).toString(),
    };
    const userData = tempDir('vs-userdata-');
    const ws = writeFiles(tempDir('vs-ws-'), miniWorkspace());
    const t = await startHost({ initialWorkspace: ws, watch: false, keyCipher: cipher, environment: {}, userDataDir: userData });
    await t.call('connections:set', { connection: { id: 'local', api: 'anthropic', baseUrl: standIn.origin }, key: SESSION_KEY });
    expect((await t.call<Loose>('connections:get')).keyStore).toBe('keychain');
    await t.host.close();
    // A new start reads the key back from the keychain file.
    const again = await startHost({ initialWorkspace: ws, watch: false, keyCipher: cipher, environment: {}, userDataDir: userData });
    const run = await again.call<Loose>('run:send', {
      runId: 'k1',
      column: { kind: 'variant', variantId: 'generic', preset: 'base' },
      context: { kind: 'preset', name: 'base' },
      connection: 'local',
      message: 'hi',
    });
    expect(run.result.status).toBe('ok');
    expect(standIn.requests[0]!.keyMatched).toBe(true);
    await again.host.close();
    for (const file of filesUnder(userData)) expect(fs.readFileSync(file, 'utf8').includes(SESSION_KEY), file).toBe(false);
    expect(Object.keys(JSON.parse(fs.readFileSync(path.join(userData, 'connection-keys.json'), 'utf8')))).toEqual(['local']);
  });

  it('cancels a running eval: every request in flight stops, none other starts', async () => {
    const control: { cancel?: () => void } = {};
    const standIn = await fx.standIn({
      script: (_request, index) => {
        if (index === 1) setImmediate(() => control.cancel?.());
        return { fault: { kind: 'never-ends' } };
      },
    });
    const ws = writeFiles(tempDir('vs-ws-'), {
      ...miniWorkspace(),
      'tests/slow.yaml':
        'messages: [{ role: user, content: hi }]\ncolumns: { variants: [generic, special], models: [a, b, c, d], presets: [base] }\n',
    });
    const t = await startHost({
      initialWorkspace: ws,
      watch: false,
      environment: { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: standIn.origin },
    });
    control.cancel = () => void t.call('run:cancel', { runId: 'slow' });
    const summary = await t.call<Loose>('eval:start', { evalId: 'slow', mode: 'live', concurrency: 2, tests: ['slow'] });
    expect(summary.cancelled).toBe(true);
    expect(summary.cells.map((c: Loose) => c.status)).toEqual(Array(6).fill('cancelled'));
    expect(standIn.requests.length).toBe(2);
    expect(await t.call('run:cancel', { runId: 'slow' })).toBe(false);
    await t.host.close();
  });
});

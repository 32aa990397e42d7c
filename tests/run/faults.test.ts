import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_KINDS, type ApiKind } from '../../shared/requests/api-kind.js';
import { RecordingStore } from '../../electron/host/run/recordings.js';
import { prepareRequest, runCell, type CellContext } from '../../electron/host/run/run-cell.js';
import type { ScriptedReply } from '../../electron/host/stand-in/scripted-reply.js';
import { INPUT, noCap, recordedSleep, runFixtures } from './support/run-fixtures.js';

/**
 * Every fault a provider or the network can throw at a run, from the loopback stand-in over
 * real HTTP: each ends the cell with one clear message that says what was received so far,
 * never hangs, and never leaves a recording (the cells run in record mode).
 */

const fx = runFixtures();
const TURNS = [{ role: 'user' as const, content: 'Say hello' }];

async function faulty(api: ApiKind, reply: ScriptedReply, ctx: Partial<CellContext> = {}, stream = true) {
  const standIn = await fx.standIn({ replies: [reply] });
  const workspace = fx.folder();
  const recordings = new RecordingStore(workspace);
  const request = prepareRequest(api, standIn.baseUrl(api), INPUT, TURNS, stream);
  const result = await runCell(request, {
    mode: 'record',
    key: 'test-key',
    vocabulary: { format: 'xml', tools: [] },
    spend: noCap(),
    recordings,
    test: 't',
    column: 'c',
    ...ctx,
  });
  const dir = path.join(workspace, 'tests', 'recordings');
  const written = existsSync(dir) ? readdirSync(dir) : [];
  return { result, written, standIn };
}

describe.each(API_KINDS)('faults over %s', (api) => {
  it('a wrong key: the provider’s refusal, once (no retry)', async () => {
    const { result, written, standIn } = await faulty(api, { fault: { kind: 'wrong-key' } });
    expect(result.status).toBe('error');
    expect(result.message).toBe('HTTP 401: the key was refused: invalid API key; nothing of the reply was received');
    expect(standIn.requests.length).toBe(1);
    expect(written).toEqual([]);
  });

  it('an unknown model', async () => {
    const { result, written } = await faulty(api, { fault: { kind: 'unknown-model' } });
    expect(result.message).toBe(
      "HTTP 404: not found (unknown model or wrong base URL): model 'm1' not found; nothing of the reply was received",
    );
    expect(written).toEqual([]);
  });

  it('a 429 storm: retries as retry-after says, then gives up with one message', async () => {
    const { waits, sleep } = recordedSleep();
    const { result, written, standIn } = await faulty(api, { fault: { kind: 'rate-limit', retryAfterSeconds: 2 } }, { sleep });
    expect(result.message).toBe('HTTP 429: rate limited: rate limit reached (after 5 attempts); nothing of the reply was received');
    expect(waits).toEqual([2000, 2000, 2000, 2000]);
    expect(standIn.requests.length).toBe(5);
    expect(written).toEqual([]);
  });

  it('a connection dropped mid-stream', async () => {
    const { result, written } = await faulty(api, { text: 'A long enough reply to be cut in the middle of it.', fault: { kind: 'drop' } });
    expect(result.status).toBe('error');
    expect(result.message).toMatch(
      /^the connection was cut: other side closed; (received so far: \d+ characters of text|nothing of the reply was received)/,
    );
    expect(written).toEqual([]);
  });

  it('malformed SSE', async () => {
    const { result, written } = await faulty(api, { text: 'Hello there, friend', fault: { kind: 'malformed' } });
    expect(result.message).toMatch(/^malformed stream event: \{"this is": not JSON; (received so far|nothing of the reply)/);
    expect(written).toEqual([]);
  });

  it('a 100 MB reply: reading stops at the limit', async () => {
    const { result, written } = await faulty(api, { fault: { kind: 'huge' } });
    expect(result.message).toMatch(/^the reply is larger than 16 MB: stopped reading; received so far: \d+ characters of text/);
    expect(result.reply.text.length).toBeLessThanOrEqual(16 * 1024 * 1024);
    expect(written).toEqual([]);
  });

  it('a reply that never ends: the silence limit ends it', async () => {
    const { result, written } = await faulty(api, { fault: { kind: 'never-ends' } }, { limits: { idleTimeoutMs: 300 } });
    // Gemini's first event already holds text; the others' first events hold none.
    const soFar = api === 'gemini' ? 'received so far: 2 characters of text (ending "OK")' : 'nothing of the reply was received';
    expect(result.message).toBe(`no data for 300 ms; ${soFar}`);
    expect(written).toEqual([]);
  });
});

describe('slow and recovering servers', () => {
  it('one byte per second: the deadline ends it with what came', async () => {
    const { result, written } = await faulty('anthropic', { fault: { kind: 'drip' } }, { limits: { timeoutMs: 1500 } });
    expect(result.message).toBe('timed out after 1.5 s; nothing of the reply was received');
    expect(written).toEqual([]);
  });

  it('a retry-after longer than the limit is not waited for', async () => {
    const { waits, sleep } = recordedSleep();
    const { result } = await faulty('openai-chat', { fault: { kind: 'rate-limit', retryAfterSeconds: 3600 } }, { sleep });
    expect(result.message).toBe(
      'HTTP 429: rate limited: rate limit reached (the server asks to wait 3600 s, longer than 60 s; try later); nothing of the reply was received',
    );
    expect(waits).toEqual([]);
  });

  it('two 503s then a reply: backs off exponentially and records the whole reply once', async () => {
    const { waits, sleep } = recordedSleep();
    const standIn = await fx.standIn({ replies: [{ fault: { kind: 'server-error', status: 503, times: 2 } }, { text: 'Finally.' }] });
    const workspace = fx.folder();
    const request = prepareRequest('gemini', standIn.baseUrl('gemini'), INPUT, TURNS, true);
    const result = await runCell(request, {
      mode: 'record',
      key: 'k',
      vocabulary: { format: 'xml', tools: [] },
      spend: noCap(),
      recordings: new RecordingStore(workspace),
      test: 't',
      column: 'c',
      sleep,
    });
    expect(result.status).toBe('ok');
    expect(result.reply.text).toBe('Finally.');
    expect(result.attempts).toBe(3);
    expect(waits).toEqual([1000, 2000]);
    expect(readdirSync(path.join(workspace, 'tests', 'recordings'))).toEqual([`${request.key}.json`]);
  });
});

describe('cancelling', () => {
  it('stops a request that is streaming at once, with what came so far', async () => {
    const standIn = await fx.standIn({ replies: [{ fault: { kind: 'never-ends' } }] });
    const controller = new AbortController();
    const request = prepareRequest('anthropic', standIn.baseUrl('anthropic'), INPUT, TURNS, true);
    const result = await runCell(request, {
      mode: 'live',
      key: 'k',
      vocabulary: { format: 'xml', tools: [] },
      spend: noCap(),
      signal: controller.signal,
      // The first event (message_start's usage) has arrived: cancel.
      onEvent: () => controller.abort(),
    });
    expect(result.status).toBe('cancelled');
    expect(result.message).toBe('cancelled; nothing of the reply was received');
  });

  it('a request cancelled before it is sent is not sent', async () => {
    const standIn = await fx.standIn();
    const controller = new AbortController();
    controller.abort();
    const request = prepareRequest('openai-chat', standIn.baseUrl('openai-chat'), INPUT, TURNS, true);
    const result = await runCell(request, {
      mode: 'live',
      key: 'k',
      vocabulary: { format: 'xml', tools: [] },
      spend: noCap(),
      signal: controller.signal,
    });
    expect(result.status).toBe('cancelled');
    expect(standIn.requests.length).toBe(0);
  });
});

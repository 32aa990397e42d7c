import { describe, expect, it } from 'vitest';
import { API_KINDS } from '../../shared/requests/api-kind.js';
import { endpointUrl, requestHeaders } from '../../shared/wire/endpoints.js';
import { sendWireRequest } from '../../electron/host/run/http-client.js';
import { runFixtures } from './support/run-fixtures.js';

/** The stand-in as capture uses it: a short plain reply by default, every request recorded (any path), credentials hidden. */

const fx = runFixtures();

describe('the stand-in', () => {
  it.each(API_KINDS)('answers %s with a short plain text and no tool call by default, streamed and not', async (api) => {
    const standIn = await fx.standIn();
    for (const stream of [false, true]) {
      const body = JSON.stringify({ model: 'agent-model', ...(stream && api !== 'gemini' ? { stream: true } : {}) });
      const result = await sendWireRequest({
        api,
        url: endpointUrl(api, standIn.baseUrl(api), 'agent-model', stream),
        headers: requestHeaders(api, 'dummy-key', stream),
        body,
        stream,
      });
      expect(result.reply).toMatchObject({ text: 'OK.', toolCalls: [], error: null, stop: { reason: 'end' } });
    }
    expect(standIn.requests.map((r) => [r.api, r.route, r.model, r.stream])).toEqual([
      [api, 'generate', 'agent-model', false],
      [api, 'generate', 'agent-model', true],
    ]);
    const credential = api === 'anthropic' ? 'x-api-key' : api === 'gemini' ? 'x-goog-api-key' : 'authorization';
    expect(standIn.requests[0]!.headers[credential]).toBe('<redacted>');
  });

  it('records requests to paths it does not serve, and answers them 404', async () => {
    const standIn = await fx.standIn();
    const response = await fetch(`${standIn.origin}/v1/telemetry?x=1`, {
      method: 'POST',
      body: 'ping',
      headers: { cookie: 'session=abc' },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { message: 'the stand-in has no POST /v1/telemetry', type: 'model_not_found', param: null, code: 'model_not_found' },
    });
    expect(standIn.requests).toMatchObject([
      { method: 'POST', url: '/v1/telemetry?x=1', route: 'unknown', api: null, body: 'ping', headers: { cookie: '<redacted>' } },
    ]);
  });

  it('answers from its script in order, then from the fallback', async () => {
    const standIn = await fx.standIn({
      replies: [{ text: 'first' }, { toolCalls: [{ name: 'read_file', arguments: { path: 'a' } }] }],
      fallback: { text: 'later' },
    });
    const send = () =>
      sendWireRequest({
        api: 'anthropic',
        url: endpointUrl('anthropic', standIn.baseUrl('anthropic'), 'm', false),
        headers: requestHeaders('anthropic', 'k', false),
        body: '{"model":"m"}',
        stream: false,
      });
    expect((await send()).reply.text).toBe('first');
    expect((await send()).reply.toolCalls).toEqual([{ id: 'call_1_0', name: 'read_file', arguments: '{"path":"a"}' }]);
    expect((await send()).reply.text).toBe('later');
  });
});

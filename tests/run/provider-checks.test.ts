import { describe, expect, it } from 'vitest';
import { ExactTokenCounts, twoCallCacheCheck } from '../../electron/host/run/provider-checks.js';
import { prepareRequest, runCell } from '../../electron/host/run/run-cell.js';
import { SpendGuard } from '../../electron/host/run/spend-guard.js';
import { priceTable } from '../../shared/wire/prices.js';
import { INPUT, runFixtures } from './support/run-fixtures.js';

/** Exact token counts, the "two calls" cache check and the spending cap, over the same client, on the stand-in. */

const fx = runFixtures();

describe('exact token counts', () => {
  it.each(['anthropic', 'gemini'] as const)('asks %s’s counting endpoint once per content', async (api) => {
    const standIn = await fx.standIn({ expectedKey: 'k' });
    const counts = new ExactTokenCounts();
    const first = await counts.count(api, standIn.baseUrl(api), 'k', INPUT);
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(first.cached).toBe(false);
    expect(first.tokens).toBe(Math.ceil(standIn.requests[0]!.body.length / 4));
    expect(standIn.requests[0]!.route).toBe('count-tokens');
    const body = JSON.parse(standIn.requests[0]!.body) as Record<string, unknown>;
    if (api === 'anthropic') expect(Object.keys(body)).toEqual(['model', 'system', 'messages']);
    else expect(Object.keys(body.generateContentRequest as object)).toEqual(['model', 'systemInstruction', 'contents']);
    expect(await counts.count(api, standIn.baseUrl(api), 'k', INPUT)).toEqual({ ok: true, tokens: first.tokens, cached: true });
    expect(standIn.requests.length).toBe(1);
    const changed = await counts.count(api, standIn.baseUrl(api), 'k', { ...INPUT, system: `${INPUT.system} More.` });
    expect(changed).toMatchObject({ ok: true, cached: false });
    expect(standIn.requests.length).toBe(2);
  });

  it('says which APIs have no counting endpoint, and when no key is set', async () => {
    const counts = new ExactTokenCounts();
    expect(await counts.count('openai-chat', 'http://127.0.0.1:9/v1', 'k', INPUT)).toEqual({
      ok: false,
      message: 'openai-chat has no free token-counting endpoint (only Anthropic and Gemini do)',
    });
    expect(await counts.count('anthropic', 'http://127.0.0.1:9', undefined, INPUT)).toEqual({
      ok: false,
      message: 'no key is set for this connection',
    });
  });
});

describe('the two-call cache check', () => {
  it.each(['anthropic', 'openai-chat', 'gemini'] as const)('%s: the second call reports the cached prefix', async (api) => {
    const standIn = await fx.standIn();
    const check = await twoCallCacheCheck(api, standIn.baseUrl(api), 'k', INPUT, 'hello');
    expect(standIn.requests.length).toBe(2);
    expect(standIn.requests[0]!.body).toBe(standIn.requests[1]!.body);
    expect(check.first?.cachedInputTokens).toBe(0);
    expect(check.cachedTokens).toBeGreaterThan(0);
    expect(check.cachedTokens).toBe(check.second?.cachedInputTokens);
    expect(check.predictedStableChars).toBe(INPUT.stablePrefixEnd);
    if (api === 'anthropic') expect(check.first?.cacheWriteTokens).toBeGreaterThan(0);
  });

  it('stops at the first call’s error', async () => {
    const standIn = await fx.standIn({ replies: [{ fault: { kind: 'wrong-key' } }] });
    const check = await twoCallCacheCheck('anthropic', standIn.baseUrl('anthropic'), 'k', INPUT, 'hello');
    expect(check.message).toBe('first call: HTTP 401: the key was refused: invalid API key; nothing of the reply was received');
    expect(standIn.requests.length).toBe(1);
  });
});

describe('the spending cap', () => {
  it('sends while the worst case fits, then stops before the cap would be passed', async () => {
    const standIn = await fx.standIn({
      fallback: { text: 'ok', usage: { inputTokens: 1000, outputTokens: 10, cachedInputTokens: 0, cacheWriteTokens: 0 } },
    });
    // $1 per million input and output tokens: a request of ~60 input tokens and 256 output tokens costs at most ~$0.0003.
    const guard = new SpendGuard(0.0005, priceTable({ m1: { input: 1, output: 1 } }));
    const request = prepareRequest('openai-chat', standIn.baseUrl('openai-chat'), INPUT, [{ role: 'user', content: 'hi' }], true);
    const ctx = { mode: 'live' as const, key: 'k', vocabulary: { format: 'xml' as const, tools: [] }, spend: guard };
    const first = await runCell(request, ctx);
    expect(first.status).toBe('ok');
    expect(first.cost).toBeCloseTo(0.00101, 8);
    const second = await runCell(request, ctx);
    expect(second.status).toBe('not-sent');
    expect(second.message).toMatch(
      /^spending cap \$0\.00050: not sent, it could cost up to \$0\.000\d+ and \$0\.0010 is spent or reserved$/,
    );
    expect(standIn.requests.length).toBe(1);
  });

  it('refuses a model without a price while a cap is set', async () => {
    const standIn = await fx.standIn();
    const guard = new SpendGuard(1, priceTable(undefined));
    const request = prepareRequest('anthropic', standIn.baseUrl('anthropic'), INPUT, [{ role: 'user', content: 'hi' }], true);
    const result = await runCell(request, { mode: 'live', key: 'k', vocabulary: { format: 'xml', tools: [] }, spend: guard });
    expect(result.message).toBe(
      "no price for model 'm1' in the price table, so the spending cap cannot be kept: add one under prices (docs/run.md) or remove the cap",
    );
    expect(standIn.requests.length).toBe(0);
  });
});

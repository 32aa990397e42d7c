import type { ApiKind } from '../../../shared/requests/api-kind.js';
import { requestBody, type Json } from '../../../shared/requests/request-bodies.js';
import type { RequestInput } from '../../../shared/requests/request-input.js';
import { countTokensUrl, requestHeaders, urlWithoutCredentials } from '../../../shared/wire/endpoints.js';
import { asCount, field } from '../../../shared/wire/json-value.js';
import { httpErrorMessage } from '../../../shared/wire/reply-decoder.js';
import type { Usage } from '../../../shared/wire/wire-event.js';
import { contentHash } from '../hash.js';
import { sendWireRequest, type SendOptions } from './http-client.js';
import { prepareRequest, type PreparedRequest } from './run-cell.js';
import { scrubSecret } from './secret-scrub.js';

/**
 * Checks only a real call can make, over the same client as runs: exact token counts from the
 * providers' free counting endpoints (Anthropic count_tokens, Gemini countTokens), cached by a
 * hash of what was counted; and the "two calls" cache check — the same request twice, and the
 * cached input tokens the provider reported for the second, next to the stable prefix the
 * cache view predicts.
 */

/** What a counting endpoint is sent: the generation body without the fields it does not take. */
export function countTokensBody(api: ApiKind, input: RequestInput): string | undefined {
  const body = requestBody(api, input) as Record<string, Json>;
  if (api === 'anthropic') {
    const { max_tokens: _max, temperature: _temperature, ...rest } = body;
    return `${JSON.stringify(rest, null, 2)}\n`;
  }
  if (api === 'gemini') {
    const { generationConfig: _config, ...rest } = body;
    return `${JSON.stringify({ generateContentRequest: { model: `models/${input.model}`, ...rest } }, null, 2)}\n`;
  }
  return undefined;
}

export type ExactCount = { ok: true; tokens: number; cached: boolean } | { ok: false; message: string };

export class ExactTokenCounts {
  private readonly counts = new Map<string, number>();
  private static readonly MAX = 500;

  async count(
    api: ApiKind,
    baseUrl: string,
    key: string | undefined,
    input: RequestInput,
    options: Pick<SendOptions, 'signal' | 'fetch'> = {},
  ): Promise<ExactCount> {
    const url = countTokensUrl(api, baseUrl, input.model);
    const body = countTokensBody(api, input);
    if (!url || body === undefined)
      return { ok: false, message: `${api} has no free token-counting endpoint (only Anthropic and Gemini do)` };
    if (!key) return { ok: false, message: 'no key is set for this connection' };
    const hash = contentHash(`${api}\n${urlWithoutCredentials(url)}\n${body}`);
    const known = this.counts.get(hash);
    if (known !== undefined) return { ok: true, tokens: known, cached: true };
    const doFetch = options.fetch ?? fetch;
    try {
      const response = await doFetch(url, {
        method: 'POST',
        headers: requestHeaders(api, key, false),
        body,
        signal: options.signal ?? AbortSignal.timeout(30_000),
      });
      const text = (await response.text()).slice(0, 64 * 1024);
      if (!response.ok) return { ok: false, message: scrubSecret(httpErrorMessage(response.status, text), key) };
      const data: unknown = JSON.parse(text);
      const tokens = asCount(field(data, api === 'anthropic' ? 'input_tokens' : 'totalTokens'));
      if (tokens === undefined)
        return { ok: false, message: `the counting endpoint answered without a count: ${scrubSecret(text.slice(0, 200), key)}` };
      if (this.counts.size >= ExactTokenCounts.MAX) this.counts.delete(this.counts.keys().next().value as string);
      this.counts.set(hash, tokens);
      return { ok: true, tokens, cached: false };
    } catch (error) {
      return { ok: false, message: scrubSecret(`the count failed: ${error instanceof Error ? error.message : String(error)}`, key) };
    }
  }
}

export interface CacheCheck {
  /** Usage of the first and of the second call (the second should read the prefix from the cache). */
  first: Usage | null;
  second: Usage | null;
  /** Where the cache view says the stable prefix ends (characters of the system prompt). */
  predictedStableChars: number;
  /** The provider's word: cached input tokens of the second call. */
  cachedTokens: number | null;
  message?: string | undefined;
  request: Pick<PreparedRequest, 'shownUrl' | 'body'>;
}

/** The same request twice, one after the other (not streamed), with a short reply. */
export async function twoCallCacheCheck(
  api: ApiKind,
  baseUrl: string,
  key: string | undefined,
  input: RequestInput,
  message: string,
  options: Pick<SendOptions, 'signal' | 'limits' | 'sleep'> = {},
): Promise<CacheCheck> {
  const request = prepareRequest(
    api,
    baseUrl,
    { ...input, maxTokens: Math.min(input.maxTokens, 16) },
    [{ role: 'user', content: message }],
    false,
  );
  const send = () =>
    sendWireRequest(
      { api, url: request.url, headers: requestHeaders(api, key, false), body: request.body, stream: false, secret: key },
      options,
    );
  const first = await send();
  const shown = { shownUrl: request.shownUrl, body: request.body };
  if (first.reply.error)
    return {
      first: null,
      second: null,
      predictedStableChars: input.stablePrefixEnd,
      cachedTokens: null,
      message: `first call: ${first.reply.error}`,
      request: shown,
    };
  const second = await send();
  if (second.reply.error)
    return {
      first: first.reply.usage,
      second: null,
      predictedStableChars: input.stablePrefixEnd,
      cachedTokens: null,
      message: `second call: ${second.reply.error}`,
      request: shown,
    };
  return {
    first: first.reply.usage,
    second: second.reply.usage,
    predictedStableChars: input.stablePrefixEnd,
    cachedTokens: second.reply.usage.cachedInputTokens,
    request: shown,
  };
}

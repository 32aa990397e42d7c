import type { ApiKind } from '../requests/api-kind.js';

/**
 * Where each API is sent and with which headers. Base URLs follow the providers' SDKs and
 * environment variables: OpenAI's includes the version (`https://api.openai.com/v1`, as
 * OPENAI_BASE_URL), Anthropic's and Gemini's do not (ANTHROPIC_BASE_URL,
 * GOOGLE_GEMINI_BASE_URL).
 */

export const DEFAULT_BASE_URLS: Record<ApiKind, string> = {
  'openai-chat': 'https://api.openai.com/v1',
  'openai-responses': 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com',
  gemini: 'https://generativelanguage.googleapis.com',
};

/** The Anthropic API version every request names. */
export const ANTHROPIC_VERSION = '2023-06-01';

function trimBase(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}

/** The URL a reply comes from: generation, streamed or not (Gemini streams through its own method). */
export function endpointUrl(api: ApiKind, baseUrl: string, model: string, stream: boolean): string {
  const base = trimBase(baseUrl);
  switch (api) {
    case 'openai-chat':
      return `${base}/chat/completions`;
    case 'openai-responses':
      return `${base}/responses`;
    case 'anthropic':
      return `${base}/v1/messages`;
    case 'gemini':
      return `${base}/v1beta/models/${encodeURIComponent(model)}:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`;
  }
}

/** The free token-counting endpoint, where the API has one (Anthropic count_tokens, Gemini countTokens). */
export function countTokensUrl(api: ApiKind, baseUrl: string, model: string): string | undefined {
  const base = trimBase(baseUrl);
  if (api === 'anthropic') return `${base}/v1/messages/count_tokens`;
  if (api === 'gemini') return `${base}/v1beta/models/${encodeURIComponent(model)}:countTokens`;
  return undefined;
}

/** A cheap authenticated request that proves a connection works (lists the models). */
export function modelsUrl(api: ApiKind, baseUrl: string): string {
  const base = trimBase(baseUrl);
  if (api === 'anthropic') return `${base}/v1/models`;
  if (api === 'gemini') return `${base}/v1beta/models`;
  return `${base}/models`;
}

/** The headers of a request; the key goes only into the API's own credential header. */
export function requestHeaders(api: ApiKind, key: string | undefined, stream: boolean): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: stream ? 'text/event-stream' : 'application/json' };
  if (api === 'anthropic') headers['anthropic-version'] = ANTHROPIC_VERSION;
  if (key) {
    if (api === 'anthropic') headers['x-api-key'] = key;
    else if (api === 'gemini') headers['x-goog-api-key'] = key;
    else headers.authorization = `Bearer ${key}`;
  }
  return headers;
}

/** The header names that carry a key, in any API (recorded requests and logs hide their values). */
export const CREDENTIAL_HEADERS = ['authorization', 'x-api-key', 'x-goog-api-key', 'api-key', 'proxy-authorization', 'cookie'] as const;

/** A URL without user name, password, query and fragment: what may be shown, stored and hashed. */
export function urlWithoutCredentials(url: string): string {
  return url
    .replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@?#]*@/i, '$1')
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '');
}

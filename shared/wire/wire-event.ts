/**
 * One event type for what any of the four APIs answers, streamed or not: a piece of text, a
 * complete tool call, token usage, the stop, or an error. The parsers (reply-*.ts) turn each
 * API's JSON replies and stream events into these; runs, recordings and capture see only them.
 */

/**
 * Token usage as the four APIs report it, on one scale: `inputTokens` counts every input
 * token (cached ones included — Anthropic reports them apart, the others within),
 * `cachedInputTokens` those read from the provider's prompt cache (Anthropic
 * `cache_read_input_tokens`, OpenAI `cached_tokens`, Gemini `cachedContentTokenCount`),
 * `cacheWriteTokens` those written to it (Anthropic `cache_creation_input_tokens`).
 */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  cacheWriteTokens: number;
}

export const NO_USAGE: Usage = Object.freeze({ inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, cacheWriteTokens: 0 });

/** Why the model stopped: its turn ended, it hit the output limit, it called a tool, or something else (`raw` says what). */
export type StopReason = 'end' | 'max-tokens' | 'tool-use' | 'other';

export type WireEvent =
  | { type: 'text'; text: string }
  /** A complete tool call: `arguments` is the JSON text the model wrote (it may not parse). */
  | { type: 'tool-call'; id: string; name: string; arguments: string }
  /** Usage so far: fields given replace earlier values (streams report in steps). */
  | { type: 'usage'; usage: Partial<Usage> }
  | { type: 'stop'; reason: StopReason; raw: string }
  | { type: 'error'; message: string };

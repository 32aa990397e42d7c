import type { Usage } from '../../../shared/wire/wire-event.js';

/**
 * What the stand-in answers one model request with: a reply (text, tool calls, usage, stop)
 * or a fault. Every fault a real provider or network can throw at a run is here, so runs can
 * be tested against each without the internet.
 */

export type Fault =
  /** 401 in the API's error shape, as for a key the provider does not know. */
  | { kind: 'wrong-key' }
  /** 404 in the API's error shape, as for a model the provider does not have. */
  | { kind: 'unknown-model' }
  /** 429 with `retry-after` (seconds); the entry answers this way `times` requests in a row (default: every one). */
  | { kind: 'rate-limit'; retryAfterSeconds?: number | undefined; times?: number | undefined }
  /** 500 or 503; `times` as above. */
  | { kind: 'server-error'; status?: 500 | 502 | 503 | undefined; times?: number | undefined }
  /** The reply, one byte at a time (every `intervalMs`, default 1000: one byte per second). */
  | { kind: 'drip'; intervalMs?: number | undefined }
  /** The connection is cut after `afterBytes` of the reply (default: half of it). */
  | { kind: 'drop'; afterBytes?: number | undefined }
  /** A stream event whose data is not JSON (or, not streamed, a body cut off inside its JSON). */
  | { kind: 'malformed' }
  /** A reply of `bytes` (default 100 MB) of text deltas. */
  | { kind: 'huge'; bytes?: number | undefined }
  /** The headers and the first event, then nothing, ever. */
  | { kind: 'never-ends' };

export interface ScriptedToolCall {
  name: string;
  arguments: Record<string, unknown>;
  id?: string | undefined;
}

export interface ScriptedReply {
  /** Default: "OK" when there are no tool calls, nothing when there are. */
  text?: string | undefined;
  toolCalls?: ScriptedToolCall[] | undefined;
  /** Default: input from the body's length (4 characters a token), cached from the stand-in's prompt cache, output from the text. */
  usage?: Partial<Usage> | undefined;
  /** Default: tool-use with tool calls, else end. */
  stop?: 'end' | 'max-tokens' | 'tool-use' | undefined;
  fault?: Fault | undefined;
}

/** The reply the capture feature wants: short plain text, no tool call (the agent acts on nothing and ends its turn). */
export const PLAIN_REPLY: ScriptedReply = { text: 'OK.' };

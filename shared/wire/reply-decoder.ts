import { createParser } from 'eventsource-parser';
import type { ApiKind } from '../requests/api-kind.js';
import { asObject, asString, field } from './json-value.js';
import { anthropicStream, parseAnthropicReply } from './reply-anthropic.js';
import { geminiStream, parseGeminiReply } from './reply-gemini.js';
import { openAiChatStream, parseOpenAiChatReply } from './reply-openai-chat.js';
import { openAiResponsesStream, parseOpenAiResponsesReply } from './reply-openai-responses.js';
import type { StreamState } from './stream-state.js';
import type { WireEvent } from './wire-event.js';

/**
 * From the bytes of a reply to events, for any of the four APIs: a whole JSON body, or a
 * server-sent-event stream fed in pieces as they arrive (split by eventsource-parser). A
 * malformed event, an error the provider streams, or a stream that ends without its end
 * marker each give one error event, after which nothing more is read.
 */

const STREAMS: Record<ApiKind, () => StreamState> = {
  'openai-chat': openAiChatStream,
  'openai-responses': openAiResponsesStream,
  anthropic: anthropicStream,
  gemini: geminiStream,
};

const REPLIES: Record<ApiKind, (body: unknown) => WireEvent[]> = {
  'openai-chat': parseOpenAiChatReply,
  'openai-responses': parseOpenAiResponsesReply,
  anthropic: parseAnthropicReply,
  gemini: parseGeminiReply,
};

/** At most this much of a bad piece is quoted in a message. */
const QUOTE = 200;

function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > QUOTE ? `${flat.slice(0, QUOTE)}…` : flat;
}

/** The message of an error object in any of the APIs' shapes (undefined when `data` is not one). */
export function providerError(data: unknown): string | undefined {
  const error = field(data, 'error');
  const message = asString(field(error, 'message')) ?? asString(error);
  if (message) return message;
  if (asObject(error)) return quote(JSON.stringify(error));
  if (field(data, 'type') === 'error') return asString(field(data, 'message')) ?? 'the provider reported an error';
  return undefined;
}

/** One message for an HTTP error status, with the provider's own words when its body has them. */
export function httpErrorMessage(status: number, body: string): string {
  let said: string | undefined;
  try {
    said = providerError(JSON.parse(body));
  } catch {
    said = body.trim() ? quote(body) : undefined;
  }
  const what =
    status === 401 || status === 403
      ? 'the key was refused'
      : status === 404
        ? 'not found (unknown model or wrong base URL)'
        : status === 429
          ? 'rate limited'
          : status >= 500
            ? 'the server failed'
            : 'the request was refused';
  return `HTTP ${status}: ${what}${said ? `: ${said}` : ''}`;
}

/** A whole reply body (`stream` off). */
export function parseReplyText(api: ApiKind, text: string): WireEvent[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [{ type: 'error', message: `the reply is not JSON: ${quote(text) || '(empty)'}` }];
  }
  const error = providerError(body);
  if (error) return [{ type: 'error', message: error }];
  const events = REPLIES[api](body);
  if (!events.some((e) => e.type === 'stop'))
    events.push({ type: 'error', message: `the reply has no ${api === 'gemini' ? 'finishReason' : 'stop reason'}: ${quote(text)}` });
  return events;
}

export interface StreamDecoder {
  /** The events a piece of the stream completes. */
  feed(chunk: string): WireEvent[];
  /** The stream ended: what was still open, or the error of a cut-off stream. */
  end(): WireEvent[];
  /** Whether an error ended the reading. */
  readonly failed: boolean;
}

export function createStreamDecoder(api: ApiKind): StreamDecoder {
  const state = STREAMS[api]();
  let failed = false;
  let out: WireEvent[] = [];
  const fail = (message: string): void => {
    if (failed) return;
    failed = true;
    out.push({ type: 'error', message });
  };
  const parser = createParser({
    onEvent(message) {
      if (failed) return;
      let data: unknown = message.data;
      if (message.data !== '[DONE]') {
        try {
          data = JSON.parse(message.data);
        } catch {
          fail(`malformed stream event${message.event ? ` '${message.event}'` : ''}: ${quote(message.data) || '(empty data)'}`);
          return;
        }
        const error = providerError(data);
        if (error) {
          fail(error);
          return;
        }
      }
      out.push(...state.event(message, data));
    },
    onError(error) {
      fail(`malformed stream: ${error.message}${error.line ? `: ${quote(error.line)}` : ''}`);
    },
  });
  const take = (): WireEvent[] => {
    const events = out;
    out = [];
    return events;
  };
  return {
    get failed() {
      return failed;
    },
    feed(chunk) {
      if (!failed) parser.feed(chunk);
      return take();
    },
    end() {
      if (!failed) {
        parser.reset({ consume: true });
        if (!failed) {
          out.push(...state.flush());
          if (!state.complete) fail('the stream ended before the reply was complete');
        }
      }
      return take();
    },
  };
}

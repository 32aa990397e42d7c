import { describe, expect, it } from 'vitest';
import { createStreamDecoder, httpErrorMessage, parseReplyText } from '../../shared/wire/reply-decoder.js';
import { replyOf } from '../../shared/wire/reply.js';
import type { WireEvent } from '../../shared/wire/wire-event.js';
import type { ApiKind } from '../../shared/requests/api-kind.js';

/** Each API's replies and streams, written as the providers document them, into the one event type. */

const sse = (events: { event?: string; data: unknown }[]): string =>
  events
    .map((e) => `${e.event ? `event: ${e.event}\n` : ''}data: ${typeof e.data === 'string' ? e.data : JSON.stringify(e.data)}\n\n`)
    .join('');

/** Feeds a stream in pieces of `size` characters (events split across pieces), then ends it. */
function decode(api: ApiKind, text: string, size = 7): WireEvent[] {
  const decoder = createStreamDecoder(api);
  const out: WireEvent[] = [];
  for (let i = 0; i < text.length; i += size) out.push(...decoder.feed(text.slice(i, i + size)));
  out.push(...decoder.end());
  return out;
}

describe('OpenAI Chat Completions', () => {
  it('reads a reply with text, a tool call and cached tokens', () => {
    const body = {
      choices: [
        {
          message: {
            role: 'assistant',
            content: 'Reading it.',
            tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '{"path":"a.ts"}' } }],
          },
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 1200, completion_tokens: 30, prompt_tokens_details: { cached_tokens: 1024 } },
    };
    expect(parseReplyText('openai-chat', JSON.stringify(body))).toEqual([
      { type: 'text', text: 'Reading it.' },
      { type: 'tool-call', id: 'call_1', name: 'read_file', arguments: '{"path":"a.ts"}' },
      { type: 'usage', usage: { inputTokens: 1200, outputTokens: 30, cachedInputTokens: 1024 } },
      { type: 'stop', reason: 'tool-use', raw: 'tool_calls' },
    ]);
  });

  it('streams deltas, joins tool-call argument pieces by index, and takes the usage chunk', () => {
    const chunk = (delta: object, finish: string | null = null) => ({ data: { choices: [{ index: 0, delta, finish_reason: finish }] } });
    const text = sse([
      chunk({ role: 'assistant', content: '' }),
      chunk({ content: 'Hel' }),
      chunk({ content: 'lo' }),
      chunk({ tool_calls: [{ index: 0, id: 'c1', type: 'function', function: { name: 'list_files', arguments: '{"pa' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: 'th":"."}' } }] }),
      chunk({}, 'tool_calls'),
      { data: { choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, prompt_tokens_details: { cached_tokens: 0 } } } },
      { data: '[DONE]' },
    ]);
    expect(decode('openai-chat', text)).toEqual([
      { type: 'text', text: 'Hel' },
      { type: 'text', text: 'lo' },
      { type: 'tool-call', id: 'c1', name: 'list_files', arguments: '{"path":"."}' },
      { type: 'stop', reason: 'tool-use', raw: 'tool_calls' },
      { type: 'usage', usage: { inputTokens: 10, outputTokens: 5, cachedInputTokens: 0 } },
    ]);
  });

  it('says a stream without [DONE] was cut off, keeping what came', () => {
    const events = decode('openai-chat', sse([{ data: { choices: [{ index: 0, delta: { content: 'par' }, finish_reason: null }] } }]));
    expect(events).toEqual([
      { type: 'text', text: 'par' },
      { type: 'error', message: 'the stream ended before the reply was complete' },
    ]);
  });
});

describe('OpenAI Responses', () => {
  it('reads a response with a message and a function call', () => {
    const body = {
      status: 'completed',
      output: [
        { type: 'message', content: [{ type: 'output_text', text: 'Sure.' }] },
        { type: 'function_call', id: 'fc_1', call_id: 'call_9', name: 'read_file', arguments: '{"path":"b"}' },
      ],
      usage: { input_tokens: 300, output_tokens: 12, input_tokens_details: { cached_tokens: 256 } },
    };
    expect(replyOf(parseReplyText('openai-responses', JSON.stringify(body)))).toEqual({
      text: 'Sure.',
      toolCalls: [{ id: 'call_9', name: 'read_file', arguments: '{"path":"b"}' }],
      usage: { inputTokens: 300, outputTokens: 12, cachedInputTokens: 256, cacheWriteTokens: 0 },
      stop: { reason: 'tool-use', raw: 'completed' },
      error: null,
    });
  });

  it('streams text deltas and function-call argument deltas until response.completed', () => {
    const text = sse([
      { event: 'response.created', data: { type: 'response.created', response: { status: 'in_progress' } } },
      { event: 'response.output_text.delta', data: { type: 'response.output_text.delta', item_id: 'm', output_index: 0, delta: 'Hi' } },
      {
        event: 'response.output_item.added',
        data: {
          type: 'response.output_item.added',
          output_index: 1,
          item: { type: 'function_call', id: 'fc', call_id: 'call_1', name: 'ls', arguments: '' },
        },
      },
      {
        event: 'response.function_call_arguments.delta',
        data: { type: 'response.function_call_arguments.delta', item_id: 'fc', output_index: 1, delta: '{"a":' },
      },
      {
        event: 'response.function_call_arguments.delta',
        data: { type: 'response.function_call_arguments.delta', item_id: 'fc', output_index: 1, delta: '1}' },
      },
      {
        event: 'response.output_item.done',
        data: {
          type: 'response.output_item.done',
          output_index: 1,
          item: { type: 'function_call', id: 'fc', call_id: 'call_1', name: 'ls', arguments: '{"a":1}' },
        },
      },
      {
        event: 'response.completed',
        data: {
          type: 'response.completed',
          response: { status: 'completed', usage: { input_tokens: 9, output_tokens: 3, input_tokens_details: { cached_tokens: 0 } } },
        },
      },
    ]);
    expect(decode('openai-responses', text, 11)).toEqual([
      { type: 'text', text: 'Hi' },
      { type: 'tool-call', id: 'call_1', name: 'ls', arguments: '{"a":1}' },
      { type: 'usage', usage: { inputTokens: 9, outputTokens: 3, cachedInputTokens: 0 } },
      { type: 'stop', reason: 'tool-use', raw: 'completed' },
    ]);
  });

  it('reports an incomplete response as stopped at the output limit', () => {
    const body = {
      status: 'incomplete',
      incomplete_details: { reason: 'max_output_tokens' },
      output: [],
      usage: { input_tokens: 1, output_tokens: 2 },
    };
    expect(replyOf(parseReplyText('openai-responses', JSON.stringify(body))).stop).toEqual({
      reason: 'max-tokens',
      raw: 'incomplete: max_output_tokens',
    });
  });
});

describe('Anthropic Messages', () => {
  it('counts cache reads and writes into the input and reports them apart', () => {
    const body = {
      content: [
        { type: 'text', text: 'Done.' },
        { type: 'tool_use', id: 'toolu_1', name: 'read_file', input: { path: 'x' } },
      ],
      stop_reason: 'tool_use',
      usage: { input_tokens: 20, cache_read_input_tokens: 4000, cache_creation_input_tokens: 100, output_tokens: 50 },
    };
    expect(replyOf(parseReplyText('anthropic', JSON.stringify(body)))).toEqual({
      text: 'Done.',
      toolCalls: [{ id: 'toolu_1', name: 'read_file', arguments: '{"path":"x"}' }],
      usage: { inputTokens: 4120, outputTokens: 50, cachedInputTokens: 4000, cacheWriteTokens: 100 },
      stop: { reason: 'tool-use', raw: 'tool_use' },
      error: null,
    });
  });

  it('streams from message_start to message_stop, tool input as partial JSON', () => {
    const text = sse([
      {
        event: 'message_start',
        data: {
          type: 'message_start',
          message: { usage: { input_tokens: 5, cache_read_input_tokens: 2048, cache_creation_input_tokens: 0, output_tokens: 1 } },
        },
      },
      { event: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } } },
      { event: 'ping', data: { type: 'ping' } },
      {
        event: 'content_block_delta',
        data: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Let me look.' } },
      },
      { event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } },
      {
        event: 'content_block_start',
        data: { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'toolu_2', name: 'search', input: {} } },
      },
      {
        event: 'content_block_delta',
        data: { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"q": "fo' } },
      },
      {
        event: 'content_block_delta',
        data: { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: 'o"}' } },
      },
      { event: 'content_block_stop', data: { type: 'content_block_stop', index: 1 } },
      { event: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 42 } } },
      { event: 'message_stop', data: { type: 'message_stop' } },
    ]);
    expect(replyOf(decode('anthropic', text, 13))).toEqual({
      text: 'Let me look.',
      toolCalls: [{ id: 'toolu_2', name: 'search', arguments: '{"q": "foo"}' }],
      usage: { inputTokens: 2053, outputTokens: 42, cachedInputTokens: 2048, cacheWriteTokens: 0 },
      stop: { reason: 'tool-use', raw: 'tool_use' },
      error: null,
    });
  });

  it('turns an error event into one error, and reads no further', () => {
    const text = sse([
      { event: 'message_start', data: { type: 'message_start', message: { usage: { input_tokens: 5, output_tokens: 1 } } } },
      { event: 'error', data: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } },
      { event: 'message_stop', data: { type: 'message_stop' } },
    ]);
    expect(decode('anthropic', text).filter((e) => e.type === 'error')).toEqual([{ type: 'error', message: 'Overloaded' }]);
  });
});

describe('Gemini generateContent', () => {
  it('reads parts, function calls and usage metadata, leaving thoughts out', () => {
    const body = {
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              { text: 'thinking...', thought: true },
              { text: 'Calling.' },
              { functionCall: { name: 'read_file', args: { path: 'c' } } },
            ],
          },
          finishReason: 'STOP',
        },
      ],
      usageMetadata: { promptTokenCount: 700, candidatesTokenCount: 20, thoughtsTokenCount: 5, cachedContentTokenCount: 512 },
    };
    expect(replyOf(parseReplyText('gemini', JSON.stringify(body)))).toEqual({
      text: 'Calling.',
      toolCalls: [{ id: 'call_1', name: 'read_file', arguments: '{"path":"c"}' }],
      usage: { inputTokens: 700, outputTokens: 25, cachedInputTokens: 512, cacheWriteTokens: 0 },
      stop: { reason: 'tool-use', raw: 'STOP' },
      error: null,
    });
  });

  it('streams responses until the one with a finishReason', () => {
    const text = sse([
      { data: { candidates: [{ content: { role: 'model', parts: [{ text: 'A' }] } }] } },
      {
        data: {
          candidates: [{ content: { role: 'model', parts: [{ text: 'B' }] }, finishReason: 'MAX_TOKENS' }],
          usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 2 },
        },
      },
    ]);
    expect(decode('gemini', text)).toEqual([
      { type: 'text', text: 'A' },
      { type: 'text', text: 'B' },
      { type: 'usage', usage: { inputTokens: 3, outputTokens: 2 } },
      { type: 'stop', reason: 'max-tokens', raw: 'MAX_TOKENS' },
    ]);
  });
});

describe('bad replies', () => {
  it('names a malformed stream event and stops there', () => {
    const text = `${sse([{ data: { choices: [{ index: 0, delta: { content: 'ok' } }] } }])}data: {"broken": \n\n${sse([{ data: '[DONE]' }])}`;
    expect(decode('openai-chat', text)).toEqual([
      { type: 'text', text: 'ok' },
      { type: 'error', message: 'malformed stream event: {"broken":' },
    ]);
  });

  it('names a body that is not JSON, or has no stop', () => {
    expect(parseReplyText('anthropic', '<html>busy</html>')).toEqual([
      { type: 'error', message: 'the reply is not JSON: <html>busy</html>' },
    ]);
    expect(parseReplyText('gemini', '{"candidates":[]}')).toEqual([
      { type: 'error', message: 'the reply has no finishReason: {"candidates":[]}' },
    ]);
  });

  it('says what an HTTP error status means, with the provider’s words', () => {
    expect(httpErrorMessage(401, '{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}')).toBe(
      'HTTP 401: the key was refused: invalid x-api-key',
    );
    expect(httpErrorMessage(404, '{"error":{"code":404,"message":"models/nope is not found","status":"NOT_FOUND"}}')).toBe(
      'HTTP 404: not found (unknown model or wrong base URL): models/nope is not found',
    );
    expect(httpErrorMessage(503, '')).toBe('HTTP 503: the server failed');
  });
});

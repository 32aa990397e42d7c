import type { ApiKind } from '../../../shared/requests/api-kind.js';
import type { Usage } from '../../../shared/wire/wire-event.js';

/**
 * The stand-in's side of the wire: a scripted reply written as each API writes it — a whole
 * JSON body, or the server-sent events of its stream — and errors in each API's shape. The
 * parsers in shared/wire read exactly these shapes (and the real providers').
 */

export interface ReplyToWrite {
  id: string;
  model: string;
  text: string;
  toolCalls: { id: string; name: string; arguments: Record<string, unknown> }[];
  usage: Usage;
  stop: 'end' | 'max-tokens' | 'tool-use';
}

type Obj = Record<string, unknown>;

const sse = (data: unknown, event?: string): string => `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`;

/** Text in a few pieces, so streams really arrive as deltas. */
export function pieces(text: string): string[] {
  if (text.length < 4) return text ? [text] : [];
  const third = Math.ceil(text.length / 3);
  return [text.slice(0, third), text.slice(third, 2 * third), text.slice(2 * third)].filter((p) => p !== '');
}

function halves(text: string): string[] {
  const mid = Math.floor(text.length / 2);
  return [text.slice(0, mid), text.slice(mid)].filter((p) => p !== '');
}

// ---------- OpenAI Chat Completions ----------

const chatFinish = { end: 'stop', 'max-tokens': 'length', 'tool-use': 'tool_calls' } as const;

function chatUsage(u: Usage): Obj {
  return {
    prompt_tokens: u.inputTokens,
    completion_tokens: u.outputTokens,
    total_tokens: u.inputTokens + u.outputTokens,
    prompt_tokens_details: { cached_tokens: u.cachedInputTokens },
  };
}

function chatBody(r: ReplyToWrite): Obj {
  return {
    id: r.id,
    object: 'chat.completion',
    created: 0,
    model: r.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: r.text || null,
          ...(r.toolCalls.length
            ? {
                tool_calls: r.toolCalls.map((c) => ({
                  id: c.id,
                  type: 'function',
                  function: { name: c.name, arguments: JSON.stringify(c.arguments) },
                })),
              }
            : {}),
        },
        finish_reason: chatFinish[r.stop],
      },
    ],
    usage: chatUsage(r.usage),
  };
}

function chatEvents(r: ReplyToWrite): string[] {
  const chunk = (delta: Obj, finish: string | null = null): string =>
    sse({ id: r.id, object: 'chat.completion.chunk', created: 0, model: r.model, choices: [{ index: 0, delta, finish_reason: finish }] });
  const out = [chunk({ role: 'assistant', content: '' })];
  for (const p of pieces(r.text)) out.push(chunk({ content: p }));
  r.toolCalls.forEach((c, index) => {
    const [first = '', ...rest] = halves(JSON.stringify(c.arguments));
    out.push(chunk({ tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.name, arguments: first } }] }));
    for (const p of rest) out.push(chunk({ tool_calls: [{ index, function: { arguments: p } }] }));
  });
  out.push(chunk({}, chatFinish[r.stop]));
  out.push(sse({ id: r.id, object: 'chat.completion.chunk', created: 0, model: r.model, choices: [], usage: chatUsage(r.usage) }));
  out.push('data: [DONE]\n\n');
  return out;
}

// ---------- OpenAI Responses ----------

function responsesUsage(u: Usage): Obj {
  return {
    input_tokens: u.inputTokens,
    input_tokens_details: { cached_tokens: u.cachedInputTokens },
    output_tokens: u.outputTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: u.inputTokens + u.outputTokens,
  };
}

function responsesOutput(r: ReplyToWrite): Obj[] {
  return [
    ...(r.text
      ? [
          {
            type: 'message',
            id: `msg_${r.id}`,
            status: 'completed',
            role: 'assistant',
            content: [{ type: 'output_text', text: r.text, annotations: [] }],
          },
        ]
      : []),
    ...r.toolCalls.map((c, i) => ({
      type: 'function_call',
      id: `fc_${r.id}_${i}`,
      call_id: c.id,
      name: c.name,
      arguments: JSON.stringify(c.arguments),
      status: 'completed',
    })),
  ];
}

function responsesBody(r: ReplyToWrite): Obj {
  const incomplete = r.stop === 'max-tokens';
  return {
    id: r.id,
    object: 'response',
    created_at: 0,
    model: r.model,
    status: incomplete ? 'incomplete' : 'completed',
    incomplete_details: incomplete ? { reason: 'max_output_tokens' } : null,
    output: responsesOutput(r),
    usage: responsesUsage(r.usage),
  };
}

function responsesEvents(r: ReplyToWrite): string[] {
  let seq = 0;
  const ev = (type: string, data: Obj): string => sse({ type, sequence_number: seq++, ...data }, type);
  const out = [ev('response.created', { response: { id: r.id, object: 'response', status: 'in_progress', model: r.model, output: [] } })];
  let index = 0;
  if (r.text) {
    const item = `msg_${r.id}`;
    out.push(
      ev('response.output_item.added', {
        output_index: index,
        item: { type: 'message', id: item, status: 'in_progress', role: 'assistant', content: [] },
      }),
    );
    for (const p of pieces(r.text))
      out.push(ev('response.output_text.delta', { item_id: item, output_index: index, content_index: 0, delta: p }));
    out.push(ev('response.output_text.done', { item_id: item, output_index: index, content_index: 0, text: r.text }));
    out.push(ev('response.output_item.done', { output_index: index, item: responsesOutput(r)[0] }));
    index++;
  }
  r.toolCalls.forEach((c, i) => {
    const id = `fc_${r.id}_${i}`;
    const args = JSON.stringify(c.arguments);
    out.push(
      ev('response.output_item.added', {
        output_index: index,
        item: { type: 'function_call', id, call_id: c.id, name: c.name, arguments: '', status: 'in_progress' },
      }),
    );
    for (const p of halves(args)) out.push(ev('response.function_call_arguments.delta', { item_id: id, output_index: index, delta: p }));
    out.push(ev('response.function_call_arguments.done', { item_id: id, output_index: index, arguments: args }));
    out.push(
      ev('response.output_item.done', {
        output_index: index,
        item: { type: 'function_call', id, call_id: c.id, name: c.name, arguments: args, status: 'completed' },
      }),
    );
    index++;
  });
  const done = responsesBody(r);
  out.push(ev(done.status === 'incomplete' ? 'response.incomplete' : 'response.completed', { response: done }));
  return out;
}

// ---------- Anthropic Messages ----------

const anthropicStop = { end: 'end_turn', 'max-tokens': 'max_tokens', 'tool-use': 'tool_use' } as const;

/** Anthropic's input_tokens leave out cache reads and writes. */
function anthropicUsage(u: Usage): Obj {
  return {
    input_tokens: Math.max(0, u.inputTokens - u.cachedInputTokens - u.cacheWriteTokens),
    cache_read_input_tokens: u.cachedInputTokens,
    cache_creation_input_tokens: u.cacheWriteTokens,
    output_tokens: u.outputTokens,
  };
}

function anthropicContent(r: ReplyToWrite): Obj[] {
  return [
    ...(r.text ? [{ type: 'text', text: r.text }] : []),
    ...r.toolCalls.map((c) => ({ type: 'tool_use', id: c.id, name: c.name, input: c.arguments })),
  ];
}

function anthropicBody(r: ReplyToWrite): Obj {
  return {
    id: r.id,
    type: 'message',
    role: 'assistant',
    model: r.model,
    content: anthropicContent(r),
    stop_reason: anthropicStop[r.stop],
    stop_sequence: null,
    usage: anthropicUsage(r.usage),
  };
}

function anthropicEvents(r: ReplyToWrite): string[] {
  const usage = anthropicUsage(r.usage);
  const out = [
    sse(
      {
        type: 'message_start',
        message: {
          id: r.id,
          type: 'message',
          role: 'assistant',
          model: r.model,
          content: [],
          stop_reason: null,
          usage: { ...usage, output_tokens: 1 },
        },
      },
      'message_start',
    ),
  ];
  let index = 0;
  if (r.text) {
    out.push(sse({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } }, 'content_block_start'));
    out.push(sse({ type: 'ping' }, 'ping'));
    for (const p of pieces(r.text))
      out.push(sse({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: p } }, 'content_block_delta'));
    out.push(sse({ type: 'content_block_stop', index }, 'content_block_stop'));
    index++;
  }
  for (const c of r.toolCalls) {
    out.push(
      sse(
        { type: 'content_block_start', index, content_block: { type: 'tool_use', id: c.id, name: c.name, input: {} } },
        'content_block_start',
      ),
    );
    for (const p of halves(JSON.stringify(c.arguments)))
      out.push(sse({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: p } }, 'content_block_delta'));
    out.push(sse({ type: 'content_block_stop', index }, 'content_block_stop'));
    index++;
  }
  out.push(
    sse(
      {
        type: 'message_delta',
        delta: { stop_reason: anthropicStop[r.stop], stop_sequence: null },
        usage: { output_tokens: r.usage.outputTokens },
      },
      'message_delta',
    ),
  );
  out.push(sse({ type: 'message_stop' }, 'message_stop'));
  return out;
}

// ---------- Gemini ----------

const geminiFinish = { end: 'STOP', 'max-tokens': 'MAX_TOKENS', 'tool-use': 'STOP' } as const;

function geminiUsage(u: Usage): Obj {
  return {
    promptTokenCount: u.inputTokens,
    candidatesTokenCount: u.outputTokens,
    cachedContentTokenCount: u.cachedInputTokens,
    totalTokenCount: u.inputTokens + u.outputTokens,
  };
}

function geminiChunk(r: ReplyToWrite, parts: Obj[], last: boolean): Obj {
  return {
    candidates: [{ content: { role: 'model', parts }, index: 0, ...(last ? { finishReason: geminiFinish[r.stop] } : {}) }],
    ...(last ? { usageMetadata: geminiUsage(r.usage) } : {}),
    modelVersion: r.model,
    responseId: r.id,
  };
}

function geminiCallParts(r: ReplyToWrite): Obj[] {
  return r.toolCalls.map((c) => ({ functionCall: { name: c.name, args: c.arguments } }));
}

function geminiBody(r: ReplyToWrite): Obj {
  return geminiChunk(r, [...(r.text ? [{ text: r.text }] : []), ...geminiCallParts(r)], true);
}

function geminiEvents(r: ReplyToWrite): string[] {
  const texts = pieces(r.text);
  const calls = geminiCallParts(r);
  const out = texts.map((t, i) => sse(geminiChunk(r, [{ text: t }], i === texts.length - 1 && calls.length === 0)));
  if (calls.length || !texts.length) out.push(sse(geminiChunk(r, calls, true)));
  return out;
}

// ---------- all four ----------

export function replyBody(api: ApiKind, reply: ReplyToWrite): string {
  const body =
    api === 'openai-chat'
      ? chatBody(reply)
      : api === 'openai-responses'
        ? responsesBody(reply)
        : api === 'anthropic'
          ? anthropicBody(reply)
          : geminiBody(reply);
  return JSON.stringify(body);
}

export function replyEvents(api: ApiKind, reply: ReplyToWrite): string[] {
  return api === 'openai-chat'
    ? chatEvents(reply)
    : api === 'openai-responses'
      ? responsesEvents(reply)
      : api === 'anthropic'
        ? anthropicEvents(reply)
        : geminiEvents(reply);
}

/** One text delta event of the API's stream (the huge-reply fault repeats it). */
export function textDeltaEvent(api: ApiKind, text: string, model: string): string {
  if (api === 'openai-chat')
    return sse({
      id: 'huge',
      object: 'chat.completion.chunk',
      model,
      choices: [{ index: 0, delta: { content: text }, finish_reason: null }],
    });
  if (api === 'openai-responses')
    return sse(
      { type: 'response.output_text.delta', item_id: 'msg_huge', output_index: 0, content_index: 0, delta: text },
      'response.output_text.delta',
    );
  if (api === 'anthropic')
    return sse({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } }, 'content_block_delta');
  return sse({ candidates: [{ content: { role: 'model', parts: [{ text }] }, index: 0 }] });
}

/** An error body in the API's shape. */
export function errorBody(api: ApiKind | null, status: number, message: string): string {
  if (api === 'anthropic') {
    const type =
      status === 401
        ? 'authentication_error'
        : status === 404
          ? 'not_found_error'
          : status === 429
            ? 'rate_limit_error'
            : status >= 500
              ? 'api_error'
              : 'invalid_request_error';
    return JSON.stringify({ type: 'error', error: { type, message } });
  }
  if (api === 'gemini') {
    const code =
      status === 401
        ? 'UNAUTHENTICATED'
        : status === 404
          ? 'NOT_FOUND'
          : status === 429
            ? 'RESOURCE_EXHAUSTED'
            : status >= 500
              ? 'INTERNAL'
              : 'INVALID_ARGUMENT';
    return JSON.stringify({ error: { code: status, message, status: code } });
  }
  const type =
    status === 401 ? 'invalid_api_key' : status === 404 ? 'model_not_found' : status === 429 ? 'rate_limit_exceeded' : 'server_error';
  return JSON.stringify({ error: { message, type, param: null, code: type } });
}

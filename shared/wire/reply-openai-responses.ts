import { asArray, asCount, asObject, asString, field } from './json-value.js';
import { OpenToolCalls, type StreamState } from './stream-state.js';
import type { StopReason, Usage, WireEvent } from './wire-event.js';

/** OpenAI Responses: a response object, and a stream of typed events ending in `response.completed`. */

function usage(value: unknown): WireEvent[] {
  const u = asObject(value);
  if (!u) return [];
  const out: Partial<Usage> = {};
  const input = asCount(u.input_tokens);
  const output = asCount(u.output_tokens);
  const cached = asCount(field(u, 'input_tokens_details', 'cached_tokens'));
  if (input !== undefined) out.inputTokens = input;
  if (output !== undefined) out.outputTokens = output;
  if (cached !== undefined) out.cachedInputTokens = cached;
  return [{ type: 'usage', usage: out }];
}

function functionCall(item: unknown): WireEvent[] {
  if (field(item, 'type') !== 'function_call') return [];
  return [
    {
      type: 'tool-call',
      id: asString(field(item, 'call_id')) ?? asString(field(item, 'id')) ?? '',
      name: asString(field(item, 'name')) ?? '',
      arguments: asString(field(item, 'arguments')) ?? '{}',
    },
  ];
}

/** The stop of a finished response: completed (a tool call if it made one), or incomplete and why. */
function stop(response: unknown, calledTool: boolean): WireEvent[] {
  const status = asString(field(response, 'status'));
  if (!status) return [];
  if (status === 'completed') return [{ type: 'stop', reason: calledTool ? 'tool-use' : 'end', raw: status }];
  const why = asString(field(response, 'incomplete_details', 'reason'));
  const reason: StopReason = why === 'max_output_tokens' ? 'max-tokens' : 'other';
  return [{ type: 'stop', reason, raw: why ? `${status}: ${why}` : status }];
}

/** A whole response (`stream` off). */
export function parseOpenAiResponsesReply(body: unknown): WireEvent[] {
  const events: WireEvent[] = [];
  let calledTool = false;
  for (const item of asArray(field(body, 'output'))) {
    if (field(item, 'type') === 'message') {
      for (const part of asArray(field(item, 'content'))) {
        const text = field(part, 'type') === 'output_text' ? asString(field(part, 'text')) : undefined;
        if (text) events.push({ type: 'text', text });
      }
    }
    const call = functionCall(item);
    if (call.length) calledTool = true;
    events.push(...call);
  }
  events.push(...usage(field(body, 'usage')), ...stop(body, calledTool));
  return events;
}

/** The stream's events, by their `type` (the SSE event name repeats it). */
export function openAiResponsesStream(): StreamState {
  const calls = new OpenToolCalls();
  let complete = false;
  let calledTool = false;
  return {
    get complete() {
      return complete;
    },
    event(message, data) {
      const type = asString(field(data, 'type')) ?? message.event ?? '';
      switch (type) {
        case 'response.output_text.delta': {
          const text = asString(field(data, 'delta'));
          return text ? [{ type: 'text', text }] : [];
        }
        case 'response.output_item.added': {
          const item = field(data, 'item');
          if (field(item, 'type') === 'function_call')
            calls.open(
              asString(field(item, 'id')) ?? String(asCount(field(data, 'output_index')) ?? 0),
              asString(field(item, 'call_id')) ?? '',
              asString(field(item, 'name')) ?? '',
              asString(field(item, 'arguments')) ?? '',
            );
          return [];
        }
        case 'response.function_call_arguments.delta':
          calls.add(asString(field(data, 'item_id')) ?? String(asCount(field(data, 'output_index')) ?? 0), {
            args: asString(field(data, 'delta')),
          });
          return [];
        case 'response.output_item.done': {
          const item = field(data, 'item');
          if (field(item, 'type') !== 'function_call') return [];
          calledTool = true;
          const key = asString(field(item, 'id')) ?? String(asCount(field(data, 'output_index')) ?? 0);
          const closed = calls.close(key, asString(field(item, 'arguments')));
          return closed.length ? closed : functionCall(item);
        }
        case 'response.completed':
        case 'response.incomplete': {
          complete = true;
          const response = field(data, 'response');
          return [...calls.closeAll(), ...usage(field(response, 'usage')), ...stop(response, calledTool)];
        }
        case 'response.failed': {
          complete = true;
          const message = asString(field(data, 'response', 'error', 'message')) ?? 'the response failed';
          return [{ type: 'error', message }];
        }
        default:
          return [];
      }
    },
    flush: () => calls.closeAll(),
  };
}

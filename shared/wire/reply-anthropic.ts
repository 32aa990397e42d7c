import { asArray, asCount, asObject, asString, field, jsonText } from './json-value.js';
import { OpenToolCalls, type StreamState } from './stream-state.js';
import type { StopReason, Usage, WireEvent } from './wire-event.js';

/** Anthropic Messages: a message, and a stream from `message_start` to `message_stop`. */

/** Anthropic counts cache reads and writes apart from `input_tokens`; our inputTokens holds all three. */
function usage(value: unknown, base: { input: number; read: number; write: number }): WireEvent[] {
  const u = asObject(value);
  if (!u) return [];
  const out: Partial<Usage> = {};
  const input = asCount(u.input_tokens);
  const read = asCount(u.cache_read_input_tokens);
  const write = asCount(u.cache_creation_input_tokens);
  const output = asCount(u.output_tokens);
  if (input !== undefined) base.input = input;
  if (read !== undefined) base.read = read;
  if (write !== undefined) base.write = write;
  if (input !== undefined || read !== undefined || write !== undefined) {
    out.inputTokens = base.input + base.read + base.write;
    out.cachedInputTokens = base.read;
    out.cacheWriteTokens = base.write;
  }
  if (output !== undefined) out.outputTokens = output;
  return Object.keys(out).length ? [{ type: 'usage', usage: out }] : [];
}

function stop(raw: unknown): WireEvent[] {
  const reason = asString(raw);
  if (!reason) return [];
  const map: Record<string, StopReason> = { end_turn: 'end', stop_sequence: 'end', max_tokens: 'max-tokens', tool_use: 'tool-use' };
  return [{ type: 'stop', reason: map[reason] ?? 'other', raw: reason }];
}

/** A whole message (`stream` off). */
export function parseAnthropicReply(body: unknown): WireEvent[] {
  const events: WireEvent[] = [];
  for (const block of asArray(field(body, 'content'))) {
    const type = field(block, 'type');
    const text = type === 'text' ? asString(field(block, 'text')) : undefined;
    if (text) events.push({ type: 'text', text });
    if (type === 'tool_use')
      events.push({
        type: 'tool-call',
        id: asString(field(block, 'id')) ?? '',
        name: asString(field(block, 'name')) ?? '',
        arguments: jsonText(field(block, 'input')),
      });
  }
  events.push(...usage(field(body, 'usage'), { input: 0, read: 0, write: 0 }), ...stop(field(body, 'stop_reason')));
  return events;
}

/** The stream's events: content blocks (text, tool_use with `input_json_delta` pieces), usage in message_start and message_delta. */
export function anthropicStream(): StreamState {
  const calls = new OpenToolCalls();
  const base = { input: 0, read: 0, write: 0 };
  let complete = false;
  return {
    get complete() {
      return complete;
    },
    event(message, data) {
      const type = asString(field(data, 'type')) ?? message.event ?? '';
      switch (type) {
        case 'message_start':
          return usage(field(data, 'message', 'usage'), base);
        case 'content_block_start': {
          const block = field(data, 'content_block');
          const index = String(asCount(field(data, 'index')) ?? 0);
          if (field(block, 'type') === 'tool_use') {
            const input = asObject(field(block, 'input'));
            calls.open(
              index,
              asString(field(block, 'id')) ?? '',
              asString(field(block, 'name')) ?? '',
              input && Object.keys(input).length ? jsonText(input) : '',
            );
          }
          const text = field(block, 'type') === 'text' ? asString(field(block, 'text')) : undefined;
          return text ? [{ type: 'text', text }] : [];
        }
        case 'content_block_delta': {
          const delta = field(data, 'delta');
          const kind = field(delta, 'type');
          if (kind === 'text_delta') {
            const text = asString(field(delta, 'text'));
            return text ? [{ type: 'text', text }] : [];
          }
          if (kind === 'input_json_delta')
            calls.add(String(asCount(field(data, 'index')) ?? 0), { args: asString(field(delta, 'partial_json')) });
          return [];
        }
        case 'content_block_stop':
          return calls.close(String(asCount(field(data, 'index')) ?? 0));
        case 'message_delta':
          return [...usage(field(data, 'usage'), base), ...stop(field(data, 'delta', 'stop_reason'))];
        case 'message_stop':
          complete = true;
          return calls.closeAll();
        default:
          return [];
      }
    },
    flush: () => calls.closeAll(),
  };
}

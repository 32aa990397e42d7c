import { asArray, asCount, asObject, asString, field } from './json-value.js';
import { OpenToolCalls, type StreamState } from './stream-state.js';
import type { StopReason, Usage, WireEvent } from './wire-event.js';

/** OpenAI Chat Completions (and OpenAI-compatible servers): a reply body, and a stream's chunks. */

function usage(value: unknown): WireEvent[] {
  const u = asObject(value);
  if (!u) return [];
  const out: Partial<Usage> = {};
  const input = asCount(u.prompt_tokens);
  const output = asCount(u.completion_tokens);
  const cached = asCount(field(u, 'prompt_tokens_details', 'cached_tokens'));
  if (input !== undefined) out.inputTokens = input;
  if (output !== undefined) out.outputTokens = output;
  if (cached !== undefined) out.cachedInputTokens = cached;
  return [{ type: 'usage', usage: out }];
}

function stopReason(raw: string): StopReason {
  if (raw === 'stop') return 'end';
  if (raw === 'length') return 'max-tokens';
  if (raw === 'tool_calls' || raw === 'function_call') return 'tool-use';
  return 'other';
}

function stop(raw: unknown): WireEvent[] {
  const reason = asString(raw);
  return reason ? [{ type: 'stop', reason: stopReason(reason), raw: reason }] : [];
}

/** A whole reply (`stream` off). */
export function parseOpenAiChatReply(body: unknown): WireEvent[] {
  const choice = asObject(asArray(field(body, 'choices'))[0]);
  const message = asObject(choice?.message);
  const events: WireEvent[] = [];
  const text = asString(message?.content);
  if (text) events.push({ type: 'text', text });
  for (const call of asArray(message?.tool_calls)) {
    const fn = asObject(field(call, 'function'));
    events.push({
      type: 'tool-call',
      id: asString(field(call, 'id')) ?? '',
      name: asString(fn?.name) ?? '',
      arguments: asString(fn?.arguments) ?? '{}',
    });
  }
  events.push(...usage(field(body, 'usage')), ...stop(choice?.finish_reason));
  return events;
}

/** A stream of chunks (`stream: true`, `stream_options.include_usage` for the usage), ending in `[DONE]`. */
export function openAiChatStream(): StreamState {
  const calls = new OpenToolCalls();
  let complete = false;
  return {
    get complete() {
      return complete;
    },
    event(_message, data) {
      if (data === '[DONE]') {
        complete = true;
        return calls.closeAll();
      }
      const events: WireEvent[] = [];
      const choice = asObject(asArray(field(data, 'choices'))[0]);
      const delta = asObject(choice?.delta);
      const text = asString(delta?.content);
      if (text) events.push({ type: 'text', text });
      for (const piece of asArray(delta?.tool_calls)) {
        const index = String(asCount(field(piece, 'index')) ?? 0);
        calls.add(index, {
          id: asString(field(piece, 'id')),
          name: asString(field(piece, 'function', 'name')),
          args: asString(field(piece, 'function', 'arguments')),
        });
      }
      if (choice?.finish_reason) events.push(...calls.closeAll(), ...stop(choice.finish_reason));
      events.push(...usage(field(data, 'usage')));
      return events;
    },
    flush: () => calls.closeAll(),
  };
}

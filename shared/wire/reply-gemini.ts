import { asArray, asCount, asObject, asString, field, jsonText } from './json-value.js';
import type { StreamState } from './stream-state.js';
import type { StopReason, Usage, WireEvent } from './wire-event.js';

/**
 * Gemini generateContent: a GenerateContentResponse, and (streamGenerateContent?alt=sse) a
 * stream of them, the last one with a finishReason. Thought parts are the model's reasoning,
 * not its reply: left out.
 */

function usage(value: unknown): WireEvent[] {
  const u = asObject(value);
  if (!u) return [];
  const out: Partial<Usage> = {};
  const input = asCount(u.promptTokenCount);
  const candidates = asCount(u.candidatesTokenCount);
  const thoughts = asCount(u.thoughtsTokenCount);
  const cached = asCount(u.cachedContentTokenCount);
  if (input !== undefined) out.inputTokens = input;
  if (candidates !== undefined || thoughts !== undefined) out.outputTokens = (candidates ?? 0) + (thoughts ?? 0);
  if (cached !== undefined) out.cachedInputTokens = cached;
  return [{ type: 'usage', usage: out }];
}

function stop(raw: unknown, calledTool: boolean): WireEvent[] {
  const reason = asString(raw);
  if (!reason) return [];
  const mapped: StopReason = reason === 'MAX_TOKENS' ? 'max-tokens' : reason === 'STOP' ? (calledTool ? 'tool-use' : 'end') : 'other';
  return [{ type: 'stop', reason: mapped, raw: reason }];
}

/** The events of one response (or one streamed chunk); `calls` counts the tool calls so far. */
function responseEvents(body: unknown, calls: { count: number }): WireEvent[] {
  const events: WireEvent[] = [];
  const candidate = asObject(asArray(field(body, 'candidates'))[0]);
  for (const part of asArray(field(candidate, 'content', 'parts'))) {
    const text = field(part, 'thought') === true ? undefined : asString(field(part, 'text'));
    if (text) events.push({ type: 'text', text });
    const call = asObject(field(part, 'functionCall'));
    if (call) {
      calls.count++;
      events.push({
        type: 'tool-call',
        id: asString(call.id) ?? `call_${calls.count}`,
        name: asString(call.name) ?? '',
        arguments: jsonText(call.args),
      });
    }
  }
  events.push(...usage(field(body, 'usageMetadata')), ...stop(candidate?.finishReason, calls.count > 0));
  return events;
}

/** A whole response (generateContent). */
export function parseGeminiReply(body: unknown): WireEvent[] {
  return responseEvents(body, { count: 0 });
}

/** streamGenerateContent with alt=sse: each event a GenerateContentResponse; the one with a finishReason ends it. */
export function geminiStream(): StreamState {
  const calls = { count: 0 };
  let complete = false;
  return {
    get complete() {
      return complete;
    },
    event(_message, data) {
      const events = responseEvents(data, calls);
      if (events.some((e) => e.type === 'stop')) complete = true;
      return events;
    },
    flush: () => [],
  };
}

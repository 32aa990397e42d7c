import { NO_USAGE, type StopReason, type Usage, type WireEvent } from './wire-event.js';

/** A reply put together from its events: what a run shows, a recording replays and assertions check. */
export interface Reply {
  text: string;
  /** The tool calls as the API returned them (see tool-calls.ts for how the agent reads them). */
  toolCalls: { id: string; name: string; arguments: string }[];
  usage: Usage;
  stop: { reason: StopReason; raw: string } | null;
  /** The one error that ended the reply (what came before it is kept above). */
  error: string | null;
}

export function emptyReply(): Reply {
  return { text: '', toolCalls: [], usage: { ...NO_USAGE }, stop: null, error: null };
}

/** Adds one event; after an error nothing more is taken. */
export function addEvent(reply: Reply, event: WireEvent): void {
  if (reply.error !== null) return;
  switch (event.type) {
    case 'text':
      reply.text += event.text;
      return;
    case 'tool-call':
      reply.toolCalls.push({ id: event.id, name: event.name, arguments: event.arguments });
      return;
    case 'usage':
      for (const [key, value] of Object.entries(event.usage) as [keyof Usage, number | undefined][])
        if (value !== undefined) reply.usage[key] = value;
      return;
    case 'stop':
      reply.stop = { reason: event.reason, raw: event.raw };
      return;
    case 'error':
      reply.error = event.message;
      return;
  }
}

export function replyOf(events: readonly WireEvent[]): Reply {
  const reply = emptyReply();
  for (const event of events) addEvent(reply, event);
  return reply;
}

/** What came before an error, for its message: "received 120 characters of text and 1 tool call". */
export function receivedSoFar(reply: Reply): string {
  const parts: string[] = [];
  if (reply.text) {
    const tail = reply.text.length > 80 ? `…${reply.text.slice(-80)}` : reply.text;
    parts.push(`${reply.text.length} characters of text (ending ${JSON.stringify(tail)})`);
  }
  if (reply.toolCalls.length) parts.push(`${reply.toolCalls.length} tool call${reply.toolCalls.length === 1 ? '' : 's'}`);
  return parts.length ? `received so far: ${parts.join(' and ')}` : 'nothing of the reply was received';
}

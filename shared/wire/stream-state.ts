import type { WireEvent } from './wire-event.js';

/** One server-sent event: its name (when the API names events) and its data. */
export interface StreamMessage {
  event?: string | undefined;
  data: string;
}

/**
 * What one API's stream parser keeps between events: text goes out at once, tool calls once
 * their arguments are complete. `complete` says whether the stream said its reply was whole
 * (a stream that just stops is a cut-off reply, not a short one).
 */
export interface StreamState {
  /** The events one SSE event gives (its data already JSON-parsed, or '[DONE]'). */
  event(message: StreamMessage, data: unknown): WireEvent[];
  /** Whether the API's end marker came (OpenAI `[DONE]`, Anthropic `message_stop`, ...). */
  readonly complete: boolean;
  /** Tool calls still open when the stream ends. */
  flush(): WireEvent[];
}

/** Tool calls whose arguments arrive in pieces, by the index (or item id) the API gives them. */
export class OpenToolCalls {
  private readonly calls = new Map<string, { id: string; name: string; args: string }>();

  open(key: string, id: string, name: string, args = ''): void {
    this.calls.set(key, { id, name, args });
  }

  /** Adds to a call (opening it when the first piece names it). */
  add(key: string, piece: { id?: string | undefined; name?: string | undefined; args?: string | undefined }): void {
    const call = this.calls.get(key) ?? { id: '', name: '', args: '' };
    if (piece.id) call.id = piece.id;
    if (piece.name) call.name += piece.name;
    if (piece.args) call.args += piece.args;
    this.calls.set(key, call);
  }

  /** The finished call under `key` (null when none is open), with its arguments replaced when given. */
  close(key: string, args?: string): WireEvent[] {
    const call = this.calls.get(key);
    if (!call) return [];
    this.calls.delete(key);
    return [{ type: 'tool-call', id: call.id, name: call.name, arguments: args ?? (call.args || '{}') }];
  }

  closeAll(): WireEvent[] {
    return [...this.calls.keys()].flatMap((key) => this.close(key));
  }
}

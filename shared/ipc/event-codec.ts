import { CompareWireDecoder, CompareWireEncoder, type CompareTextsPatch } from './compare-wire.js';
import type { CompareResult, EventName, PreviewResult } from './contract.js';
import { PreviewWireDecoder, PreviewWireEncoder, type PreviewTextsPatch } from './preview-wire.js';
import { COMPARE_CHANNEL, PREVIEW_CHANNEL } from './wire.js';

/**
 * The one encoding of host events on every transport (Electron IPC and browser mode's
 * WebSocket): preview:result and compare:result travel as patches of the last one sent to the
 * same window (preview-wire.ts, compare-wire.ts), every other event as it is. One encoder per
 * receiving window, one decoder per connection on the renderer's side; the decoder hands on
 * the whole result, so nothing after the transport can tell.
 */

export type EventPatch = PreviewTextsPatch | CompareTextsPatch;

/** One event as it goes over the transport. */
export interface WireEvent {
  payload: unknown;
  patch?: EventPatch | undefined;
}

/** The channels whose answers are the results their events carry, and so are patched alike. */
const ANSWER_EVENTS: ReadonlyMap<string, EventName> = new Map([
  [PREVIEW_CHANNEL, 'preview:result'],
  [COMPARE_CHANNEL, 'compare:result'],
]);

/** Whether a channel's answer is a result patched like its event's (encodeAnswer). */
export const answeredLikeEvents = (channel: string): boolean => ANSWER_EVENTS.has(channel);

/** The longest window id a request may name (doc:update's `origin`). */
const MAX_WINDOW_ID = 64;

export class EventEncoder {
  readonly previews = new PreviewWireEncoder();
  private readonly compares = new CompareWireEncoder();
  /** The window this encoder sends to, as its own requests name it (doc:update's `origin`). */
  private window: string | undefined;

  /**
   * Takes note of a request this window sent: an edit names its window (`origin`), and the
   * host's doc:text event of that edit, which the window skips anyway, then stays home — on
   * every keystroke that is a message less between the edit and its rebuild.
   */
  noteRequest(payload: unknown): void {
    if (typeof payload !== 'object' || payload === null) return;
    const origin = (payload as { origin?: unknown }).origin;
    if (typeof origin === 'string' && origin.length > 0 && origin.length <= MAX_WINDOW_ID) this.window = origin;
  }

  /** False for an event this window made itself and has no use for: the doc:text of its own edit. */
  wants(event: EventName, payload: unknown): boolean {
    if (event !== 'doc:text' || this.window === undefined) return true;
    return (payload as { origin?: unknown } | null)?.origin !== this.window;
  }

  encode(event: EventName, payload: unknown): WireEvent {
    if (event === 'preview:result') return this.previews.encode(payload as PreviewResult);
    if (event === 'compare:result') return this.compares.encode(payload as CompareResult);
    return { payload };
  }

  /**
   * The answer of a request, sent in order with the events (browser mode's WebSocket; Electron's
   * ANSWER_EVENT, answer-rendezvous.ts): preview:set's and compare:set's are results like their
   * events' and go as patches of the same last one. compare:set's answer is where a compare view's four
   * columns first come from; the first keystroke's compare:result would otherwise go whole.
   */
  encodeAnswer(channel: string, value: unknown): WireEvent {
    const event = ANSWER_EVENTS.get(channel);
    return event ? this.encode(event, value) : { payload: value };
  }
}

export class EventDecoder {
  readonly previews = new PreviewWireDecoder();
  private readonly compares = new CompareWireDecoder();

  /** The whole event payload; throws when a patch does not follow the last result received (a protocol error). */
  decode(event: EventName, wire: WireEvent): unknown {
    if (event === 'preview:result')
      return this.previews.decode({ payload: wire.payload as PreviewResult, patch: wire.patch as PreviewTextsPatch });
    if (event === 'compare:result')
      return this.compares.decode({ payload: wire.payload as CompareResult, patch: wire.patch as CompareTextsPatch });
    return wire.payload;
  }

  /** The whole answer of a request (EventEncoder.encodeAnswer); throws like decode. */
  decodeAnswer(channel: string, wire: WireEvent): unknown {
    const event = ANSWER_EVENTS.get(channel);
    return event ? this.decode(event, wire) : wire.payload;
  }
}

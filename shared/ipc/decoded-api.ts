import { ANSWER_EVENT, answerRefOf, AnswerRendezvous, type WireAnswer } from './answer-rendezvous.js';
import { createStudioApi } from './client.js';
import type { ChannelName, EventName, StudioApi } from './contract.js';
import { answeredLikeEvents, EventDecoder, type WireEvent } from './event-codec.js';
import { EventListeners } from './event-listeners.js';
import type { IpcResult } from './ipc-result.js';

/**
 * What Electron's preload puts on `window.studioWire`: the host's answers and events as they
 * came over IPC, still encoded (event-codec.ts), for the channels and events of the contract
 * only (and ANSWER_EVENT). The page decodes them itself (createDecodedApi) with the same
 * decoder as browser mode: what the decoder learns of a result (where a patch changed its
 * texts: previewEditSince, the compare cells' edits) is kept in WeakMaps of the decoded
 * objects, which would not cross contextBridge had the preload decoded them.
 */
export interface WireBridge {
  invoke(channel: ChannelName, request: unknown): Promise<unknown>;
  /** Listens to one event's wire messages; returns the function that stops. */
  on(event: EventName | typeof ANSWER_EVENT, listener: (wire: unknown) => void): () => void;
}

/**
 * The StudioApi over the preload's wire bridge: events decoded once each and handed to the
 * page's listeners, preview:set's and compare:set's answers (which come on ANSWER_EVENT, in
 * order with the events, the invoke answering with their id) paired with their invokes. What
 * cannot be read, and a listener that throws, goes to `report` (the page's console).
 */
export function createDecodedApi(bridge: WireBridge, report: (what: string, error: unknown) => void): StudioApi {
  const decoder = new EventDecoder();
  const listeners = new EventListeners(report);
  /** The events whose wire messages are followed (each once: one decode, then every listener). */
  const followed = new Set<EventName>();
  const follow = (event: EventName): void => {
    if (followed.has(event)) return;
    followed.add(event);
    bridge.on(event, (wire) => {
      let payload: unknown;
      try {
        payload = decoder.decode(event, wire as WireEvent);
      } catch (error) {
        report(`host event ${event}:`, error);
        return;
      }
      listeners.deliver(event, payload);
    });
  };
  // The patched results and the answers that come with them are followed from the start, so
  // the decoder sees every one the host sends; every other event once asked for.
  follow('preview:result');
  follow('compare:result');
  const answers = new AnswerRendezvous();
  bridge.on(ANSWER_EVENT, (wire) => {
    const answer = wire as WireAnswer;
    let result: IpcResult<unknown>;
    try {
      result = { ok: true, value: decoder.decodeAnswer(answer.channel, answer.wire) };
    } catch (error) {
      report(`host answer of ${answer.channel}:`, error);
      result = { ok: false, error: { code: 'INTERNAL', message: `the answer of ${answer.channel} could not be read` } };
    }
    answers.arrive(answer.id, result);
  });

  return createStudioApi(
    async (channel, request) => {
      const result = (await bridge.invoke(channel, request)) as IpcResult<unknown>;
      const ref = answeredLikeEvents(channel) ? answerRefOf(result) : undefined;
      return ref === undefined ? result : answers.wait(ref);
    },
    (event, listener) => {
      follow(event);
      return listeners.add(event, listener);
    },
  );
}

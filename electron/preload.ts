import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { createStudioApi } from '../shared/ipc/client.js';
import type { EventName } from '../shared/ipc/contract.js';
import { ANSWER_EVENT, answerRefOf, AnswerRendezvous, type WireAnswer } from '../shared/ipc/answer-rendezvous.js';
import { answeredLikeEvents, EventDecoder, type WireEvent } from '../shared/ipc/event-codec.js';
import type { IpcResult } from '../shared/ipc/ipc-result.js';

/**
 * The sandboxed preload: puts exactly the contract on `window.studio` (one method per
 * channel and `on` for the contract's events), generated from the same table as the host.
 * The page never sees ipcRenderer, Node or Electron.
 */
// Host events come encoded as on every transport (shared/ipc/event-codec.ts): decoded once
// each, here, then handed to the page's listeners. The patched events are listened to from
// the start, so the decoder sees every one the host sends.
const decoder = new EventDecoder();
const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
function follow(event: EventName): Set<(payload: unknown) => void> {
  const set = listeners.get(event);
  if (set) return set;
  const own = new Set<(payload: unknown) => void>();
  listeners.set(event, own);
  ipcRenderer.on(event, (_event: IpcRendererEvent, wire: WireEvent) => {
    let payload: unknown;
    try {
      payload = decoder.decode(event, wire);
    } catch (error) {
      console.error(`host event ${event}:`, error);
      return;
    }
    for (const listener of [...own]) listener(payload);
  });
  return own;
}
follow('preview:result');
follow('compare:result');

// preview:set's and compare:set's answers come in order with the events, patched as they are;
// their invokes answer with the answer's id (shared/ipc/answer-rendezvous.ts).
const answers = new AnswerRendezvous();
ipcRenderer.on(ANSWER_EVENT, (_event: IpcRendererEvent, answer: WireAnswer) => {
  let result: IpcResult<unknown>;
  try {
    result = { ok: true, value: decoder.decodeAnswer(answer.channel, answer.wire) };
  } catch (error) {
    console.error(`host answer of ${answer.channel}:`, error);
    result = { ok: false, error: { code: 'INTERNAL', message: `the answer of ${answer.channel} could not be read` } };
  }
  answers.arrive(answer.id, result);
});

const api = createStudioApi(
  async (channel, request) => {
    const result = (await ipcRenderer.invoke(channel, request)) as IpcResult<unknown>;
    const ref = answeredLikeEvents(channel) ? answerRefOf(result) : undefined;
    return ref === undefined ? result : answers.wait(ref);
  },
  (event, listener) => {
    const set = follow(event);
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  },
);

contextBridge.exposeInMainWorld('studio', api);

import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { CHANNEL_NAMES } from '../../shared/ipc/client.js';
import type { EventName } from '../../shared/ipc/contract.js';
import { ANSWER_EVENT, type AnswerRef, type WireAnswer } from '../../shared/ipc/answer-rendezvous.js';
import { answeredLikeEvents, EventEncoder, type WireEvent } from '../../shared/ipc/event-codec.js';
import type { Dispatch } from '../../shared/ipc/dispatch.js';
import type { IpcResult } from '../../shared/ipc/ipc-result.js';
import { mark, tracing } from '../../shared/ipc/trace.js';
import { isAppUrl, type AppLocation } from './app-url.js';

/**
 * One ipcMain handler per contract channel. A call is answered only when it comes from the
 * app's own top frame (the sender frame's URL has the app origin); the dispatcher validates
 * the payload and turns every failure into an error value.
 */
export function isTrustedSender(event: Pick<IpcMainInvokeEvent, 'senderFrame'>, location: AppLocation): boolean {
  const frame = event.senderFrame;
  if (!frame) return false;
  if (frame.parent !== null) return false;
  return isAppUrl(location, frame.url);
}

export function registerIpc(ipcMain: IpcMain, dispatch: Dispatch, location: AppLocation): () => void {
  for (const channel of CHANNEL_NAMES) {
    ipcMain.handle(channel, async (event, payload: unknown): Promise<IpcResult<unknown>> => {
      if (!isTrustedSender(event, location)) {
        return { ok: false, error: { code: 'FORBIDDEN', message: `${channel}: the sender is not the app` } };
      }
      if (tracing()) mark(`host:recv:${channel}`);
      // (The sender is the page's WebContents; a stand-in event in tests may have none.)
      const sender = event.sender as WebContents | undefined;
      if (sender) listening(sender).noteRequest(payload);
      const result = await dispatch(channel, payload);
      return sender && result.ok && answeredLikeEvents(channel) ? (answerWithEvents(sender, channel, result.value) ?? result) : result;
    });
  }
  return () => {
    for (const channel of CHANNEL_NAMES) ipcMain.removeHandler(channel);
  };
}

/**
 * Per window, the encoder of its events (shared/ipc/event-codec.ts, as browser mode's
 * WebSocket uses): there from the page's first call — by then its preload listens to every
 * patched event, so each one sent arrives — until the page loads again (a new preload with
 * nothing to patch). Before that, events go whole.
 */
const encoders = new WeakMap<Pick<WebContents, 'once'>, EventEncoder>();

function listening(contents: Pick<WebContents, 'once'>): EventEncoder {
  const known = encoders.get(contents);
  if (known) return known;
  const encoder = new EventEncoder();
  encoders.set(contents, encoder);
  contents.once('did-start-loading', () => encoders.delete(contents));
  return encoder;
}

let answers = 0;

/**
 * A preview:set or compare:set answer, sent in order with the window's events and patched as
 * they are (answer-rendezvous.ts); the invoke then answers with its id. Undefined when the
 * window has no encoder now (it loads again: the answer goes whole, to no one).
 */
function answerWithEvents(sender: WebContents, channel: string, value: unknown): IpcResult<AnswerRef> | undefined {
  const encoder = encoders.get(sender);
  if (!encoder || sender.isDestroyed()) return undefined;
  const id = ++answers;
  sender.send(ANSWER_EVENT, { id, channel, wire: encoder.encodeAnswer(channel, value) } satisfies WireAnswer);
  return { ok: true, value: { answerRef: id } };
}

/** Sends a host event to the window (if it is still there), encoded as every transport does. */
export function forwardEvent(contents: WebContents | undefined, event: EventName, payload: unknown): void {
  if (!contents || contents.isDestroyed()) return;
  const encoder = encoders.get(contents);
  if (encoder && !encoder.wants(event, payload)) return;
  if (tracing()) mark(`host:encode:${event}`);
  const wire: WireEvent = encoder?.encode(event, payload) ?? { payload };
  contents.send(event, wire);
  if (tracing()) mark(`host:sent:${event}`);
}

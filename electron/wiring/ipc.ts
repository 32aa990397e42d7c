import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { CHANNEL_NAMES } from '../../shared/ipc/client.js';
import type { EventName } from '../../shared/ipc/contract.js';
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
      return dispatch(channel, payload);
    });
  }
  return () => {
    for (const channel of CHANNEL_NAMES) ipcMain.removeHandler(channel);
  };
}

/** Sends a host event to the window (if it is still there). */
export function forwardEvent(contents: WebContents | undefined, event: EventName, payload: unknown): void {
  if (!contents || contents.isDestroyed()) return;
  if (tracing()) mark(`host:encode:${event}`);
  contents.send(event, payload);
  if (tracing()) mark(`host:sent:${event}`);
}

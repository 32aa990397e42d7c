import { createStudioApi, isEventName } from '../../../shared/ipc/client.js';
import { EventDecoder, type EventPatch } from '../../../shared/ipc/event-codec.js';
import { EventListeners } from '../../../shared/ipc/event-listeners.js';
import type { ChannelName, StudioApi } from '../../../shared/ipc/contract.js';
import type { IpcResult } from '../../../shared/ipc/ipc-result.js';
import { mark, tracing } from '../../../shared/ipc/trace.js';
import type { WireCall } from '../../../shared/ipc/wire.js';

/**
 * Browser mode's transport: the StudioApi over one WebSocket to the host. Calls made before
 * the socket opens wait for it; a call in flight when the connection drops, or made while it
 * is down, answers DISCONNECTED (an error value, like every other failure). The socket
 * reconnects with backoff and then replays the open workspace as a workspace:changed
 * event, so the views catch up with whatever happened meanwhile.
 *
 * Written against a minimal WebSocket shape (the browser's, or `ws` in tests).
 */

export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  addEventListener(type: 'open' | 'close' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

export interface WebSocketApiOptions {
  url: string;
  connect: (url: string) => WebSocketLike;
  /** Waits before reconnect attempts (the last one repeats). */
  reconnectDelaysMs?: readonly number[];
  /** Told when the connection opens or drops (e.g. for a banner). */
  onStatus?: (status: 'open' | 'closed') => void;
}

export interface WebSocketApi extends StudioApi {
  /** Closes the socket for good. */
  close(): void;
}

const OPEN = 1;

export function createWebSocketApi(options: WebSocketApiOptions): WebSocketApi {
  const delays = options.reconnectDelaysMs ?? [250, 500, 1000, 2000, 5000];
  const pending = new Map<number, { channel: ChannelName; resolve: (result: IpcResult<unknown>) => void }>();
  // Preview and compare results arrive as patches of the last one received on the same socket.
  let events = new EventDecoder();
  const queue: string[] = [];
  const listeners = new EventListeners((what, error) => console.error(what, error));
  let socket: WebSocketLike | undefined;
  let nextId = 1;
  let everOpened = false;
  let attempt = 0;
  let closedForGood = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const disconnected = (channel: string): IpcResult<never> => ({
    ok: false,
    error: { code: 'DISCONNECTED', message: `${channel}: the connection to the host is down` },
  });

  const open = (): void => {
    if (closedForGood) return;
    let ws: WebSocketLike;
    try {
      ws = options.connect(options.url);
    } catch {
      scheduleReconnect();
      return;
    }
    socket = ws;
    events = new EventDecoder();
    ws.addEventListener('open', () => {
      if (socket !== ws) return;
      const reconnected = everOpened;
      everOpened = true;
      attempt = 0;
      options.onStatus?.('open');
      for (const frame of queue.splice(0)) ws.send(frame);
      if (reconnected) {
        void api['workspace:get']({}).then((result) => {
          if (result.ok && result.value) listeners.deliver('workspace:changed', result.value);
        });
      }
    });
    ws.addEventListener('message', (event) => {
      if (typeof event.data !== 'string') return;
      const traced = tracing();
      if (traced) mark('recv');
      let message: {
        type?: unknown;
        id?: unknown;
        result?: unknown;
        event?: unknown;
        payload?: unknown;
        patch?: EventPatch;
      };
      try {
        message = JSON.parse(event.data) as typeof message;
      } catch {
        return;
      }
      try {
        if (message.type === 'result' && typeof message.id === 'number') {
          const call = pending.get(message.id);
          pending.delete(message.id);
          let result = message.result as IpcResult<unknown>;
          if (call && result.ok && result.value !== null)
            result = { ok: true, value: events.decodeAnswer(call.channel, { payload: result.value, patch: message.patch }) };
          call?.resolve(result);
        } else if (message.type === 'event' && isEventName(message.event)) {
          const payload = events.decode(message.event, { payload: message.payload, patch: message.patch });
          if (traced) mark(`decoded:${message.event}`);
          listeners.deliver(message.event, payload);
        }
      } catch (error) {
        // Both ends lost step (never expected: one socket keeps the order): start afresh.
        console.error('browser-mode transport:', error);
        ws.close();
      }
    });
    ws.addEventListener('close', () => {
      if (socket !== ws) return;
      socket = undefined;
      if (everOpened) options.onStatus?.('closed');
      for (const [id, call] of pending) {
        pending.delete(id);
        call.resolve(disconnected(call.channel));
      }
      queue.length = 0;
      scheduleReconnect();
    });
    ws.addEventListener('error', () => undefined);
  };

  const scheduleReconnect = (): void => {
    if (closedForGood || timer) return;
    const delay = delays[Math.min(attempt, delays.length - 1)] ?? 1000;
    attempt++;
    timer = setTimeout(() => {
      timer = undefined;
      open();
    }, delay);
  };

  const invoke = (channel: ChannelName, request: unknown): Promise<IpcResult<unknown>> => {
    if (closedForGood) return Promise.resolve(disconnected(channel));
    const id = nextId++;
    const frame = JSON.stringify({ type: 'call', id, channel, payload: request } satisfies WireCall);
    return new Promise((resolve) => {
      if (socket && socket.readyState === OPEN) {
        pending.set(id, { channel, resolve });
        socket.send(frame);
        if (tracing()) mark(`send:${channel}`);
      } else if (!everOpened) {
        pending.set(id, { channel, resolve });
        queue.push(frame);
      } else {
        resolve(disconnected(channel));
      }
    });
  };

  const api = createStudioApi(invoke, (event, listener) => listeners.add(event, listener));
  open();
  return Object.freeze({
    ...api,
    close(): void {
      closedForGood = true;
      if (timer) clearTimeout(timer);
      socket?.close();
      for (const [id, call] of pending) {
        pending.delete(id);
        call.resolve(disconnected(call.channel));
      }
    },
  }) as WebSocketApi;
}

import type { ChannelName, EventName, StudioApi } from './contract.js';
import type { IpcResult } from './ipc-result.js';
import { CHANNEL_NAMES, EVENT_NAMES } from './names.js';

/**
 * The renderer side of the contract, generated from the names of its channels and events (names.ts): one
 * method per channel plus `on(event, listener)`. The preload builds it over ipcRenderer,
 * browser mode over a WebSocket; nothing else differs.
 */

/** Sends one request; may reject (the client turns that into an error value). */
export type Invoke = (channel: ChannelName, request: unknown) => Promise<IpcResult<unknown>>;
/** Listens to one host event; returns the function that stops listening. */
export type Subscribe = (event: EventName, listener: (payload: unknown) => void) => () => void;

export { CHANNEL_NAMES };

const EVENT_SET: ReadonlySet<string> = new Set(EVENT_NAMES);

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && EVENT_SET.has(name);
}

export function createStudioApi(invoke: Invoke, subscribe: Subscribe): StudioApi {
  const api: Record<string, unknown> = {};
  for (const channel of CHANNEL_NAMES) {
    api[channel] = async (request?: unknown): Promise<IpcResult<unknown>> => {
      try {
        const result = await invoke(channel, request ?? {});
        if (result && typeof result === 'object' && typeof (result as { ok?: unknown }).ok === 'boolean') return result;
        return { ok: false, error: { code: 'INTERNAL', message: `${channel}: malformed answer from the host` } };
      } catch (error) {
        return { ok: false, error: { code: 'INTERNAL', message: `${channel}: ${error instanceof Error ? error.message : String(error)}` } };
      }
    };
  }
  api.on = (event: unknown, listener: unknown): (() => void) => {
    if (!isEventName(event)) throw new TypeError(`unknown event '${String(event)}'`);
    if (typeof listener !== 'function') throw new TypeError('listener must be a function');
    return subscribe(event, listener as (payload: unknown) => void);
  };
  return Object.freeze(api) as unknown as StudioApi;
}

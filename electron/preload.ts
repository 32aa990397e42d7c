import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { ANSWER_EVENT } from '../shared/ipc/answer-rendezvous.js';
import type { ChannelName, EventName } from '../shared/ipc/contract.js';
import type { WireBridge } from '../shared/ipc/decoded-api.js';
import { CHANNEL_NAMES, EVENT_NAMES } from '../shared/ipc/names.js';

/**
 * The sandboxed preload: puts the contract's wire on `window.studioWire` (shared/ipc/decoded-api.ts):
 * an invoke for the contract's channels and a listener for its events (and the answers that
 * come as events), their messages as the host encoded them. The page decodes them with the
 * same decoder as browser mode. It never sees ipcRenderer, Node or Electron; a channel or
 * event the contract does not name is refused here.
 */
const CHANNEL_SET: ReadonlySet<string> = new Set(CHANNEL_NAMES);
const EVENT_SET: ReadonlySet<string> = new Set([...EVENT_NAMES, ANSWER_EVENT]);

const bridge: WireBridge = {
  invoke(channel: ChannelName, request: unknown): Promise<unknown> {
    if (typeof channel !== 'string' || !CHANNEL_SET.has(channel))
      return Promise.reject(new TypeError(`unknown channel '${String(channel)}'`));
    return ipcRenderer.invoke(channel, request);
  },
  on(event: EventName | typeof ANSWER_EVENT, listener: (wire: unknown) => void): () => void {
    if (typeof event !== 'string' || !EVENT_SET.has(event)) throw new TypeError(`unknown event '${String(event)}'`);
    if (typeof listener !== 'function') throw new TypeError('listener must be a function');
    const handler = (_event: IpcRendererEvent, wire: unknown): void => listener(wire);
    ipcRenderer.on(event, handler);
    return () => {
      ipcRenderer.removeListener(event, handler);
    };
  },
};

contextBridge.exposeInMainWorld('studioWire', Object.freeze(bridge));

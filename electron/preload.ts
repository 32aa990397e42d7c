import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { createStudioApi } from '../shared/ipc/client.js';
import type { EventName } from '../shared/ipc/contract.js';
import { EventDecoder, type WireEvent } from '../shared/ipc/event-codec.js';

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

const api = createStudioApi(
  (channel, request) => ipcRenderer.invoke(channel, request),
  (event, listener) => {
    const set = follow(event);
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  },
);

contextBridge.exposeInMainWorld('studio', api);

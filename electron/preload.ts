import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { createStudioApi } from '../shared/ipc/client.js';

/**
 * The sandboxed preload: puts exactly the contract on `window.studio` (one method per
 * channel and `on` for the contract's events), generated from the same table as the host.
 * The page never sees ipcRenderer, Node or Electron.
 */
const api = createStudioApi(
  (channel, request) => ipcRenderer.invoke(channel, request),
  (event, listener) => {
    const handler = (_event: IpcRendererEvent, payload: unknown): void => listener(payload);
    ipcRenderer.on(event, handler);
    return () => {
      ipcRenderer.removeListener(event, handler);
    };
  },
);

contextBridge.exposeInMainWorld('studio', api);

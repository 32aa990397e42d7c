import type { StudioApi } from '../../../shared/ipc/contract.js';
import { createDecodedApi, type WireBridge } from '../../../shared/ipc/decoded-api.js';
import { TOKEN_PARAM, WS_PATH } from '../../../shared/ipc/wire.js';
import { createWebSocketApi, type WebSocketLike } from './websocket.js';

/**
 * The renderer's one way to the host. In Electron the preload has put the contract's wire on
 * `window.studioWire` (IPC, its messages decoded here as browser mode's are); in a browser the page talks to
 * the browser-mode server over a WebSocket on its own origin, with the token from the page
 * URL. Both give the same StudioApi; nothing else in the renderer can tell them apart.
 */

export interface TransportEnvironment {
  /** Electron's preload. */
  studioWire?: WireBridge | undefined;
  location: { protocol: string; host: string; search: string };
  WebSocket?: new (url: string) => WebSocketLike;
}

/** The WebSocket address of browser mode for a page location (token carried over from the page URL). */
export function webSocketUrl(location: TransportEnvironment['location']): string {
  const token = new URLSearchParams(location.search).get(TOKEN_PARAM) ?? '';
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${WS_PATH}?${TOKEN_PARAM}=${encodeURIComponent(token)}`;
}

export function createTransport(env: TransportEnvironment = globalThis as unknown as TransportEnvironment): StudioApi {
  if (env.studioWire) return createDecodedApi(env.studioWire, (what, error) => console.error(what, error));
  const Socket = env.WebSocket;
  if (!Socket) throw new Error('no transport: neither the Electron preload API nor WebSocket is available');
  return createWebSocketApi({ url: webSocketUrl(env.location), connect: (url) => new Socket(url) });
}

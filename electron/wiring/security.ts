import type { Session, WebContents } from 'electron';
import { contentSecurityPolicy } from '../../shared/ipc/csp.js';
import { isAppUrl, type AppLocation } from './app-url.js';

/**
 * The renderer gets nothing it does not need: no permissions (camera, notifications,
 * clipboard-read, ...) but writing to the clipboard from the app's own page after a click
 * ("Copy prompt", "Copy as request"), no network beyond the app itself, no navigation away
 * from the app, no new windows, no <webview>, and a strict CSP on every response.
 */

/** The one permission the app's own page may use: writing to the clipboard on a user gesture. */
export function isAllowedPermission(location: AppLocation, permission: string, requestingUrl: string | undefined): boolean {
  return permission === 'clipboard-sanitized-write' && requestingUrl !== undefined && isAppUrl(location, requestingUrl);
}

export function hardenSession(ses: Session, location: AppLocation): void {
  ses.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(isAllowedPermission(location, permission, details.requestingUrl)),
  );
  ses.setPermissionCheckHandler((_contents, permission, requestingOrigin) => isAllowedPermission(location, permission, requestingOrigin));
  ses.setDevicePermissionHandler(() => false);
  const csp = contentSecurityPolicy({ dev: location.dev });
  ses.webRequest.onHeadersReceived((details, callback) => {
    const headers = { ...(details.responseHeaders ?? {}) };
    for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-security-policy') delete headers[name];
    headers['Content-Security-Policy'] = [csp];
    callback({ responseHeaders: headers });
  });
  // Nothing in the renderer talks to the network: only the app's own URLs (and, in
  // development, the dev server and its HMR socket) may load.
  ses.webRequest.onBeforeRequest((details, callback) => {
    callback({ cancel: !isAllowedRequest(location, details.url) });
  });
}

const LOCAL_SCHEMES = ['data:', 'blob:', 'devtools:', 'chrome-extension:'];

/** Requests the renderer may make: the app itself, in-memory URLs, dev tools, and in development the HMR socket. */
export function isAllowedRequest(location: AppLocation, url: string): boolean {
  if (isAppUrl(location, url)) return true;
  let scheme: string;
  try {
    scheme = new URL(url).protocol;
  } catch {
    return false;
  }
  return LOCAL_SCHEMES.includes(scheme) || (location.dev && isDevServerSocket(location, url));
}

function isDevServerSocket(location: AppLocation, url: string): boolean {
  try {
    const parsed = new URL(url);
    const origin = new URL(location.origin);
    return (parsed.protocol === 'ws:' || parsed.protocol === 'wss:') && parsed.host === origin.host;
  } catch {
    return false;
  }
}

export function hardenWebContents(contents: WebContents, location: AppLocation): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(location, url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(location, url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

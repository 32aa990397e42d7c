/**
 * Where the renderer comes from and which frames count as the app's own. In production the
 * built renderer is served from the privileged `studio://app/` scheme (not file://, which
 * would let a page read any file); in development from the Vite dev server.
 */
export const APP_SCHEME = 'studio';
export const APP_HOST = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY = `${APP_ORIGIN}/index.html`;

export interface AppLocation {
  /** URL the window loads. */
  entry: string;
  /** Origin every trusted frame must have. */
  origin: string;
  dev: boolean;
}

export function appLocation(devServerUrl: string | undefined): AppLocation {
  if (devServerUrl) {
    const url = new URL(devServerUrl);
    return { entry: url.href, origin: url.origin, dev: true };
  }
  return { entry: APP_ENTRY, origin: APP_ORIGIN, dev: false };
}

/** Whether a URL belongs to the app (same scheme, host and port as its origin). */
export function isAppUrl(location: AppLocation, url: string | undefined | null): boolean {
  if (!url) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  // URL.origin is 'null' for non-special schemes such as studio:; compare the parts.
  const expected = new URL(location.origin);
  return parsed.protocol === expected.protocol && parsed.host === expected.host;
}

import { protocol } from 'electron';
import { APP_SCHEME } from './app-url.js';
import { appFileHandler } from './app-files.js';

/** The privileged `studio://app/` scheme that serves the built renderer. */

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

/** Must run after the app is ready. */
export function serveApp(distDir: string): void {
  protocol.handle(APP_SCHEME, appFileHandler(distDir));
}

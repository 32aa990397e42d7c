import fs from 'node:fs';
import path from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../../shared/ipc/csp.js';
import { contentTypeOf, resolveAppFile } from '../host/app-files.js';
import { APP_HOST } from './app-url.js';

/**
 * What the `studio://app/` scheme answers: files only from the built renderer's folder
 * (no `..`, no symlinks out, no dot files), each with the app's Content-Security-Policy.
 * No Electron import, so it is tested directly.
 */

function respond(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Security-Policy': CONTENT_SECURITY_POLICY },
  });
}

/** The handler (exported for the bundle test): maps a studio://app/ URL to a file of distDir. */
export function appFileHandler(distDir: string): (request: Request) => Promise<Response> {
  const root = path.resolve(distDir);
  return async (request) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return respond(400, 'Bad request');
    }
    if (url.host !== APP_HOST) return respond(404, 'Not found');
    const found = resolveAppFile(root, url.pathname);
    if (!found) return respond(404, 'Not found');
    try {
      const data = await fs.promises.readFile(found.file);
      return new Response(data, {
        status: 200,
        headers: {
          'Content-Type': contentTypeOf(found.file),
          'Content-Security-Policy': CONTENT_SECURITY_POLICY,
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'no-cache',
        },
      });
    } catch {
      return respond(404, 'Not found');
    }
  };
}

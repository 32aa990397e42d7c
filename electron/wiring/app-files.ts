import fs from 'node:fs';
import path from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../../shared/ipc/csp.js';
import { APP_HOST } from './app-url.js';

/**
 * What the `studio://app/` scheme answers: files only from the built renderer's folder
 * (no `..`, no symlinks out, no dot files), each with the app's Content-Security-Policy.
 * No Electron import, so it is tested directly.
 */

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

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
    let rel: string;
    try {
      rel = decodeURIComponent(url.pathname).replace(/^\/+/, '') || 'index.html';
    } catch {
      return respond(400, 'Bad request');
    }
    if (rel.includes('\0') || rel.includes('\\') || rel.split('/').some((s) => s === '' || s.startsWith('.')))
      return respond(404, 'Not found');
    const file = path.join(root, ...rel.split('/'));
    try {
      const real = await fs.promises.realpath(file);
      const realRoot = await fs.promises.realpath(root);
      if (!real.startsWith(realRoot + path.sep)) return respond(404, 'Not found');
      const data = await fs.promises.readFile(real);
      return new Response(data, {
        status: 200,
        headers: {
          'Content-Type': TYPES[path.extname(real).toLowerCase()] ?? 'application/octet-stream',
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

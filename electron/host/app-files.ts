import fs from 'node:fs';
import path from 'node:path';

/** Content types of the files the built renderer is made of. */
const CONTENT_TYPES: Record<string, string> = {
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
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The file of the built renderer (dist/) a URL path names, or undefined: the path is
 * decoded, `/` and a trailing `/` mean index.html, and anything that could leave the folder
 * or reach a hidden file is refused (NUL, backslashes, empty or dot-led segments, symlinks
 * resolving outside). Used by the app:// scheme of the desktop app and by browser mode.
 */
export function resolveAppFile(distDir: string, urlPathname: string): { file: string; rel: string } | undefined {
  let rel: string;
  try {
    rel = decodeURIComponent(urlPathname);
  } catch {
    return undefined;
  }
  if (rel === '' || rel.endsWith('/')) rel += 'index.html';
  rel = rel.replace(/^\/+/, '');
  if (rel.includes('\0') || rel.includes('\\') || rel.split('/').some((s) => s === '' || s.startsWith('.'))) return undefined;
  try {
    const root = fs.realpathSync(distDir);
    const real = fs.realpathSync(path.join(root, ...rel.split('/')));
    if (!real.startsWith(root + path.sep) || !fs.statSync(real).isFile()) return undefined;
    return { file: real, rel };
  } catch {
    return undefined;
  }
}

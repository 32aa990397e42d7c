import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { pipeline, type Duplex } from 'node:stream';
import path from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { contentSecurityPolicy } from '../../shared/ipc/csp.js';
import { EventEncoder } from '../../shared/ipc/event-codec.js';
import { mark, tracing } from '../../shared/ipc/trace.js';
import { MAX_FRAME_BYTES, TOKEN_COOKIE, TOKEN_PARAM, WS_PATH, type WireServerMessage } from '../../shared/ipc/wire.js';
import { WireCallSchema } from '../../shared/ipc/wire-schema.js';
import { contentTypeOf, resolveAppFile } from '../host/app-files.js';
import type { StudioHost } from '../host/studio-host.js';

/**
 * Browser mode: the built renderer and the host's contract over HTTP and a WebSocket, on
 * 127.0.0.1 only. Every request and every WebSocket upgrade must carry the session token
 * (in the URL, or in the cookie set by the first page load), and must not come with a
 * foreign Origin or a Host header other than this server's (DNS rebinding); anything else
 * gets 403, and a request whose path cannot be parsed gets 400. No request, however
 * malformed, may throw out of a handler: that would end the process and lose the edits not
 * yet in the drafts file. Static files are served from one folder only, with the app's CSP.
 */

export interface BrowserServerOptions {
  host: StudioHost;
  /** The built renderer (vite build output). */
  distDir: string;
  /** 0 (default) picks a free port. */
  port?: number | undefined;
  /** Default: 32 random bytes. */
  token?: string | undefined;
  /**
   * Development: makes the middleware that serves the renderer instead of distDir (Vite in
   * middleware mode, its HMR socket attached to this server).
   */
  createDevMiddleware?: ((server: http.Server) => Promise<DevMiddleware>) | undefined;
  /**
   * More Host values (host:port) to accept, e.g. the local end of an SSH tunnel that forwards
   * another port (`ssh -L 9000:127.0.0.1:PORT` -> `localhost:9000`).
   */
  extraHosts?: readonly string[] | undefined;
  /** Told about requests that were refused (for the console). */
  onRefused?: ((reason: string, req: http.IncomingMessage) => void) | undefined;
}

export type DevMiddleware = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;

export interface BrowserServer {
  /** The address to open, token included. */
  url: string;
  port: number;
  token: string;
  server: http.Server;
  close(): Promise<void>;
}

function sameToken(given: string | undefined | null, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The request's URL, or undefined unless it is a plain path (`/...`): `//x` would be read as
 * another host, and some (`//`, `http://[`) make `new URL` throw.
 */
function requestUrl(req: http.IncomingMessage): URL | undefined {
  const raw = req.url ?? '/';
  if (!raw.startsWith('/') || raw.startsWith('//')) return undefined;
  try {
    return new URL(raw, 'http://localhost');
  } catch {
    return undefined;
  }
}

function cookieToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === TOKEN_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export async function startBrowserServer(options: BrowserServerOptions): Promise<BrowserServer> {
  const token = options.token ?? randomBytes(32).toString('base64url');
  const distDir = path.resolve(options.distDir);
  const dev = options.createDevMiddleware !== undefined;
  let devMiddleware: DevMiddleware | undefined;
  let port = 0;
  let csp = '';
  const allowedHosts = (): string[] => [
    `127.0.0.1:${port}`,
    `localhost:${port}`,
    ...(options.extraHosts ?? []).map((h) => h.toLowerCase()),
  ];
  const allowedOrigins = (): string[] => allowedHosts().map((h) => `http://${h}`);

  type Verdict = { refused: string; status: 400 | 403 } | { refused?: undefined; url: URL; tokenInUrl: boolean };
  /** Whether a request may pass (with its parsed URL and whether the token came in it), or why not. */
  const check = (req: http.IncomingMessage): Verdict => {
    const host = req.headers.host;
    if (!host || !allowedHosts().includes(host.toLowerCase())) return { refused: `Host header '${host ?? ''}'`, status: 403 };
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins().includes(origin.toLowerCase())) return { refused: `Origin '${origin}'`, status: 403 };
    const url = requestUrl(req);
    if (!url) return { refused: 'a request path that is not a URL path', status: 400 };
    if (sameToken(url.searchParams.get(TOKEN_PARAM), token)) return { url, tokenInUrl: true };
    // The cookie set by the first page load (Vite's HMR socket has a `token` of its own in its URL).
    if (sameToken(cookieToken(req.headers.cookie), token)) return { url, tokenInUrl: false };
    return { refused: 'missing or wrong token', status: 403 };
  };

  const refuse = (res: http.ServerResponse, verdict: { refused: string; status: 400 | 403 }, req: http.IncomingMessage): void => {
    options.onRefused?.(verdict.refused, req);
    res.writeHead(verdict.status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(verdict.status === 400 ? 'Bad Request\n' : 'Forbidden\n');
  };

  const securityHeaders = (): Record<string, string> => ({
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  });

  const serveStatic = (req: http.IncomingMessage, res: http.ServerResponse, pathname: string, setCookie: boolean): boolean => {
    const found = resolveAppFile(distDir, pathname);
    if (!found) return false;
    const { file: real, rel } = found;
    const headers: Record<string, string> = {
      ...securityHeaders(),
      'Content-Type': contentTypeOf(real),
      'Cache-Control': rel === 'index.html' ? 'no-store' : 'no-cache',
    };
    if (setCookie) headers['Set-Cookie'] = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; HttpOnly; SameSite=Strict; Path=/`;
    res.writeHead(200, headers);
    if (req.method === 'HEAD') res.end();
    // A file that vanishes or cannot be read mid-way ends this response, not the process.
    else pipeline(fs.createReadStream(real), res, () => undefined);
    return true;
  };

  const answer = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const verdict = check(req);
    if (verdict.refused !== undefined) return refuse(res, verdict, req);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' });
      res.end();
      return;
    }
    const pathname = verdict.url.pathname;
    if (pathname === WS_PATH) {
      res.writeHead(426, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('WebSocket only\n');
      return;
    }
    if (!dev && serveStatic(req, res, pathname, verdict.tokenInUrl)) return;
    if (devMiddleware) {
      if (verdict.tokenInUrl)
        res.setHeader('Set-Cookie', `${TOKEN_COOKIE}=${encodeURIComponent(token)}; HttpOnly; SameSite=Strict; Path=/`);
      for (const [name, value] of Object.entries(securityHeaders())) res.setHeader(name, value);
      devMiddleware(req, res, () => {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Not found\n');
      });
      return;
    }
    if (pathname === '/' || pathname === '/index.html') {
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', ...securityHeaders() });
      res.end(`The renderer is not built (no ${path.join(distDir, 'index.html')}): run npm run build first.\n`);
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...securityHeaders() });
    res.end('Not found\n');
  };

  const server = http.createServer((req, res) => {
    try {
      answer(req, res);
    } catch (error) {
      // A bug, not the request's fault: answer 500 and keep serving.
      options.onRefused?.(`internal error: ${error instanceof Error ? error.message : String(error)}`, req);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end();
    }
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const upgrade = (req: http.IncomingMessage, socket: Duplex, head: Buffer): void => {
    const verdict = check(req);
    if (verdict.refused !== undefined) {
      options.onRefused?.(verdict.refused, req);
      const line = verdict.status === 400 ? '400 Bad Request' : '403 Forbidden';
      socket.end(`HTTP/1.1 ${line}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      socket.destroy();
      return;
    }
    if (verdict.url.pathname !== WS_PATH) {
      // Vite's HMR socket (development) handles its own upgrades; anything else is refused.
      if (dev && req.headers['sec-websocket-protocol'] === 'vite-hmr') return;
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => connect(ws));
  };
  server.on('upgrade', (req, socket: Duplex, head: Buffer) => {
    // A peer that resets the connection must not become an unhandled 'error' event.
    socket.on('error', () => socket.destroy());
    try {
      upgrade(req, socket, head);
    } catch (error) {
      options.onRefused?.(`internal error: ${error instanceof Error ? error.message : String(error)}`, req);
      socket.destroy();
    }
  });

  const connect = (ws: WebSocket): void => {
    // Preview and compare results go out as patches of the last one sent on this connection.
    const events = new EventEncoder();
    const send = (message: WireServerMessage): void => {
      if (ws.readyState !== ws.OPEN) return;
      const traced = tracing() && message.type === 'event' ? message.event : undefined;
      if (traced) mark(`host:encode:${traced}`);
      if (message.type === 'event') {
        const wire = events.encode(message.event, message.payload);
        message = { ...message, payload: wire.payload, patch: wire.patch };
      }
      let text: string;
      try {
        text = JSON.stringify(message);
      } catch (error) {
        if (message.type !== 'result') return;
        text = JSON.stringify({
          type: 'result',
          id: message.id,
          result: { ok: false, error: { code: 'INTERNAL', message: `answer not serialisable: ${String(error)}` } },
        });
      }
      ws.send(text);
      if (traced) mark(`host:sent:${traced}`);
    };
    const unsubscribe = options.host.subscribe((event, payload) => {
      if (events.wants(event, payload)) send({ type: 'event', event, payload });
    });
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(data.toString());
      } catch {
        return;
      }
      const call = WireCallSchema.safeParse(parsed);
      if (!call.success) {
        const id = (parsed as { id?: unknown } | null)?.id;
        if (typeof id === 'number')
          send({ type: 'result', id, result: { ok: false, error: { code: 'INVALID_REQUEST', message: 'malformed call' } } });
        return;
      }
      const { id, channel } = call.data;
      events.noteRequest(call.data.payload);
      if (tracing()) mark(`host:recv:${channel}`);
      void options.host.dispatch(channel, call.data.payload).then((result) => {
        // An answer that is a result goes as a patch of the last one, as its events do; only
        // when it is sent (the other end decodes it in the order sent).
        if (result.ok && result.value !== null && ws.readyState === ws.OPEN) {
          const wire = events.encodeAnswer(channel, result.value);
          send({ type: 'result', id, result: { ok: true, value: wire.payload }, patch: wire.patch });
        } else send({ type: 'result', id, result });
      });
    });
    ws.on('close', unsubscribe);
    ws.on('error', unsubscribe);
  };

  if (options.createDevMiddleware) devMiddleware = await options.createDevMiddleware(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as { port: number }).port;
  csp = contentSecurityPolicy({ dev, connectSrc: [`ws://127.0.0.1:${port}`, `ws://localhost:${port}`] });

  return {
    url: `http://127.0.0.1:${port}/?${TOKEN_PARAM}=${token}`,
    port,
    token,
    server,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startBrowserServer, type BrowserServer } from '../../electron/browser/server.js';
import { CHANNELS } from '../../shared/ipc/contract.js';
import { CONTENT_SECURITY_POLICY } from '../../shared/ipc/csp.js';
import { createWebSocketApi, type WebSocketApi } from '../../renderer/src/transport/websocket.js';
import { createTransport, webSocketUrl } from '../../renderer/src/transport/index.js';
import { cleanupTempDirs, miniWorkspace, startHost, tempDir, writeFiles, type TestHost } from './support/fixtures.js';
import type { Loose } from './support/fixtures.js';

let h: TestHost;
let server: BrowserServer;
let ws: string;
let dist: string;

beforeAll(async () => {
  ws = writeFiles(tempDir(), miniWorkspace());
  dist = writeFiles(tempDir('vs-dist-'), { 'index.html': '<!doctype html><title>app</title>', 'assets/app.js': 'console.log(1)' });
  writeFiles(path.dirname(dist), { 'secret.txt': 'SECRET' });
  h = await startHost({ initialWorkspace: ws });
  server = await startBrowserServer({ host: h.host, distDir: dist });
});

afterAll(async () => {
  await server.close();
  await h.host.close();
  expect(h.errors.map((e) => `${e.where}: ${String(e.error)}`)).toEqual([]);
  cleanupTempDirs();
});

function get(
  pathAndQuery: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, path: pathAndQuery, headers, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Tries a WebSocket upgrade; resolves with the HTTP status of a refusal, or 101 when it opened. */
function upgrade(url: string, options: WebSocket.ClientOptions = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, options);
    socket.on('open', () => {
      socket.close();
      resolve(101);
    });
    socket.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
      socket.terminate();
    });
    socket.on('error', (error) => {
      if (!String(error).includes('Unexpected server response')) reject(error);
    });
  });
}

const wsUrl = (token = server.token, p = '/ws'): string => `ws://127.0.0.1:${server.port}${p}?token=${encodeURIComponent(token)}`;

function connectApi(): WebSocketApi {
  return createWebSocketApi({ url: wsUrl(), connect: (url) => new WebSocket(url) as never, reconnectDelaysMs: [50] });
}

describe('browser mode: HTTP', () => {
  it('listens on 127.0.0.1 only and prints a URL with the token', () => {
    const address = server.server.address();
    expect(address).toMatchObject({ address: '127.0.0.1' });
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${server.token}`);
    expect(server.token.length).toBeGreaterThanOrEqual(40);
  });

  it('serves the renderer with the token, with the CSP and a cookie for the assets', async () => {
    const page = await get(`/?token=${server.token}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>app</title>');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain(`connect-src 'self' ws://127.0.0.1:${server.port}`);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const cookie = String(page.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toBe(`vs_token=${server.token}`);
    const asset = await get('/assets/app.js', { cookie });
    expect(asset).toMatchObject({ status: 200, body: 'console.log(1)' });
    expect(asset.headers['content-type']).toContain('text/javascript');
    expect(asset.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
  });

  it('refuses requests without the token, with a wrong one, or with a foreign Host or Origin', async () => {
    expect((await get('/')).status).toBe(403);
    expect((await get('/assets/app.js')).status).toBe(403);
    expect((await get('/?token=wrong')).status).toBe(403);
    expect((await get(`/?token=${server.token}x`)).status).toBe(403);
    expect((await get('/', { cookie: 'vs_token=wrong' })).status).toBe(403);
    expect((await get(`/?token=${server.token}`, { host: 'evil.example' })).status).toBe(403);
    expect((await get(`/?token=${server.token}`, { host: `evil.example:${server.port}` })).status).toBe(403);
    expect((await get(`/?token=${server.token}`, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await get(`/?token=${server.token}`, { origin: `http://127.0.0.1:${server.port + 1}` })).status).toBe(403);
    expect(
      (await get(`/?token=${server.token}`, { host: `localhost:${server.port}`, origin: `http://localhost:${server.port}` })).status,
    ).toBe(200);
  });

  it('serves nothing outside the renderer folder', async () => {
    for (const p of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/..%5csecret.txt', '/%00']) {
      const res = await get(`${p}${p.includes('?') ? '&' : '?'}token=${server.token}`);
      expect(res.status, p).toBe(404);
      expect(res.body).not.toContain('SECRET');
    }
  });
});

/** Sends raw bytes and resolves with the status line of the answer ('' when the socket closed without one). */
function rawRequest(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
  });
}

describe('browser mode: malformed requests', () => {
  const hostLine = (): string => `Host: 127.0.0.1:${server.port}\r\n`;
  const upgradeLines =
    'Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n';

  it('answers each with 400 or 403 and keeps serving', async () => {
    const tries: [string, string][] = [
      [`GET // HTTP/1.1\r\n${hostLine()}Connection: close\r\n\r\n`, '400'],
      [`GET //?token=${server.token} HTTP/1.1\r\n${hostLine()}Connection: close\r\n\r\n`, '400'],
      [`GET http://[ HTTP/1.1\r\n${hostLine()}Connection: close\r\n\r\n`, '400'],
      [`HEAD // HTTP/1.1\r\n${hostLine()}Connection: close\r\n\r\n`, '400'],
      // HTTP/1.1 without a Host header: Node's parser answers 400 itself; HTTP/1.0 reaches our check.
      [`GET / HTTP/1.1\r\nConnection: close\r\n\r\n`, '400'],
      [`GET // HTTP/1.0\r\n\r\n`, '403'],
      [`GET // HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`, '403'],
      [`GET // HTTP/1.1\r\n${hostLine()}${upgradeLines}\r\n`, '400'],
      [`GET //ws?token=${server.token} HTTP/1.1\r\n${hostLine()}${upgradeLines}\r\n`, '400'],
      [`GET /ws HTTP/1.1\r\n${upgradeLines}\r\n`, '403'],
      [`GET // HTTP/1.0\r\n${upgradeLines}\r\n`, '403'],
      [`GET /ws?token=${server.token} HTTP/1.1\r\nHost: evil.example\r\n${upgradeLines}\r\n`, '403'],
    ];
    for (const [request, status] of tries) {
      const line = await rawRequest(request);
      expect(line, JSON.stringify(request)).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    }
    // Still alive: the renderer and the contract are served as before.
    expect((await get(`/?token=${server.token}`)).status).toBe(200);
    expect(await upgrade(wsUrl())).toBe(101);
  });
});

describe('browser mode: the contract over WebSocket', () => {
  it('refuses upgrades without the token, with a wrong token, a foreign Origin or Host, or another path', async () => {
    expect(await upgrade(`ws://127.0.0.1:${server.port}/ws`)).toBe(403);
    expect(await upgrade(wsUrl('nope'))).toBe(403);
    expect(await upgrade(wsUrl(), { origin: 'http://evil.example' })).toBe(403);
    expect(await upgrade(wsUrl(), { headers: { host: `evil.example:${server.port}` } })).toBe(403);
    expect(await upgrade(wsUrl(server.token, '/other'))).toBe(404);
    expect(await upgrade(wsUrl(), { origin: `http://127.0.0.1:${server.port}` })).toBe(101);
  });

  it('answers every channel through the renderer transport and pushes events', async () => {
    const api = connectApi();
    try {
      const view = await api['workspace:get']({});
      expect(view).toMatchObject({ ok: true, value: { name: 'Mini', root: ws } });
      expect(
        Object.keys(api)
          .filter((k) => k !== 'close' && k !== 'on')
          .sort(),
      ).toEqual(Object.keys(CHANNELS).sort());
      const results: number[] = [];
      const off = api.on('preview:result', (p) => results.push(p.seq));
      const tokens = new Promise((resolve) => api.on('preview:tokens', resolve));
      const first = await api['preview:set']({
        target: { kind: 'variant', variantId: 'generic' },
        context: { kind: 'preset', name: 'base' },
        baseline: { kind: 'saved' },
      });
      expect(first.ok && first.value.outcome.ok && first.value.outcome.result.text).toContain('hello from generic');
      expect(await tokens).toMatchObject({ text: { o200k: expect.any(Number), cl100k: expect.any(Number) } });
      const rebuilt = new Promise<Loose>((resolve) => api.on('preview:result', resolve));
      expect(
        await api['doc:update']({ ref: { kind: 'variant-template', variantId: 'generic' }, text: 'over the wire {{GREETING}}' }),
      ).toEqual({ ok: true, value: { dirty: true } });
      expect((await rebuilt).outcome.result.text).toContain('over the wire hello');
      off();
      expect(results.length).toBeGreaterThan(0);
      // Errors are values, whatever goes wrong.
      expect(await api['doc:read']({ ref: { kind: 'component', componentId: '../x' } })).toMatchObject({
        ok: false,
        error: { code: 'INVALID_REQUEST' },
      });
      expect(await api['doc:save']({ ref: { kind: 'component', componentId: 'MISSING' } })).toMatchObject({
        ok: false,
        error: { code: 'NOT_FOUND' },
      });
      expect(() => api.on('no:such-event' as never, () => undefined)).toThrow(/unknown event/);
      await api['doc:revert']({ ref: { kind: 'variant-template', variantId: 'generic' } });
    } finally {
      api.close();
    }
  });

  it('answers malformed frames without crashing', async () => {
    const socket = new WebSocket(wsUrl());
    await new Promise((resolve) => socket.once('open', resolve));
    const answers: Loose[] = [];
    socket.on('message', (data) => answers.push(JSON.parse(String(data))));
    socket.send('not json');
    socket.send(JSON.stringify({ type: 'call', id: 7, channel: 'workspace:get' }));
    socket.send(JSON.stringify({ type: 'call', id: 6, channel: 'machine:info', payload: { extra: 1 } }));
    socket.send(JSON.stringify({ type: 'call', id: 8, channel: 'constructor', payload: {} }));
    socket.send(JSON.stringify({ type: 'call', id: 9, channel: 'doc:read', payload: { ref: 5 } }));
    socket.send(JSON.stringify({ id: 10, junk: true }));
    // A good call after the bad ones: the socket still works. Answers may come in any order.
    socket.send(JSON.stringify({ type: 'call', id: 11, channel: 'workspace:get', payload: {} }));
    const ids = [6, 7, 8, 9, 10, 11];
    await new Promise<void>((resolve) => {
      const check = (): void => {
        if (ids.every((id) => answers.some((a) => a.type === 'result' && a.id === id))) resolve();
      };
      socket.on('message', check);
    });
    socket.close();
    expect(answers.find((a) => a.id === 11)?.result.ok).toBe(true);
    const results = answers.filter((a) => a.type === 'result' && a.id !== 11).sort((a, b) => a.id - b.id);
    expect(results.map((r) => [r.id, r.result.ok, r.result.error?.code])).toEqual([
      [6, false, 'INVALID_REQUEST'],
      [7, true, undefined],
      [8, false, 'INVALID_REQUEST'],
      [9, false, 'INVALID_REQUEST'],
      [10, false, 'INVALID_REQUEST'],
    ]);
  });

  it('turns a lost connection into DISCONNECTED values, then reconnects and replays the workspace', async () => {
    const first = await startBrowserServer({ host: h.host, distDir: dist, token: 'fixed-token-for-this-test' });
    const port = first.port;
    const api = createWebSocketApi({
      url: `ws://127.0.0.1:${port}/ws?token=fixed-token-for-this-test`,
      connect: (url) => new WebSocket(url) as never,
      reconnectDelaysMs: [50],
    });
    let second: BrowserServer | undefined;
    try {
      expect((await api['workspace:get']({})).ok).toBe(true);
      const inFlight = api['preview:set']({
        target: { kind: 'variant', variantId: 'generic' },
        context: { kind: 'preset', name: 'base' },
        baseline: { kind: 'none' },
      });
      await first.close();
      const settled = await inFlight;
      // Either the answer made it out before the close, or the call reports the lost connection.
      expect(settled.ok || settled.error.code === 'DISCONNECTED').toBe(true);
      expect(await api['machine:info']({})).toMatchObject({ ok: false, error: { code: 'DISCONNECTED' } });
      const replay = new Promise<Loose>((resolve) => api.on('workspace:changed', resolve));
      second = await startBrowserServer({ host: h.host, distDir: dist, token: 'fixed-token-for-this-test', port });
      expect((await replay).name).toBe('Mini');
      expect((await api['machine:info']({})).ok).toBe(true);
    } finally {
      api.close();
      await second?.close();
    }
  });

  it('picks the preload’s wire when there is one, and the token of the page URL otherwise', async () => {
    const invoked: [string, unknown][] = [];
    const followed: string[] = [];
    const studioWire = {
      invoke: async (channel: string, request: unknown) => (invoked.push([channel, request]), { ok: true, value: `answer of ${channel}` }),
      on: (event: string) => (followed.push(event), () => undefined),
    };
    const api = createTransport({ studioWire, location: { protocol: 'http:', host: 'x', search: '' } });
    expect(await api['workspace:get']({})).toEqual({ ok: true, value: 'answer of workspace:get' });
    expect(invoked).toEqual([['workspace:get', {}]]);
    expect(followed).toEqual(['preview:result', 'compare:result', 'studio:answer']);
    expect(webSocketUrl({ protocol: 'http:', host: '127.0.0.1:5000', search: '?token=a%2Bb&x=1' })).toBe(
      'ws://127.0.0.1:5000/ws?token=a%2Bb',
    );
    expect(() => createTransport({ location: { protocol: 'http:', host: 'x', search: '' } })).toThrow(/no transport/);
  });
});

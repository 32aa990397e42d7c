import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startBrowserServer, type BrowserServer } from '../../electron/browser/server.js';
import { EventEncoder } from '../../shared/ipc/event-codec.js';
import { cleanupTempDirs, startHost, tempDir, type TestHost } from './support/fixtures.js';

// An edit's doc:text event is for the other windows: the window that made the edit skips it
// (docs-slice.ts), so the transport does not send it there — one message less on every
// keystroke between the edit and its rebuild. The other windows still get it.

describe('the encoder of a window', () => {
  it('keeps back only the doc:text events of the edits the window itself sent', () => {
    const encoder = new EventEncoder();
    const own = { ref: { kind: 'variant-template', variantId: 'generic' }, splices: [], base: 'r1', revision: 'r2', origin: 'win-a' };
    const other = { ...own, origin: 'win-b' };
    // Before the window has named itself, everything goes.
    expect(encoder.wants('doc:text', own)).toBe(true);
    encoder.noteRequest({ ref: own.ref, splices: [], base: 'r0', origin: 'win-a' });
    expect(encoder.wants('doc:text', own)).toBe(false);
    expect(encoder.wants('doc:text', other)).toBe(true);
    expect(encoder.wants('doc:text', { ...own, origin: undefined })).toBe(true);
    expect(encoder.wants('preview:result', { origin: 'win-a' })).toBe(true);
    // Requests without a usable origin change nothing.
    for (const payload of [null, 'win-b', { origin: 7 }, { origin: '' }, { origin: 'x'.repeat(65) }]) encoder.noteRequest(payload);
    expect(encoder.wants('doc:text', own)).toBe(false);
    expect(encoder.wants('doc:text', other)).toBe(true);
  });
});

interface Client {
  ws: WebSocket;
  events: { event: string; payload: { origin?: string } }[];
  results: Map<number, unknown>;
}

let h: TestHost;
let server: BrowserServer;
const clients: Client[] = [];

async function connect(): Promise<Client> {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws?token=${server.token}`);
  const client: Client = { ws, events: [], results: new Map() };
  ws.on('message', (data: Buffer) => {
    const m = JSON.parse(data.toString()) as { type: string; event?: string; payload?: { origin?: string }; id?: number; result?: unknown };
    if (m.type === 'event') client.events.push({ event: m.event!, payload: m.payload ?? {} });
    else if (m.type === 'result') client.results.set(m.id!, m.result);
  });
  await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
  clients.push(client);
  return client;
}

let nextId = 1;
async function call(client: Client, channel: string, payload: unknown): Promise<{ ok: boolean; value?: unknown }> {
  const id = nextId++;
  client.ws.send(JSON.stringify({ type: 'call', id, channel, payload }));
  await expect.poll(() => client.results.has(id)).toBe(true);
  return client.results.get(id) as { ok: boolean; value?: unknown };
}

beforeAll(async () => {
  h = await startHost({ validate: false });
  server = await startBrowserServer({ host: h.host, distDir: tempDir('vs-dist-') });
});

afterAll(async () => {
  for (const c of clients) c.ws.close();
  await server.close();
  await h.host.close();
  cleanupTempDirs();
});

describe('doc:text over the browser transport with two windows', () => {
  it('goes to the other window, not back to the one that edited', async () => {
    const a = await connect();
    const b = await connect();
    const ref = { kind: 'variant-template', variantId: 'generic' };
    const read = (await call(a, 'doc:read', { ref })) as { ok: boolean; value: { text: string; revision: string } };
    expect(read.ok).toBe(true);
    const edited = await call(a, 'doc:update', { ref, text: `${read.value.text}\nfrom a`, base: read.value.revision, origin: 'win-a' });
    expect(edited.ok).toBe(true);
    await expect.poll(() => b.events.filter((e) => e.event === 'doc:text').map((e) => e.payload.origin)).toEqual(['win-a']);
    // The answer to a's edit came after its doc:text went out to b: none was sent to a.
    expect(a.events.filter((e) => e.event === 'doc:text')).toEqual([]);

    // b edits next: a gets b's doc:text, b none.
    const again = (await call(b, 'doc:read', { ref })) as { ok: boolean; value: { text: string; revision: string } };
    const second = await call(b, 'doc:update', { ref, text: `${again.value.text}\nfrom b`, base: again.value.revision, origin: 'win-b' });
    expect(second.ok).toBe(true);
    await expect.poll(() => a.events.filter((e) => e.event === 'doc:text').map((e) => e.payload.origin)).toEqual(['win-b']);
    expect(b.events.filter((e) => e.event === 'doc:text').map((e) => e.payload.origin)).toEqual(['win-a']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startBrowserServer, type BrowserServer } from '../../electron/browser/server.js';
import type { CompareResult, PreviewResult } from '../../shared/ipc/contract.js';
import { createWebSocketApi, type WebSocketApi } from '../../renderer/src/transport/websocket.js';
import { cleanupTempDirs, startHost, tempDir, type TestHost } from './support/fixtures.js';

/**
 * The keystroke path in browser mode on the built-in workspace (generic variant, basic
 * preset): doc:update over the WebSocket -> host rebuild -> preview:result event back.
 * Preview results cross the socket as patches of the previous one; the renderer's transport
 * must hand every listener exactly what the host emitted. (Speed: `npm run bench:ui`.)
 */

let h: TestHost;
let server: BrowserServer;
let api: WebSocketApi;
const frames: { size: number; event?: string; id?: number; hasPatch: boolean }[] = [];

beforeAll(async () => {
  h = await startHost({ validate: false });
  server = await startBrowserServer({ host: h.host, distDir: tempDir('vs-dist-') });
  api = createWebSocketApi({
    url: `ws://127.0.0.1:${server.port}/ws?token=${server.token}`,
    connect: (url) => {
      const ws = new WebSocket(url);
      ws.on('message', (data: Buffer) => {
        const m = JSON.parse(data.toString()) as { event?: string; id?: number; patch?: unknown };
        frames.push({ size: data.length, event: m.event, id: m.id, hasPatch: m.patch !== undefined });
      });
      return ws as never;
    },
  });
});

afterAll(async () => {
  api.close();
  await server.close();
  await h.host.close();
  cleanupTempDirs();
});

/** generic's template and its text, read over the socket: the document both round trips type into. */
async function genericTemplate() {
  const ref = { kind: 'variant-template', variantId: 'generic' } as const;
  const read = await api['doc:read']({ ref });
  if (!read.ok) throw new Error(read.error.message);
  return { ref, saved: read.value.text };
}

describe('browser-mode round trip on the built-in generic variant with the basic preset', () => {
  it('delivers every preview result whole, though its texts crossed the socket as patches', async () => {
    const { ref, saved } = await genericTemplate();
    const received: PreviewResult[] = [];
    api.on('preview:result', (p) => received.push(p));
    const set = await api['preview:set']({
      target: { kind: 'variant', variantId: 'generic' },
      context: { kind: 'preset', name: 'basic' },
      baseline: { kind: 'saved' },
    });
    if (!set.ok || !set.value.outcome.ok) throw new Error(`preview failed: ${JSON.stringify(set)}`);
    const textChars = set.value.outcome.result.text.length;
    expect(textChars).toBeGreaterThan(30_000);

    let text = saved;
    for (let i = 0; i < 12; i++) {
      text = i === 6 ? text.replace('\n', '\nA WHOLE NEW PARAGRAPH.\n\n') : `${text}${i % 4 === 3 ? '\n' : 'x'}`;
      // The answer to doc:update follows the result of the rebuild it caused.
      expect(await api['doc:update']({ ref, text })).toEqual({ ok: true, value: { dirty: true } });
    }
    const emitted = h.events.filter((e) => e.event === 'preview:result').map((e) => e.payload as PreviewResult);
    expect(emitted.length).toBe(12);
    expect(received).toEqual(emitted);
    const last = received.at(-1)!.outcome;
    expect(last.ok && last.result.text).toContain('A WHOLE NEW PARAGRAPH.');
    // The saved baseline (the same text every time) came once, with the preview:set answer.
    expect(received.every((r) => r.baseline.text === set.value.baseline.text)).toBe(true);

    const previewFrames = frames.filter((f) => f.event === 'preview:result');
    expect(previewFrames.map((f) => f.hasPatch)).toEqual(Array(12).fill(true));
    // Without the two texts each frame would be over 2 × textChars.
    for (const f of previewFrames) expect(f.size).toBeLessThan(textChars);
    await api['doc:revert']({ ref });
  }, 60000);
  it("delivers every compare result whole; the first keystroke's one after the columns' answer crosses the socket as a patch too", async () => {
    const { ref, saved } = await genericTemplate();
    const received: CompareResult[] = [];
    api.on('compare:result', (r) => received.push(r));
    const from = h.events.length;
    const set = await api['compare:set']({
      columns: [
        { kind: 'variant', variantId: 'generic' },
        { kind: 'variant', variantId: 'generic', preset: 'no-mcp' },
      ],
      context: { kind: 'preset', name: 'basic' },
    });
    if (!set.ok) throw new Error(set.error.message);
    const template = set.value.rows.find((r) => r.key === '(template text)');
    const shown = template?.cells.map((c) => ('text' in c ? c.text : '')) ?? [];
    expect(shown[0]!.length).toBeGreaterThan(64);
    const resultChars = set.value.rows.reduce((n, r) => n + r.cells.reduce((m, c) => m + ('text' in c ? c.text.length : 0), 0), 0);
    expect(resultChars).toBeGreaterThan(40_000);
    const framesFrom = frames.length;
    let text = saved;
    for (let i = 0; i < 6; i++) {
      text = `${text}${i === 3 ? '\n' : 'y'}`;
      expect(await api['doc:update']({ ref, text })).toEqual({ ok: true, value: { dirty: true } });
    }
    await expect.poll(() => received.length).toBe(6);
    const emitted = h.events
      .slice(from)
      .filter((e) => e.event === 'compare:result')
      .map((e) => e.payload as CompareResult);
    expect(received).toEqual(emitted);
    const typed = received.at(-1)!.rows.find((r) => r.key === '(template text)')!.cells;
    expect(typed.map((c) => 'text' in c && c.text.endsWith('yyy\nyy'))).toEqual([true, true]);
    const compareFrames = frames.slice(framesFrom).filter((f) => f.event === 'compare:result');
    expect(compareFrames.map((f) => f.hasPatch)).toEqual(Array(6).fill(true));
    // Whole, each would be over resultChars.
    for (const f of compareFrames) expect(f.size).toBeLessThan(resultChars / 4);
    expect((await api['compare:set']({ columns: [], context: { kind: 'preset', name: 'basic' } })).ok).toBe(true);
    await api['doc:revert']({ ref });
  }, 60000);
});

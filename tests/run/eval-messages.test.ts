import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, miniWorkspace, startHost, tempDir, writeFiles, type Loose } from '../host/support/fixtures.js';
import { greetTest, runFixtures } from './support/run-fixtures.js';

/**
 * What an eval sends the renderer: its cells in batched eval:cells messages, each cell once,
 * without the request bodies (tens of kilobytes each); the answer's cells are the same; the
 * body of any cell is one eval:request away, byte for byte what the provider received.
 */

const fx = runFixtures();
afterEach(() => cleanupTempDirs());

describe('eval messages to the renderer', () => {
  it('cells come once each without bodies, equal to the answer’s; eval:request gives the exact body sent', async () => {
    const standIn = await fx.standIn({ fallback: { text: 'Hi.\n<say>\n<text>Hello</text>\n</say>' } });
    const ws = writeFiles(tempDir('vs-ws-'), {
      ...miniWorkspace(),
      'tests/one.yaml': greetTest('one'),
      'tests/two.yaml': greetTest('two'),
    });
    const t = await startHost({
      initialWorkspace: ws,
      watch: false,
      environment: { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: standIn.origin },
    });
    const summary: Loose = await t.call('eval:start', { evalId: 'e1', mode: 'live', concurrency: 3 });
    expect(summary.cells).toHaveLength(8);
    // The special variant has no say tool: its cells fail.
    expect(summary.passed).toBe(4);
    const messages = t.events.filter((e) => e.event === 'eval:cells' && e.payload.evalId === 'e1');
    const streamed: Loose[] = messages.flatMap((e) => e.payload.cells);
    expect(streamed.map((c) => c.id).sort()).toEqual(summary.cells.map((c: Loose) => c.id).sort());
    expect(new Set(streamed.map((c) => c.id)).size).toBe(8);
    for (const c of streamed) expect(c).toEqual(summary.cells.find((s: Loose) => s.id === c.id));
    for (const c of summary.cells) {
      expect(Object.keys(c.request).sort()).toEqual(['key', 'url']);
      const request: Loose = await t.call('eval:request', { evalId: 'e1', cellId: c.id });
      expect(request.url).toBe(c.request.url);
      const arrived = standIn.requests.filter((r) => r.route === 'generate' && r.body === request.body);
      expect(arrived).toHaveLength(1);
    }
    expect(t.events.filter((e) => e.event === 'eval:progress').at(-1)!.payload.progress).toMatchObject({ done: 8, total: 8 });
    const missing = await t.raw('eval:request', { evalId: 'e1', cellId: 'no such cell' });
    expect(missing).toEqual({
      ok: false,
      error: {
        code: 'NOT_FOUND',
        message: "the request of 'no such cell' is no longer kept (the host keeps those of its last evals): run the eval again",
      },
    });
    await t.host.close();
    expect(t.errors).toEqual([]);
  });
});

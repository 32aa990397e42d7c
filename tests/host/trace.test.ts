import { describe, expect, it } from 'vitest';
import { mark, TraceBuffer, traceTo, tracing } from '../../shared/ipc/trace.js';
import { hostsClosedAfterEach, miniWorkspace, tempDir, writeFiles } from './support/fixtures.js';

describe('timing marks', () => {
  it('record nothing until a sink is set, then every mark with its clock time', () => {
    let now = 5;
    const buffer = new TraceBuffer({ timeOrigin: 1000, now: () => now });
    mark('before');
    expect(tracing()).toBe(false);
    traceTo(buffer.record);
    try {
      mark('a');
      now = 7.5;
      mark('b');
      expect(tracing()).toBe(true);
    } finally {
      traceTo(null);
    }
    mark('after');
    expect(buffer.take()).toEqual([
      { name: 'a', at: 1005 },
      { name: 'b', at: 1007.5 },
    ]);
    expect(buffer.take()).toEqual([]);
  });

  it('keep a bounded list: the oldest tenth goes when it is full', () => {
    const buffer = new TraceBuffer({ timeOrigin: 0, now: () => 0 }, 20);
    for (let i = 0; i < 25; i++) buffer.record(`m${i}`);
    expect(buffer.take().map((m) => m.name)).toEqual(Array.from({ length: 19 }, (_, i) => `m${i + 6}`));
  });
});

describe('debug:marks', () => {
  const hosts = hostsClosedAfterEach();

  it('answers no marks when the host does not trace (this file starts a tracing host only after)', async () => {
    const ws = writeFiles(tempDir(), miniWorkspace());
    const h = await hosts.start({ initialWorkspace: ws });
    await h.call('preview:set', {
      target: { kind: 'variant', variantId: 'generic' },
      context: { kind: 'preset', name: 'base' },
      baseline: { kind: 'none' },
    });
    expect(await h.call('debug:marks', {})).toEqual({ enabled: false, now: expect.any(Number), marks: [] });
  });

  it("answers the host's marks of an edit's rebuild when the host traces, and nothing after that", async () => {
    const ws = writeFiles(tempDir(), miniWorkspace());
    const h = await hosts.start({ initialWorkspace: ws, trace: true });
    await h.call('preview:set', {
      target: { kind: 'variant', variantId: 'generic' },
      context: { kind: 'preset', name: 'base' },
      baseline: { kind: 'none' },
    });
    await h.call('debug:marks', {});
    const before = Date.now();
    await h.call('doc:update', { ref: { kind: 'variant-template', variantId: 'generic' }, text: '{{GREETING}} EDITED\n' });
    const answer = await h.call('debug:marks', {});
    expect(answer.enabled).toBe(true);
    expect(answer.now).toBeGreaterThanOrEqual(before - 50);
    const names = answer.marks.map((m: { name: string }) => m.name);
    expect(names.slice(0, 2)).toEqual(['host:build:preview', 'host:built:preview']);
    const times = answer.marks.map((m: { at: number }) => m.at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect((await h.call('debug:marks', {})).marks).toEqual([]);
  });
});

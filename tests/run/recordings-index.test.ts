import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RecordingStore, type Recording } from '../../electron/host/run/recordings.js';
import { runFixtures } from './support/run-fixtures.js';

/**
 * The index of a workspace's recordings by test and column (how a cell knows its old
 * recording is stale): read from the disk once, a file at a time with the event loop free in
 * between, and recordings written meanwhile are in it.
 */

const fx = runFixtures();

const key = (n: number): string => createHash('sha256').update(`request ${n}`).digest('hex');

function recording(n: number, test: string, column: string): Recording {
  return {
    version: 1,
    key: key(n),
    api: 'anthropic',
    url: 'http://127.0.0.1:9/v1/messages',
    test,
    column,
    recordedAt: '2026-12-01T00:00:00.000Z',
    request: { body: `{"n":${n}}\n` },
    reply: { status: 200, contentType: 'application/json', body: '{}' },
    latencyMs: 5,
  };
}

describe('the recordings index', () => {
  it('lists each cell’s keys from the files, letting the loop run while it reads them', async () => {
    const root = fx.folder();
    const writer = new RecordingStore(root);
    for (let n = 0; n < 30; n++) await writer.write(recording(n, `t${n % 3}`, n % 2 ? 'a' : 'b'));
    const store = new RecordingStore(root);
    let ranMeanwhile = false;
    setImmediate(() => (ranMeanwhile = true));
    const keys = await store.keysOf('t0', 'a');
    expect(ranMeanwhile).toBe(true);
    expect(keys.sort()).toEqual([3, 9, 15, 21, 27].map(key).sort());
    expect(await store.keysOf('t1', 'b')).toHaveLength(5);
    expect(await store.keysOf('nobody', 'a')).toEqual([]);
  });

  it('a recording written while the index is being read is in it afterwards; removeStale keeps only the new one', async () => {
    const root = fx.folder();
    const writer = new RecordingStore(root);
    for (let n = 0; n < 10; n++) await writer.write(recording(n, 't', 'c'));
    const store = new RecordingStore(root);
    const reading = store.keysOf('t', 'c');
    await store.write(recording(100, 't', 'c'));
    await reading;
    // Whether the write ended before the index did or after, it is not lost.
    expect((await store.keysOf('t', 'c')).sort()).toEqual([...Array.from({ length: 10 }, (_, n) => key(n)), key(100)].sort());
    expect((await store.removeStale('t', 'c', key(100))).sort()).toEqual(Array.from({ length: 10 }, (_, n) => key(n)).sort());
    expect(await store.keysOf('t', 'c')).toEqual([key(100)]);
    expect(new RecordingStore(root).read(key(3))).toEqual({ status: 'missing' });
    expect(new RecordingStore(root).read(key(100))).toMatchObject({ status: 'found' });
  });
});

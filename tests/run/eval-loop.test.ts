import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentHash } from '../../electron/host/hash.js';
import { cellView, EvalEventBatch, EvalRequests } from '../../electron/host/run/eval-events.js';
import { LoopTurns } from '../../electron/host/run/loop-turns.js';
import { portableSha256Hex, recordingKey } from '../../shared/wire/recording-key.js';
import type { EvalCellResult, EvalCellView, EvalProgress } from '../../shared/wire/run-result.js';

/**
 * What keeps an eval from holding the host's event loop: cells take turns for their
 * synchronous work, the renderer gets batched messages without request bodies, and request
 * keys are hashed natively — each with the same outcome as before.
 */

afterEach(() => vi.useRealTimers());

function cell(id: string, body = `{"n":"${id}"}\n`): EvalCellResult {
  return {
    id,
    test: 't',
    column: id,
    connection: 'c',
    status: 'ok',
    pass: true,
    assertions: [],
    request: { url: 'http://127.0.0.1:9/v1/messages', body, key: 'k'.repeat(64) },
  };
}

const progressOf = (done: number): EvalProgress => ({ done, total: 5, tokens: done * 10, spentUsd: 0, elapsedMs: done, remainingMs: null });

describe('LoopTurns', () => {
  it('gives one turn per scheduled tick, in the order they were asked for', async () => {
    const ticks: (() => void)[] = [];
    const turns = new LoopTurns((next) => void ticks.push(next));
    const order: string[] = [];
    const all = ['a', 'b', 'c'].map((name) => turns.turn().then(() => void order.push(name)));
    expect(ticks).toHaveLength(1);
    ticks.shift()!();
    await Promise.resolve();
    expect(order).toEqual(['a']);
    expect(turns.pending).toBe(2);
    // Only one tick is pending at a time: the next piece waits for the next loop iteration.
    expect(ticks).toHaveLength(1);
    ticks.shift()!();
    ticks.shift()!();
    await Promise.all(all);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(ticks).toHaveLength(0);
    expect(turns.pending).toBe(0);
  });

  it('lets a timer due meanwhile run between two turns (real setImmediate)', async () => {
    const turns = new LoopTurns();
    const order: string[] = [];
    const first = turns.turn().then(() => {
      order.push('turn 1');
      setTimeout(() => order.push('timer'), 0);
      const until = performance.now() + 3;
      while (performance.now() < until) {
        // a piece of synchronous work, long enough for the timer to be due
      }
    });
    const second = turns.turn().then(() => void order.push('turn 2'));
    await Promise.all([first, second]);
    expect(order).toEqual(['turn 1', 'timer', 'turn 2']);
  });
});

describe('EvalEventBatch', () => {
  it('holds cells and progress for one interval, sends each cell once in order, and flush ends equal to unbatched', () => {
    vi.useFakeTimers();
    const sent: { cells: EvalCellView[][]; progress: EvalProgress[] } = { cells: [], progress: [] };
    const batch = new EvalEventBatch({ cells: (c) => sent.cells.push(c), progress: (p) => sent.progress.push(p) }, 50);
    const all = ['a', 'b', 'c', 'd', 'e'].map((id) => cellView(cell(id)));
    batch.progress(progressOf(0));
    batch.cell(all[0]!);
    batch.progress(progressOf(1));
    batch.cell(all[1]!);
    batch.progress(progressOf(2));
    expect(sent.cells).toEqual([]);
    vi.advanceTimersByTime(50);
    expect(sent.cells).toEqual([[all[0], all[1]]]);
    expect(sent.progress).toEqual([progressOf(2)]);
    batch.cell(all[2]!);
    batch.progress(progressOf(3));
    vi.advanceTimersByTime(50);
    batch.cell(all[3]!);
    batch.progress(progressOf(4));
    batch.cell(all[4]!);
    batch.progress(progressOf(5));
    batch.flush();
    expect(sent.cells.flat()).toEqual(all);
    expect(sent.cells).toHaveLength(3);
    expect(sent.progress.at(-1)).toEqual(progressOf(5));
    // Nothing is left to send after the flush.
    vi.advanceTimersByTime(500);
    expect(sent.cells).toHaveLength(3);
    expect(sent.progress).toHaveLength(3);
  });
});

describe('cell messages without request bodies', () => {
  it('a cell view keeps everything but the body; the body is kept for eval:request, for the last evals only', () => {
    const full = cell('a', '{"big":"body"}\n');
    expect(cellView(full)).toEqual({ ...full, request: { url: full.request!.url, key: full.request!.key } });
    const cancelled: EvalCellResult = { ...full, status: 'cancelled', pass: null, request: undefined };
    expect(cellView(cancelled)).toBe(cancelled);
    const kept = new EvalRequests(2);
    kept.add('e1', full);
    kept.add('e2', cell('b'));
    expect(kept.get('e1', 'a')).toEqual({ url: full.request!.url, body: '{"big":"body"}\n' });
    kept.add('e3', cell('c'));
    expect(kept.get('e1', 'a')).toBeUndefined();
    expect(kept.get('e2', 'b')?.body).toBe('{"n":"b"}\n');
    expect(kept.get('e3', 'c')?.body).toBe('{"n":"c"}\n');
  });
});

describe('recording keys with the native hash', () => {
  it('are the keys the portable SHA-256 gives (recordings stay valid), for any text', () => {
    const bodies = [
      '',
      '{}\n',
      `${JSON.stringify({ system: 'Ünïcödé — 日本語 🚀', n: 'x'.repeat(40_000) }, null, 2)}\n`,
      '\u{1F600}\n\r\t',
    ];
    for (const body of bodies) {
      const url = 'http://127.0.0.1:8080/v1/messages?key=secret';
      expect(recordingKey('anthropic', url, body, contentHash)).toBe(recordingKey('anthropic', url, body));
      expect(portableSha256Hex(body)).toBe(createHash('sha256').update(body, 'utf8').digest('hex'));
    }
    expect(recordingKey('gemini', 'http://h/v1beta/models/m:generateContent', 'b')).toMatch(/^[0-9a-f]{64}$/);
  });
});

import { describe, expect, it } from 'vitest';
import { TokenCache } from '../../electron/host/token-cache.js';
import { loadTokenCounter } from '../../electron/host/tokens.js';
import type { Slicer } from '../../electron/host/sliced-work.js';

/** A slicer whose clock moves 1 ms each time it is read: a slice of 8 ms is a few pieces. */
function countingSlicer(): Slicer & { pauses: number } {
  let clock = 0;
  const slicer = {
    pauses: 0,
    sliceMs: 8,
    now: () => clock++,
    pause: async () => {
      slicer.pauses++;
    },
  };
  return slicer;
}

const PARAGRAPH = 'The agent reads every file it is given, line by line, and answers in English.\n';

describe('token counts of many texts', () => {
  it('counts a long text a piece at a time, pausing between pieces, to the number a whole count gives', async () => {
    const count = await loadTokenCounter();
    const slicer = countingSlicer();
    const cache = new TokenCache(slicer);
    const long = PARAGRAPH.repeat(400);
    const texts = [long, 'short one', long];
    expect(await cache.countAll(texts)).toEqual(texts.map(count));
    // One text of many pieces: it paused inside it, not only before it.
    expect(slicer.pauses).toBeGreaterThan(2);
    // Counted before: answered without counting (or pausing) again.
    const paused = slicer.pauses;
    expect(await cache.countAll([long])).toEqual([count(long)]);
    expect(slicer.pauses).toBe(paused);
  });

  it('stops at a pause once the texts went stale, and remembers only what it finished', async () => {
    const slicer = countingSlicer();
    const cache = new TokenCache(slicer);
    let stale = false;
    const long = `${PARAGRAPH.repeat(200)}first`;
    const counting = cache.countAll(['done early', long], () => stale);
    stale = true;
    expect(await counting).toBeNull();
    expect(cache.size.texts).toBe(1);
  });

  it('forgets everything once the texts it holds would pass its character limit', async () => {
    const cache = new TokenCache(countingSlicer(), 1000);
    await cache.countAll(['a'.repeat(400), 'b'.repeat(400)]);
    expect(cache.size).toEqual({ texts: 2, chars: 800 });
    await cache.countAll(['c'.repeat(400)]);
    expect(cache.size).toEqual({ texts: 1, chars: 400 });
  });
});

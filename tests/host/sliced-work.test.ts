import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOOP_SLICER, nextTurn, runSliced, type Slicer } from '../../electron/host/sliced-work.js';

/**
 * A slicer on a clock of its own: each step takes 1 ms, and each pause takes what the test says
 * other work took while the slice paused. Answers how many steps each slice ran.
 */
async function slicesOf(othersPerPause: readonly number[], steps: number): Promise<{ done: boolean; slices: number[] }> {
  let clock = 0;
  let inSlice = 0;
  let pauses = 0;
  const slices: number[] = [];
  const slicer: Slicer = {
    now: () => clock,
    sliceMs: 8,
    pause: async () => {
      slices.push(inSlice);
      inSlice = 0;
      clock += othersPerPause[pauses++] ?? 0;
    },
  };
  let left = steps;
  const done = await runSliced(
    () => {
      clock += 1;
      inSlice++;
      return --left > 0;
    },
    () => true,
    slicer,
  );
  return { done, slices };
}

describe('work in time slices', () => {
  it('runs slices of sliceMs while nothing else runs between them', async () => {
    expect(await slicesOf([], 40)).toEqual({ done: true, slices: [8, 8, 8, 8] });
  });

  it('gives way to the work that ran while it paused: the next slice runs for what is left of sliceMs, none when it took a slice', async () => {
    // 6 ms of other work leaves 2 of 8, 3 leave 5, 20 leave none (that turn runs no slice), then nothing again.
    expect(await slicesOf([0, 6, 3, 20, 0], 40)).toEqual({ done: true, slices: [8, 8, 2, 5, 0, 8, 8] });
  });

  it('gives up one turn at most: after two long turns in a row the second runs a quarter of a slice', async () => {
    expect(await slicesOf([20, 20, 20, 20, 0], 24)).toEqual({ done: true, slices: [8, 0, 2, 0, 2, 8] });
  });

  it('stops at a pause when goOn says no', async () => {
    let clock = 0;
    const slicer: Slicer = { now: () => clock, sliceMs: 8, pause: async () => undefined };
    let steps = 0;
    const done = await runSliced(
      () => {
        clock += 1;
        return ++steps < 100;
      },
      () => steps < 16,
      slicer,
    );
    expect([done, steps]).toEqual([false, 16]);
  });

  it('waits for a later turn of the loop, after its timers, even from an I/O callback (nextTurn)', async () => {
    const order: string[] = [];
    await new Promise<void>((resolve, reject) =>
      fs.stat('.', () => {
        // In an I/O callback (as after reading the stored snapshots): a timer is set, and this turn works until it is due.
        setTimeout(() => order.push('timer'), 0);
        const start = performance.now();
        while (performance.now() - start < 3);
        nextTurn(LOOP_SLICER).then(() => {
          order.push('next turn');
          resolve();
        }, reject);
      }),
    );
    expect(order).toEqual(['timer', 'next turn']);
  });
});

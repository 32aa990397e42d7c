/**
 * Work the host does in time slices, so the event loop (requests, the editor's keystrokes on
 * the desktop) never waits long behind it: steps run one after another for about a slice,
 * then the loop runs, then the next slice.
 */
export interface Slicer {
  now(): number;
  /** Resolves once the event loop has had its turn (I/O, timers, other requests). */
  pause(): Promise<void>;
  /** How long a slice runs before it pauses (a step is never cut; 0: one step a turn, whatever else the turn did). */
  sliceMs: number;
}

/**
 * Slices of about 5 ms, a third of a frame, so a keystroke waits at most that long behind the
 * work. Not half a frame: a slice shares its turn with what came meanwhile (a worker's answer, a
 * collection), and on two cores busy with the matrix's workers the thread also waits for a core;
 * with 8 ms slices the first 10,000-cell matrix held the loop 14.9-16.4 ms in four runs, with 5 ms
 * 7.9-12.1 ms, its answer about 4% later (bench:engine's matrix-500x20, interleaved, load 1.7-2.1).
 */
export const LOOP_SLICER: Slicer = {
  now: () => performance.now(),
  pause: () => new Promise((resolve) => setImmediate(resolve)),
  sliceMs: 5,
};

/**
 * Resolves in a later turn of the event loop than this one, after its timers: where a turn has
 * done long work of its own (loading a workspace), the next work waits for what is due. One pause
 * is not enough after an I/O callback: its immediate runs in the same turn (Node's check phase
 * comes right after the I/O callbacks), while an immediate queued from there waits for the next.
 */
export async function nextTurn(slicer: Slicer): Promise<void> {
  await slicer.pause();
  await slicer.pause();
}

/** A slice runs at least this part of sliceMs, however long the rest of the turn took. */
const MIN_SLICE_PART = 0.25;

/**
 * Calls `step` until it answers false (nothing left), pausing after each slice; after each
 * pause `goOn()` decides whether to go on. Answers true when the work is done, false when
 * goOn stopped it.
 *
 * A slice gives way to what else ran while it paused (a timer such as the workspace view's
 * refresh, a request, a worker's answer): that work shares the loop's turn with the next
 * slice, so the next slice runs only for what is left of sliceMs (at least a quarter of it),
 * and the loop is held about sliceMs in all rather than sliceMs after the other work. When that
 * work took a whole slice or more, the turn runs no slice at all (once: the next turn runs one).
 */
export async function runSliced(step: () => boolean, goOn: () => boolean, slicer: Slicer = LOOP_SLICER): Promise<boolean> {
  let others = 0;
  let skipped = false;
  for (;;) {
    if (slicer.sliceMs > 0 && others >= slicer.sliceMs && !skipped) {
      // Other work held this turn for a whole slice already (a refresh of the workspace view, a GC):
      // the turn ends here, and the next runs a slice (even if it is as long: one turn is given up at most).
      skipped = true;
      const paused = slicer.now();
      await slicer.pause();
      others = slicer.now() - paused;
      if (!goOn()) return false;
      continue;
    }
    skipped = false;
    const end = slicer.now() + Math.max(slicer.sliceMs * MIN_SLICE_PART, slicer.sliceMs - others);
    do {
      if (!step()) return true;
    } while (slicer.now() < end);
    const paused = slicer.now();
    await slicer.pause();
    others = slicer.now() - paused;
    if (!goOn()) return false;
  }
}

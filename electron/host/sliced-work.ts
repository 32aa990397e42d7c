/**
 * Work the host does in time slices, so the event loop (requests, the editor's keystrokes on
 * the desktop) never waits long behind it: steps run one after another for about a slice,
 * then the loop runs, then the next slice.
 */
export interface Slicer {
  now(): number;
  /** Resolves once the event loop has had its turn (I/O, timers, other requests). */
  pause(): Promise<void>;
  /** How long a slice runs before it pauses (a step is never cut). */
  sliceMs: number;
}

/** Slices of about 8 ms: half a frame, so a keystroke waits at most that long behind the work. */
export const LOOP_SLICER: Slicer = {
  now: () => performance.now(),
  pause: () => new Promise((resolve) => setImmediate(resolve)),
  sliceMs: 8,
};

/**
 * Calls `step` until it answers false (nothing left), pausing after each slice; after each
 * pause `goOn()` decides whether to go on. Answers true when the work is done, false when
 * goOn stopped it.
 */
export async function runSliced(step: () => boolean, goOn: () => boolean, slicer: Slicer = LOOP_SLICER): Promise<boolean> {
  for (;;) {
    const end = slicer.now() + slicer.sliceMs;
    do {
      if (!step()) return true;
    } while (slicer.now() < end);
    await slicer.pause();
    if (!goOn()) return false;
  }
}

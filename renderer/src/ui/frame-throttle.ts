/** Work that runs at most once per animation frame (see frameThrottle). */
export interface FrameThrottle {
  /** Runs the work now if it has not run since the last frame; else once more at the frame. */
  request(): void;
  /** Drops a run held for the frame. */
  cancel(): void;
}

/**
 * `run` at most once per animation frame, without waiting for one: the first request after a
 * quiet frame runs at once, the requests that come before that frame is drawn make one more
 * run, at the frame. Results that arrive faster than the screen cost one run a frame, and the
 * first of them is not held back a frame.
 */
export function frameThrottle(run: () => void): FrameThrottle {
  let frame: number | undefined;
  let held = false;
  const frameEnded = (): void => {
    frame = undefined;
    if (!held) return;
    held = false;
    go();
  };
  const go = (): void => {
    frame = requestAnimationFrame(frameEnded);
    run();
  };
  return {
    request() {
      if (frame === undefined) go();
      else held = true;
    },
    cancel() {
      if (frame !== undefined) cancelAnimationFrame(frame);
      frame = undefined;
      held = false;
    },
  };
}

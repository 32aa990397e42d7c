import { useEffect, useState } from 'react';

/** The part of a zustand store a frame value reads. */
export interface FrameSource<S> {
  getState(): S;
  subscribe(listener: (state: S, prev: S) => void): () => void;
}

/**
 * A store value for a view that shows it at most once per animation frame: values that come
 * within one frame (results arriving faster than the screen) make one render, at the frame.
 * `select` must be the same function on every render (a module-level one).
 */
export function useFrameValue<S, T>(store: FrameSource<S>, select: (s: S) => T): T {
  const [value, setValue] = useState(() => select(store.getState()));
  useEffect(() => {
    let frame: number | undefined;
    const take = (): void => {
      frame = undefined;
      const next = select(store.getState());
      setValue(() => next);
    };
    take();
    const off = store.subscribe((s, prev) => {
      if (frame === undefined && select(s) !== select(prev)) frame = requestAnimationFrame(take);
    });
    return () => {
      off();
      if (frame !== undefined) cancelAnimationFrame(frame);
    };
  }, [store, select]);
  return value;
}

import { useMemo, useSyncExternalStore } from 'react';

/** The part of a zustand store a frame value reads. */
export interface FrameSource<S> {
  getState(): S;
  subscribe(listener: (state: S, prev: S) => void): () => void;
}

/**
 * The value a view shows, let through at most once per animation frame: the first change
 * after a quiet frame goes through at once; the changes that come while that frame is still
 * to be drawn are held and go through together, the last of them, at the frame.
 */
function frameGate<S, T>(store: FrameSource<S>, select: (s: S) => T) {
  let shown = select(store.getState());
  return {
    get: (): T => shown,
    subscribe(notify: () => void): () => void {
      // The frame that ends the window a value just went through in; more values wait for it.
      let frame: number | undefined;
      let held = false;
      const letThrough = (): void => {
        const next = select(store.getState());
        if (Object.is(next, shown)) return;
        shown = next;
        notify();
        frame = requestAnimationFrame(frameEnded);
      };
      const frameEnded = (): void => {
        frame = undefined;
        if (!held) return;
        held = false;
        letThrough();
      };
      // A change while no listener was there (between a render and its subscription).
      letThrough();
      const off = store.subscribe((s, prev) => {
        if (Object.is(select(s), select(prev))) return;
        if (frame === undefined) letThrough();
        else held = true;
      });
      return () => {
        off();
        if (frame !== undefined) cancelAnimationFrame(frame);
        frame = undefined;
      };
    },
  };
}

/**
 * A store value for a view that renders it at most once per animation frame: results that
 * arrive faster than the screen make one render a frame, and the first result after a quiet
 * frame renders at once, synchronously with the store's change (useSyncExternalStore), not a
 * frame later. `select` must be the same function on every render (a module-level one).
 */
export function useFrameValue<S, T>(store: FrameSource<S>, select: (s: S) => T): T {
  const gate = useMemo(() => frameGate(store, select), [store, select]);
  return useSyncExternalStore(gate.subscribe, gate.get);
}

import { useMemo, useSyncExternalStore } from 'react';
import { frameThrottle } from './frame-throttle';

/** The part of a zustand store a frame value reads. */
export interface FrameSource<S> {
  getState(): S;
  subscribe(listener: (state: S, prev: S) => void): () => void;
}

/** The value a view shows, let through at most once per animation frame (frameThrottle). */
function frameGate<S, T>(store: FrameSource<S>, select: (s: S) => T) {
  let shown = select(store.getState());
  return {
    get: (): T => shown,
    subscribe(notify: () => void): () => void {
      const take = (): void => {
        const next = select(store.getState());
        if (Object.is(next, shown)) return;
        shown = next;
        notify();
      };
      const throttle = frameThrottle(take);
      // A change while no listener was there (between a render and its subscription).
      take();
      const off = store.subscribe((s, prev) => {
        if (!Object.is(select(s), select(prev))) throttle.request();
      });
      return () => {
        off();
        throttle.cancel();
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

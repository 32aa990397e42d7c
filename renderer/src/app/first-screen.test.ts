import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { PreviewResult } from '../../../shared/ipc/contract';
import type { StudioState } from '../store/types';
import { FIRST_SCREEN_CAP_MS, firstScreenShown } from './first-screen';

/** A store holding only what firstScreenShown reads. */
const fakeStore = () => createStore<StudioState>(() => ({ preview: null }) as unknown as StudioState);
const RESULT = { seq: 1 } as unknown as PreviewResult;

describe('Monaco waits for the first screen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const watch = (store: ReturnType<typeof fakeStore>, opened: Promise<void>) => {
    const frames: (() => void)[] = [];
    let shown = false;
    void firstScreenShown(store, opened, (then) => frames.push(then)).then(() => (shown = true));
    return { frames, shown: () => shown };
  };

  it('until the workspace opened and the first prompt is in, then one frame', async () => {
    const store = fakeStore();
    let open: () => void = () => undefined;
    const w = watch(store, new Promise<void>((r) => (open = r)));
    store.setState({ preview: RESULT });
    await vi.advanceTimersByTimeAsync(10);
    expect(w.frames).toHaveLength(0);
    open();
    await vi.advanceTimersByTimeAsync(0);
    expect(w.frames).toHaveLength(1);
    expect(w.shown()).toBe(false);
    w.frames[0]!();
    await vi.advanceTimersByTimeAsync(0);
    expect(w.shown()).toBe(true);
  });

  it('or the cap, when no prompt comes (and only once)', async () => {
    const store = fakeStore();
    const w = watch(store, Promise.resolve());
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_CAP_MS - 1);
    expect(w.frames).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(w.frames).toHaveLength(1);
    store.setState({ preview: RESULT });
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_CAP_MS);
    expect(w.frames).toHaveLength(1);
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { frameThrottle } from './frame-throttle';

beforeEach(() => vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] }));
afterEach(() => vi.useRealTimers());

describe('work at most once per animation frame', () => {
  it('runs the first request at once, the ones before the frame once at the frame, and none at a quiet frame', () => {
    const run = vi.fn();
    const t = frameThrottle(run);
    t.request();
    expect(run).toHaveBeenCalledTimes(1);
    t.request();
    t.request();
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersToNextFrame();
    expect(run).toHaveBeenCalledTimes(2);
    // That run opened a frame of its own; nothing came in it, so its end runs nothing.
    vi.advanceTimersToNextFrame();
    expect(run).toHaveBeenCalledTimes(2);
    expect(vi.getTimerCount()).toBe(0);
    t.request();
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('drops the held run when cancelled, and runs at once on the next request', () => {
    const run = vi.fn();
    const t = frameThrottle(run);
    t.request();
    t.request();
    t.cancel();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersToNextFrame();
    expect(run).toHaveBeenCalledTimes(1);
    t.request();
    expect(run).toHaveBeenCalledTimes(2);
  });
});

// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { useFrameValue } from './frame-value';

interface State {
  seq: number;
  other: number;
}
const seqOf = (s: State): number => s.seq;

beforeEach(() => vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('a value shown once per animation frame', () => {
  it('renders the values that came within one frame once, with the last of them, at the frame', () => {
    const store = createStore<State>(() => ({ seq: 1, other: 0 }));
    const renders: number[] = [];
    function View() {
      const seq = useFrameValue(store, seqOf);
      renders.push(seq);
      return <p data-testid="seq">{seq}</p>;
    }
    render(<View />);
    expect(screen.getByTestId('seq').textContent).toBe('1');
    const before = renders.length;
    act(() => {
      store.setState({ seq: 2 });
      store.setState({ seq: 3 });
      store.setState({ other: 1 });
      store.setState({ seq: 4 });
    });
    // Nothing before the frame.
    expect(renders.length).toBe(before);
    expect(screen.getByTestId('seq').textContent).toBe('1');
    act(() => vi.advanceTimersToNextFrame());
    expect(screen.getByTestId('seq').textContent).toBe('4');
    expect(renders.slice(before)).toEqual([4]);
    // A change of another part of the state asks for no frame.
    act(() => store.setState({ other: 2 }));
    act(() => vi.advanceTimersToNextFrame());
    expect(renders.slice(before)).toEqual([4]);
  });

  it('asks for no frame any more once the view is gone', () => {
    const store = createStore<State>(() => ({ seq: 1, other: 0 }));
    function View() {
      return <p>{useFrameValue(store, seqOf)}</p>;
    }
    const { unmount } = render(<View />);
    act(() => store.setState({ seq: 2 }));
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

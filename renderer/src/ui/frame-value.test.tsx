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
  it('renders the first change at once, holds the ones that come before the frame, and renders the last of them at the frame', () => {
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
    // The first change after a quiet frame: shown with the change itself, no frame waited for.
    act(() => store.setState({ seq: 2 }));
    expect(screen.getByTestId('seq').textContent).toBe('2');
    expect(renders.slice(before)).toEqual([2]);
    // More before that frame is drawn: held, then the last of them once, at the frame.
    act(() => {
      store.setState({ seq: 3 });
      store.setState({ other: 1 });
      store.setState({ seq: 4 });
    });
    expect(screen.getByTestId('seq').textContent).toBe('2');
    expect(renders.slice(before)).toEqual([2]);
    act(() => vi.advanceTimersToNextFrame());
    expect(screen.getByTestId('seq').textContent).toBe('4');
    expect(renders.slice(before)).toEqual([2, 4]);
    // The frame after that one passes with nothing held: the next change is again shown at once.
    act(() => vi.advanceTimersToNextFrame());
    act(() => store.setState({ seq: 5 }));
    expect(screen.getByTestId('seq').textContent).toBe('5');
    expect(renders.slice(before)).toEqual([2, 4, 5]);
    // A change of another part of the state renders nothing and asks for no frame.
    act(() => vi.advanceTimersToNextFrame());
    act(() => store.setState({ other: 2 }));
    expect(vi.getTimerCount()).toBe(0);
    expect(renders.slice(before)).toEqual([2, 4, 5]);
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

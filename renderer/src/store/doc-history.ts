import { temporal, type TemporalState } from 'zundo';
import { createStore, type StoreApi } from 'zustand/vanilla';

/**
 * Undo/redo of one document, across every kind of edit (typing in Monaco, reordering
 * components, editing placeholders): each document has its own small zustand store of its
 * text, tracked by zundo. Keystrokes that follow each other within GROUP_MS form one step;
 * a structured edit is always a step of its own.
 */
export const GROUP_MS = 600;

interface TextState {
  text: string;
  setText: (text: string) => void;
}

export type EditKind = 'typing' | 'structured';

export interface DocHistory {
  record(text: string, kind: EditKind): void;
  /** Returns the text to show after the step, or undefined when there is nothing to undo. */
  undo(): string | undefined;
  redo(): string | undefined;
  canUndo(): boolean;
  canRedo(): boolean;
  /** Replaces the text without a history step (a revert, a reload from disk). */
  reset(text: string): void;
  text(): string;
}

export function createDocHistory(initial: string, now: () => number = () => Date.now()): DocHistory {
  let lastTypingAt = -Infinity;
  let forceStep = true;
  const store = createStore<TextState>()(
    temporal(
      (set) => ({
        text: initial,
        setText: (text) => set({ text }),
      }),
      {
        limit: 500,
        partialize: (s) => ({ text: s.text }) as TextState,
        equality: (a, b) => a.text === b.text,
        handleSet: (handleSet) => (pastState, replace, currentState, delta) => {
          // Only the first change of a burst of typing records the state before it.
          if (!forceStep) return;
          (handleSet as unknown as (p: typeof pastState, r: typeof replace, c: typeof currentState, d: typeof delta) => void)(
            pastState,
            replace,
            currentState,
            delta,
          );
        },
      },
    ),
  ) as StoreApi<TextState> & { temporal: StoreApi<TemporalState<{ text: string }>> };

  return {
    record(text, kind) {
      if (text === store.getState().text) return;
      forceStep = kind === 'structured' || now() - lastTypingAt >= GROUP_MS;
      store.getState().setText(text);
      lastTypingAt = kind === 'typing' ? now() : -Infinity;
      forceStep = false;
    },
    undo() {
      const t = store.temporal.getState();
      if (t.pastStates.length === 0) return undefined;
      t.undo();
      lastTypingAt = -Infinity;
      return store.getState().text;
    },
    redo() {
      const t = store.temporal.getState();
      if (t.futureStates.length === 0) return undefined;
      t.redo();
      lastTypingAt = -Infinity;
      return store.getState().text;
    },
    canUndo: () => store.temporal.getState().pastStates.length > 0,
    canRedo: () => store.temporal.getState().futureStates.length > 0,
    reset(text) {
      const t = store.temporal.getState();
      t.pause();
      store.getState().setText(text);
      t.resume();
      t.clear();
      lastTypingAt = -Infinity;
    },
    text: () => store.getState().text,
  };
}

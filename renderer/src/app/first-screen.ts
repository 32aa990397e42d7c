import type { StoreApi } from 'zustand';
import type { StudioState } from '../store/types';

let shown: Promise<void> = Promise.resolve();

/** Says when the first screen has shown its texts (main.tsx, from firstScreenShown). */
export function setFirstScreen(when: Promise<void>): void {
  shown = when;
}

/** Resolves once the first screen has shown its texts: what is not needed for them loads after. */
export function afterFirstScreen(): Promise<void> {
  return shown;
}

/** How long Monaco waits at most for the first prompt (a workspace whose preview never builds). */
export const FIRST_SCREEN_CAP_MS = 1500;

/**
 * Resolves once the first screen's texts are in the store (the workspace opened, its
 * document read, the first prompt built) and the next frame has shown them as plain text,
 * or after FIRST_SCREEN_CAP_MS. Monaco (most of the script) is evaluated only then: on two
 * cores its evaluation would otherwise hold back the host's answers and the first paint of
 * the texts by as long as it takes.
 */
export function firstScreenShown(
  store: Pick<StoreApi<StudioState>, 'getState' | 'subscribe'>,
  opened: Promise<unknown>,
  nextFrame: (then: () => void) => void,
  capMs = FIRST_SCREEN_CAP_MS,
): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    let isOpen = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      unsubscribe();
      clearTimeout(cap);
      nextFrame(resolve);
    };
    const check = (): void => {
      if (isOpen && store.getState().preview !== null) finish();
    };
    const unsubscribe = store.subscribe(check);
    const cap = setTimeout(finish, capMs);
    void opened.finally(() => {
      isOpen = true;
      check();
    });
  });
}

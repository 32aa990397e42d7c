import type { SliceCreator } from './types';

export interface Notice {
  id: number;
  kind: 'error' | 'info';
  text: string;
  /** A button on the notice (e.g. Undo); choosing it dismisses the notice. */
  action?: { label: string; run: () => void } | undefined;
}

export interface ConfirmRequest {
  message: string;
  detail?: string | undefined;
  /** Button labels; the first is the default. */
  buttons: string[];
  resolve: (choice: string | null) => void;
}

export type HelpView = 'getting-started' | 'shortcuts';

export type BottomTab = 'components' | 'placeholders' | 'context' | 'compare' | 'problems';

export interface UiSlice {
  notices: Notice[];
  notify(kind: Notice['kind'], text: string, action?: Notice['action']): void;
  dismissNotice(id: number): void;
  /** Text read out by the screen reader (an aria-live region). */
  announcement: string;
  announce(text: string): void;
  confirm: ConfirmRequest | null;
  /** Asks the user; resolves with the chosen button label, or null when dismissed. */
  ask(message: string, buttons: string[], detail?: string): Promise<string | null>;
  answer(choice: string | null): void;
  bottomTab: BottomTab;
  setBottomTab(tab: BottomTab): void;
  /** Bumped to ask a view to take the keyboard focus. */
  focusRequest: { target: 'preview' | 'editor' | 'explorer'; n: number } | null;
  requestFocus(target: 'preview' | 'editor' | 'explorer'): void;
  /** The help panel shown (getting started, or the keyboard shortcuts), if any. */
  help: HelpView | null;
  showHelp(view: HelpView | null): void;
}

let noticeId = 0;

export const createUiSlice: SliceCreator<UiSlice> = (set, get) => ({
  notices: [],
  notify(kind, text, action) {
    const id = ++noticeId;
    set((s) => ({ notices: [...s.notices.slice(-4), { id, kind, text, ...(action ? { action } : {}) }] }));
    // A notice with a button stays long enough to reach it.
    if (kind === 'info') setTimeout(() => get().dismissNotice(id), action ? 12000 : 4000);
  },
  dismissNotice(id) {
    set((s) => ({ notices: s.notices.filter((n) => n.id !== id) }));
  },
  announcement: '',
  announce(text) {
    // The same sentence twice must still be read: clear first.
    set({ announcement: '' });
    queueMicrotask(() => set({ announcement: text }));
  },
  confirm: null,
  ask(message, buttons, detail) {
    return new Promise((resolve) => {
      const previous = get().confirm;
      previous?.resolve(null);
      set({ confirm: { message, detail, buttons, resolve } });
    });
  },
  answer(choice) {
    const c = get().confirm;
    set({ confirm: null });
    c?.resolve(choice);
  },
  bottomTab: 'components',
  setBottomTab(tab) {
    set({ bottomTab: tab });
  },
  focusRequest: null,
  requestFocus(target) {
    set((s) => ({ focusRequest: { target, n: (s.focusRequest?.n ?? 0) + 1 } }));
  },
  help: null,
  showHelp(view) {
    set({ help: view });
  },
});

import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

export interface TextRequest {
  title: string;
  label: string;
  initial: string;
  confirm: string;
  /** Why a value cannot be taken (null: it can). */
  check(value: string): string | null;
  resolve(value: string | null): void;
}

/** The one open question that wants a short text (a new id). */
export const textRequestStore = createStore<{ request: TextRequest | null }>()(() => ({ request: null }));

/** Asks for a short text; resolves with it (trimmed), or null when cancelled. */
export function askText(options: Omit<TextRequest, 'resolve'>): Promise<string | null> {
  return new Promise((resolve) => {
    textRequestStore.getState().request?.resolve(null);
    textRequestStore.setState({ request: { ...options, resolve } });
  });
}

export function answerText(value: string | null): void {
  const request = textRequestStore.getState().request;
  textRequestStore.setState({ request: null });
  request?.resolve(value);
}

export function useTextRequest(): TextRequest | null {
  return useStore(textRequestStore, (s) => s.request);
}

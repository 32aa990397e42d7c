import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/**
 * One open question at a time, answered from a dialog: `ask` opens it (a question still open
 * is answered with null first) and resolves with the answer, `answer` closes it.
 */
export function oneRequest<Q, A>() {
  const store = createStore<{ request: (Q & { resolve(answer: A | null): void }) | null }>()(() => ({ request: null }));
  return {
    store,
    ask(question: Q): Promise<A | null> {
      return new Promise((resolve) => {
        store.getState().request?.resolve(null);
        store.setState({ request: { ...question, resolve } });
      });
    },
    answer(value: A | null): void {
      const request = store.getState().request;
      store.setState({ request: null });
      request?.resolve(value);
    },
    use() {
      return useStore(store, (s) => s.request);
    },
  };
}

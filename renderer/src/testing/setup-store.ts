import { connectStore, createStudioStore } from '../store';
import { createFakeApi, type FakeApi } from './fake-api';

/** A fresh store wired to a fake API (each test gets its own). */
export function setupStore(api: FakeApi = createFakeApi()) {
  const store = createStudioStore();
  const disconnect = connectStore(api, store);
  return { store, api, disconnect };
}

export const flush = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

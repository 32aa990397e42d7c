import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { HarnessCaptureResult } from '../../../shared/ipc/contract';
import { callRaw } from '../store/api';

/**
 * The capture panel of the every-harness view: which harness, the agent's program (empty: the
 * profile's name on PATH), and the last capture's answer. One capture at a time.
 */

export interface CaptureViewState {
  open: boolean;
  harness: string;
  bin: string;
  running: boolean;
  result: HarnessCaptureResult | null;
  error: string | null;
  setOpen(open: boolean): void;
  setHarness(id: string): void;
  setBin(bin: string): void;
  run(cwd: string): Promise<void>;
}

export const captureStore = createStore<CaptureViewState>()((set, get) => ({
  open: false,
  harness: 'claude-code',
  bin: '',
  running: false,
  result: null,
  error: null,
  setOpen(open) {
    set({ open });
  },
  setHarness(harness) {
    set({ harness, result: null, error: null });
  },
  setBin(bin) {
    set({ bin });
  },
  async run(cwd) {
    if (get().running) return;
    set({ running: true, result: null, error: null });
    const { harness, bin } = get();
    const r = await callRaw('harness:capture', { harness, cwd, ...(bin.trim() ? { bin: bin.trim() } : {}) });
    set({ running: false, ...(r.ok ? { result: r.value } : { error: r.error.message }) });
  },
}));

export function useCaptureView<T>(selector: (s: CaptureViewState) => T): T {
  return useStore(captureStore, selector);
}

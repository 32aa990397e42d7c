import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { HarnessCaptureResult } from '../../../shared/ipc/contract';
import { callRaw } from '../store/api';

/**
 * The capture panel of the every-harness view: which harness, the agent's program (empty: the
 * profile's name on PATH), and the last capture's answer. One capture at a time. Where the host
 * has no network namespace for the agent it runs nothing and says so; the panel asks once
 * whether to run without one, and keeps the answer "yes" for the session.
 */

export interface CaptureViewState {
  open: boolean;
  harness: string;
  bin: string;
  /** "Use my real home" (off by default): the agent gets the user's HOME instead of a temporary one. */
  realHome: boolean;
  running: boolean;
  result: HarnessCaptureResult | null;
  error: string | null;
  /** The user accepted running without a network namespace (this session). */
  allowNetwork: boolean;
  /** The question asked before a capture without a namespace: the host's reason, and the folder to run in. */
  asking: { message: string; cwd: string } | null;
  /** The last question was answered no: nothing ran. */
  declined: boolean;
  setOpen(open: boolean): void;
  setHarness(id: string): void;
  setBin(bin: string): void;
  setRealHome(realHome: boolean): void;
  run(cwd: string): Promise<void>;
  /** Answer to `asking`: run without a namespace (remembered), or not. */
  answerNetwork(allow: boolean): Promise<void>;
  /** Browser mode's "Save as conformance case…" form: the workspace-relative file name being typed (null: closed). */
  naming: string | null;
  /** What the last save did (the file it wrote, or that nothing was written), or why it failed. */
  saved: { ok: boolean; message: string } | null;
  /** "Save as conformance case…": the save dialog (desktop), or the file-name form (browser mode). */
  startSave(): Promise<void>;
  setNaming(name: string): void;
  /** The form's Save: writes the named file inside the workspace. */
  confirmSave(): Promise<void>;
  /** The form's Cancel: nothing is written. */
  cancelSave(): void;
}

export const captureStore = createStore<CaptureViewState>()((set, get) => ({
  open: false,
  harness: 'claude-code',
  bin: '',
  realHome: false,
  running: false,
  result: null,
  error: null,
  allowNetwork: false,
  asking: null,
  declined: false,
  naming: null,
  saved: null,
  setOpen(open) {
    set({ open });
  },
  setHarness(harness) {
    set({ harness, result: null, error: null });
  },
  setBin(bin) {
    set({ bin });
  },
  setRealHome(realHome) {
    set({ realHome });
  },
  async run(cwd) {
    if (get().running) return;
    set({ running: true, result: null, error: null, asking: null, declined: false, naming: null, saved: null });
    const { harness, bin, allowNetwork, realHome } = get();
    const r = await callRaw('harness:capture', {
      harness,
      cwd,
      ...(bin.trim() ? { bin: bin.trim() } : {}),
      ...(allowNetwork ? { allowNetwork } : {}),
      ...(realHome ? { realHome } : {}),
    });
    if (r.ok && r.value.problem?.code === 'no-namespace') set({ running: false, asking: { message: r.value.problem.message, cwd } });
    else set({ running: false, ...(r.ok ? { result: r.value } : { error: r.error.message }) });
  },
  async answerNetwork(allow) {
    const asking = get().asking;
    if (!asking) return;
    if (!allow) {
      set({ asking: null, declined: true });
      return;
    }
    set({ allowNetwork: true, asking: null });
    await get().run(asking.cwd);
  },
  async startSave() {
    const save = get().result?.saveCase;
    if (!save) return;
    set({ saved: null });
    const caps = await callRaw('bundle:capabilities', {});
    if (caps.ok && !caps.value.fileDialogs) {
      set({ naming: save.fileName });
      return;
    }
    await saveCases(save.id, undefined);
  },
  setNaming(naming) {
    set({ naming });
  },
  async confirmSave() {
    const save = get().result?.saveCase;
    const name = get().naming?.trim();
    if (!save || !name) return;
    await saveCases(save.id, name);
  },
  cancelSave() {
    set({ naming: null, saved: { ok: true, message: 'Not saved: nothing was written.' } });
  },
}));

async function saveCases(id: string, path: string | undefined): Promise<void> {
  const r = await callRaw('harness:saveCaptureCase', { id, ...(path !== undefined ? { path } : {}) });
  if (!r.ok) captureStore.setState({ saved: { ok: false, message: `Not saved: ${r.error.message}` } });
  else if (r.value.status === 'cancelled')
    captureStore.setState({ naming: null, saved: { ok: true, message: 'Not saved: nothing was written.' } });
  else
    captureStore.setState({
      naming: null,
      saved: { ok: true, message: `Saved ${r.value.cases} conformance case${r.value.cases === 1 ? '' : 's'} to ${r.value.path}` },
    });
}

export function useCaptureView<T>(selector: (s: CaptureViewState) => T): T {
  return useStore(captureStore, selector);
}

import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { ChannelResponse } from '../../../shared/ipc/contract';
import { setIn, type Path } from '../ui/json-path';
import { studio } from '../store';
import { callRaw } from '../store/api';
import { withFolder } from '../store/with-folder';

/**
 * The every-harness view's state: one repository tree (virtual), its working folder and the
 * machine facts, and the last answer of harness:run for it. Every edit runs the harnesses
 * again; an answer older than the newest request is dropped.
 */

export type HarnessRun = ChannelResponse<'harness:run'>;
export type HarnessRunResult = HarnessRun['results'][number];
type Json = Record<string, unknown>;

export interface HarnessViewState {
  open: boolean;
  /** The harness context: files, symlinks, cwd, home, os, env, settings, reads. */
  context: Json;
  run: HarnessRun | null;
  error: string | null;
  /** Requests sent; the answer of the last one is shown. */
  seq: number;
  /** `real`: a folder chosen through the host, on this machine, instead of the tree. */
  discovery: 'virtual' | 'real';
  /** Real disk: ids of the harnesses' standard global locations the user switched off. */
  globalsOff: string[];
  setOpen(open: boolean): void;
  setField(path: Path, value: unknown): void;
  setDiscovery(discovery: 'virtual' | 'real'): void;
  /** Asks the host for a working folder to read (its folder dialog, or a typed path in browser mode). */
  chooseFolder(): Promise<void>;
  setGlobalOff(id: string, off: boolean): void;
  rerun(): Promise<void>;
}

/** A small repository that shows the differences at a glance. */
export const EXAMPLE_CONTEXT: Json = {
  cwd: '/home/user/project',
  home: '/home/user',
  os: 'linux',
  env: { GEMINI_CLI_TRUST_WORKSPACE: 'true', CLAUDE_CODE_DISABLE_AUTO_MEMORY: '1' },
  settings: {},
  reads: ['/home/user/project/packages/api/src/server.ts'],
  files: {
    '/home/user/project/.git': { type: 'dir' },
    '/home/user/project/AGENTS.md': '# Project guide\n\n- Use pnpm, never npm or yarn.\n- Run `pnpm test` before declaring a task done.\n',
    '/home/user/project/CLAUDE.md': 'See @AGENTS.md for the project guide.\n',
    '/home/user/project/.clinerules/style.md': 'Prefer small, reviewable commits.\n',
    '/home/user/project/packages/api/GEMINI.md': '# API package\n\nHandlers live in src/routes.\n',
    '/home/user/project/packages/api/src/server.ts': 'export {};\n',
    '/home/user/.claude/CLAUDE.md': 'Answer briefly.\n',
  },
};

export const harnessStore = createStore<HarnessViewState>()((set, get) => ({
  open: false,
  context: EXAMPLE_CONTEXT,
  run: null,
  error: null,
  seq: 0,
  discovery: 'virtual',
  globalsOff: [],
  setOpen(open) {
    set({ open });
    if (open) void get().rerun();
  },
  setField(path, value) {
    set({ context: setIn(get().context, path, value) });
    void get().rerun();
  },
  setDiscovery(discovery) {
    set({ discovery });
    void get().rerun();
  },
  async chooseFolder() {
    const granted = await withFolder(
      'stack:grantFolder',
      undefined,
      'Working folder whose instruction files every harness reads (absolute path):',
      (text) => studio.getState().notify('error', text),
    );
    if (!granted) return;
    set({ context: setIn(get().context, ['cwd'], granted.path), discovery: 'real' });
    await get().rerun();
  },
  setGlobalOff(id, off) {
    const rest = get().globalsOff.filter((g) => g !== id);
    set({ globalsOff: off ? [...rest, id] : rest });
    void get().rerun();
  },
  async rerun() {
    const seq = get().seq + 1;
    set({ seq });
    const { discovery, globalsOff } = get();
    const r = await callRaw(
      'harness:run',
      discovery === 'real' ? { context: get().context as never, discovery, globalsOff } : { context: get().context as never },
    );
    if (get().seq !== seq) return;
    if (r.ok) set({ run: r.value, error: null });
    else set({ error: r.error.message });
  },
}));

export function useHarnessView<T>(selector: (s: HarnessViewState) => T): T {
  return useStore(harnessStore, selector);
}

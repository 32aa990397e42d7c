import type { EventPayload, TestListPayload } from '../../../../shared/ipc/contract';
import type { EvalCellView, EvalProgress, EvalSummaryView, RunMode } from '../../../../shared/wire/run-result';
import { call, callRaw } from '../api';
import type { SliceCreator } from '../types';

/**
 * The eval view: the workspace's tests × their columns, run live, recording or replaying;
 * progress and each finished cell come as events; a cell opens its request, reply and why an
 * assertion failed.
 */

export interface EvalRun {
  evalId: string;
  mode: RunMode;
  running: boolean;
  cancelling: boolean;
  progress: EvalProgress | null;
  /** Finished cells, in the order they finished. */
  cells: EvalCellView[];
  summary: EvalSummaryView | null;
  /** The host refused to start it (no connection, a test naming an unknown connection, …). */
  error: string | null;
}

export interface EvalSlice {
  evalOpen: boolean;
  evalTests: TestListPayload | null;
  /** Tests left out of the next eval (by id); the others run. */
  evalSkipped: string[];
  evalMode: RunMode;
  /** Requests at once (null: the connections' setting). */
  evalConcurrency: number | null;
  evalRun: EvalRun | null;
  /** The cell opened in the matrix (its id). */
  evalCell: string | null;
  /** The opened cell's request body, asked of the host when the cell opens (cells come without it). */
  evalCellRequest: { cellId: string; request: { url: string; body: string } | null; error: string | null } | null;
  openEval(open: boolean): void;
  loadEvalTests(): Promise<void>;
  setEvalMode(mode: RunMode): void;
  setEvalConcurrency(n: number | null): void;
  toggleEvalTest(id: string): void;
  /** Runs the chosen tests (or these), in the chosen mode (or this one). */
  startEval(options?: { mode?: RunMode; tests?: string[] }): Promise<void>;
  cancelEval(): Promise<void>;
  openEvalCell(id: string | null): void;
  applyEvalProgress(payload: EventPayload<'eval:progress'>): void;
  applyEvalCells(payload: EventPayload<'eval:cells'>): void;
}

let evalCounter = 0;

export const createEvalSlice: SliceCreator<EvalSlice> = (set, get) => {
  const patch = (evalId: string, change: (run: EvalRun) => Partial<EvalRun>): void =>
    set((s) => (s.evalRun?.evalId === evalId ? { evalRun: { ...s.evalRun, ...change(s.evalRun) } } : {}));
  return {
    evalOpen: false,
    evalTests: null,
    evalSkipped: [],
    evalMode: 'replay',
    evalConcurrency: null,
    evalRun: null,
    evalCell: null,
    evalCellRequest: null,
    openEval(open) {
      set({ evalOpen: open });
      if (open) {
        void get().loadEvalTests();
        if (!get().connections) void get().loadConnections();
      }
    },
    async loadEvalTests() {
      const tests = await call('eval:tests', {});
      if (tests) set({ evalTests: tests });
    },
    setEvalMode(mode) {
      set({ evalMode: mode });
    },
    setEvalConcurrency(n) {
      set({ evalConcurrency: n });
    },
    toggleEvalTest(id) {
      set((s) => ({ evalSkipped: s.evalSkipped.includes(id) ? s.evalSkipped.filter((t) => t !== id) : [...s.evalSkipped, id] }));
    },
    async startEval(options = {}) {
      if (get().evalRun?.running) return;
      const mode = options.mode ?? get().evalMode;
      const all = get().evalTests?.tests.map((t) => t.id) ?? [];
      const tests = options.tests ?? all.filter((id) => !get().evalSkipped.includes(id));
      if (!tests.length) {
        set({
          evalRun: {
            evalId: '',
            mode,
            running: false,
            cancelling: false,
            progress: null,
            cells: [],
            summary: null,
            error: 'No test chosen.',
          },
        });
        return;
      }
      const evalId = `e${(++evalCounter).toString(36)}${Date.now().toString(36)}`;
      set({
        evalCell: null,
        evalRun: { evalId, mode, running: true, cancelling: false, progress: null, cells: [], summary: null, error: null },
      });
      const concurrency = get().evalConcurrency;
      const r = await callRaw('eval:start', { evalId, mode, tests, ...(concurrency ? { concurrency } : {}) });
      patch(evalId, () =>
        r.ok
          ? { running: false, cancelling: false, summary: r.value, cells: r.value.cells }
          : { running: false, cancelling: false, error: r.error.message },
      );
    },
    async cancelEval() {
      const run = get().evalRun;
      if (!run?.running) return;
      patch(run.evalId, () => ({ cancelling: true }));
      await call('run:cancel', { runId: run.evalId });
    },
    openEvalCell(id) {
      set({ evalCell: id, evalCellRequest: null });
      const run = get().evalRun;
      if (!id || !run?.cells.find((c) => c.id === id)?.request) return;
      set({ evalCellRequest: { cellId: id, request: null, error: null } });
      void callRaw('eval:request', { evalId: run.evalId, cellId: id }).then((r) =>
        set((s) =>
          s.evalCell === id && s.evalCellRequest?.cellId === id
            ? { evalCellRequest: { cellId: id, request: r.ok ? r.value : null, error: r.ok ? null : r.error.message } }
            : {},
        ),
      );
    },
    applyEvalProgress({ evalId, progress }) {
      patch(evalId, (run) => (run.running ? { progress } : {}));
    },
    applyEvalCells({ evalId, cells }) {
      patch(evalId, (run) => {
        if (!run.running) return {};
        const known = new Set(run.cells.map((c) => c.id));
        const added = cells.filter((c) => !known.has(c.id) && (known.add(c.id), true));
        return added.length ? { cells: [...run.cells, ...added] } : {};
      });
    },
  };
};

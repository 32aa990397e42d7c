import { Worker } from 'node:worker_threads';
import type { Connection } from '../../../shared/wire/connections.js';
import type { EvalCellView, EvalProgress, EvalSummaryView, RunMode } from '../../../shared/wire/run-result.js';
import type { WorkspaceTest } from '../../../shared/wire/test-file.js';
import type { ColumnRequestOutcome } from './column-request.js';
import { cellBuildKey, cellRequest, endedCell, summarize } from './eval-cells.js';
import type { EvalCell } from './eval-plan.js';
import type { EvalJob, EvalJobBuild, EvalJobCell, FromEvalWorker, ToEvalWorker } from './eval-worker-protocol.js';
import type { ClientLimits } from './http-client.js';
import { LoopTurns } from './loop-turns.js';
import type { SpendGuard } from './spend-guard.js';
import { cellView } from './eval-events.js';
import { builtWorkerFile } from '../built-worker.js';

/**
 * An eval whose cells run in a worker thread (eval-worker.ts), so the host's event loop — the
 * editor's — only plans the eval, builds its columns (once per workspace state), and passes
 * the worker's batches of finished cells and progress on. The worker gets the builds, the
 * cells and the keys of their connections in one message (keys stay in memory); it sends
 * back cells without their request bodies, and a cell's body is made again here, from the
 * same build and messages, when it is asked for. Cancelling asks the worker to abort every
 * request, and terminates it if it has not finished a second later. A worker that crashes or
 * exits early ends the eval with an error in each cell it had not finished; the host goes on.
 */

/** The worker's file name: next to this module in dist-lib/, and an entry of its own in dist-electron/ (vite.config.ts). */
export const EVAL_WORKER_FILE = 'eval-worker.js';

/**
 * The built worker next to this module: dist-lib/electron/host/run/eval-worker.js (browser
 * mode, the CLI's build) or dist-electron/eval-worker.js (the desktop bundle, whose chunks
 * lie in the same folder). Undefined when the host runs from its TypeScript sources (the unit
 * tests): evals then run on the host's thread.
 */
export function builtEvalWorker(moduleUrl: string = import.meta.url): URL | undefined {
  return builtWorkerFile(EVAL_WORKER_FILE, moduleUrl);
}

export interface WorkerEvalDeps {
  workerFile: URL;
  /** A cell's column build (eval-runner.ts cellBuilds): made on this thread, which holds the workspace. */
  build: (cell: EvalCell) => Promise<ColumnRequestOutcome>;
  keyFor: (connection: Connection) => string | undefined;
  mode: RunMode;
  concurrency: number;
  /** Its cap and prices go to the worker, which keeps the account. */
  spend: SpendGuard;
  /** The workspace whose tests/recordings/ are read and written (the worker writes them, atomically). */
  workspaceRoot?: string | undefined;
  signal?: AbortSignal | undefined;
  limits?: Partial<ClientLimits> | undefined;
  onCells?: ((cells: EvalCellView[]) => void) | undefined;
  onProgress?: ((progress: EvalProgress) => void) | undefined;
  /** Each finished cell that sent a request: its URL and exact body, made when called. */
  onRequest?: ((cellId: string, request: () => { url: string; body: string }) => void) | undefined;
  turns?: LoopTurns | undefined;
  /** How long a cancelled worker has to stop before it is terminated (default 1 s). */
  cancelGraceMs?: number | undefined;
}

const MAX_WORKER_HEAP_MB = 1024;

/**
 * The job for the worker: each build once (sent to it as soon as it is made, in a message of
 * its own), the tests once, the cells by index.
 */
async function evalJob(
  cells: readonly EvalCell[],
  deps: WorkerEvalDeps,
  turns: LoopTurns,
  send: (message: ToEvalWorker) => void,
): Promise<{ job: EvalJob; builds: EvalJobBuild[]; buildOfCell: number[] }> {
  const builds: EvalJobBuild[] = [];
  const buildIndex = new Map<string, number>();
  const tests: WorkspaceTest[] = [];
  const testIndex = new Map<WorkspaceTest, number>();
  const keys = new Map<string, string>();
  const jobCells: EvalJobCell[] = [];
  const buildOfCell: number[] = [];
  for (const cell of cells) {
    const buildKey = cellBuildKey(cell);
    let build = buildIndex.get(buildKey);
    if (build === undefined) {
      // Each build in a turn of its own: the editor's loop runs between them.
      await turns.turn();
      const outcome = await deps
        .build(cell)
        .catch((error: unknown): EvalJobBuild => ({ ok: false, threw: error instanceof Error ? error.message : String(error) }));
      build = builds.push(outcome) - 1;
      buildIndex.set(buildKey, build);
      await turns.turn();
      send({ type: 'build', build: outcome });
    }
    let test = testIndex.get(cell.test);
    if (test === undefined) testIndex.set(cell.test, (test = tests.push(cell.test) - 1));
    const key = deps.keyFor(cell.connection);
    if (key !== undefined) keys.set(cell.connection.id, key);
    buildOfCell.push(build);
    jobCells.push({ id: cell.id, test, column: cell.column, columnLabel: cell.columnLabel, connection: cell.connection, build });
  }
  return {
    job: {
      cells: jobCells,
      tests,
      keys: [...keys],
      mode: deps.mode,
      concurrency: deps.concurrency,
      spendCapUsd: deps.spend.capUsd,
      prices: deps.spend.prices,
      limits: deps.limits,
      workspaceRoot: deps.workspaceRoot,
    },
    builds,
    buildOfCell,
  };
}

export async function runEvalInWorker(cells: readonly EvalCell[], deps: WorkerEvalDeps): Promise<EvalSummaryView> {
  const started = performance.now();
  // Started first: the worker loads its modules while this thread builds the columns.
  const worker = new Worker(deps.workerFile, { resourceLimits: { maxOldGenerationSizeMb: MAX_WORKER_HEAP_MB } });
  let builds: EvalJobBuild[] = [];
  let buildOfCell: number[] = [];
  const indexOf = new Map(cells.map((cell, index) => [cell.id, index]));
  const results: (EvalCellView | undefined)[] = new Array(cells.length);
  let latest: EvalProgress | undefined;
  let outcome: { spentUsd: number } | undefined;
  let failure: string | undefined;

  const requestOf = (index: number): { url: string; body: string } => {
    const build = builds[buildOfCell[index]!]!;
    if (!build.ok) throw new Error('the cell sent no request');
    const request = cellRequest(cells[index]!, build.value);
    return { url: request.shownUrl, body: request.body };
  };

  const send = (message: ToEvalWorker): void => worker.postMessage(message);
  let killTimer: ReturnType<typeof setTimeout> | undefined;
  const cancel = (): void => {
    send({ type: 'cancel' });
    killTimer ??= setTimeout(() => void worker.terminate(), deps.cancelGraceMs ?? 1000);
  };

  const exited = new Promise<number>((resolve) => {
    worker.on('message', (message: FromEvalWorker) => {
      if (message.type === 'cells') {
        for (const cell of message.cells) {
          const index = indexOf.get(cell.id);
          if (index === undefined) continue;
          results[index] = cell;
          if (cell.request) deps.onRequest?.(cell.id, () => requestOf(index));
        }
        deps.onCells?.(message.cells);
      } else if (message.type === 'progress') {
        latest = message.progress;
        deps.onProgress?.(message.progress);
      } else if (message.type === 'done') {
        outcome = { spentUsd: message.spentUsd };
        void worker.terminate();
      }
    });
    worker.on('error', (error) => {
      failure ??= error.message;
    });
    worker.on('messageerror', (error) => {
      failure ??= `a message could not be read (${error.message})`;
      void worker.terminate();
    });
    worker.on('exit', resolve);
  });

  // A cancel while the columns build reaches the worker before the job does.
  if (deps.signal?.aborted) cancel();
  else deps.signal?.addEventListener('abort', cancel, { once: true });
  try {
    const made = await evalJob(cells, deps, deps.turns ?? new LoopTurns(), send);
    ({ builds, buildOfCell } = made);
    send({ type: 'start', job: made.job });
  } catch (error) {
    failure = `the eval could not be handed to it (${error instanceof Error ? error.message : String(error)})`;
    void worker.terminate();
  }
  const code = await exited;
  deps.signal?.removeEventListener('abort', cancel);
  if (killTimer) clearTimeout(killTimer);

  if (!outcome) {
    // The worker ended before it finished: every cell it had not sent ends here.
    const reason = deps.signal?.aborted
      ? undefined
      : `the eval's worker stopped: ${failure ?? `it exited with code ${code} before the eval was done`}`;
    const ended: EvalCellView[] = [];
    cells.forEach((cell, index) => {
      if (results[index]) return;
      const view = cellView(reason === undefined ? endedCell(cell, 'cancelled', 'cancelled') : endedCell(cell, 'error', reason));
      results[index] = view;
      ended.push(view);
    });
    if (ended.length) deps.onCells?.(ended);
    const elapsedMs = performance.now() - started;
    deps.onProgress?.({
      done: cells.length,
      total: cells.length,
      tokens: latest?.tokens ?? 0,
      spentUsd: latest?.spentUsd ?? 0,
      elapsedMs,
      remainingMs: 0,
    });
  }
  const list = results as EvalCellView[];
  return {
    cells: list,
    ...summarize(list, {
      spentUsd: outcome?.spentUsd ?? latest?.spentUsd ?? 0,
      durationMs: performance.now() - started,
      cancelled: deps.signal?.aborted === true,
    }),
  };
}

import type { Worker } from 'node:worker_threads';
import type { ContextPreset } from '../../shared/domain/preset.js';
import type { WorkspaceSnapshot } from '../../shared/engine/workspace/workspace-snapshot.js';
import { builtWorkerFile } from './built-worker.js';
import type { MatrixCellMemo } from './matrix-cell-memo.js';
import type { NeededRow } from './matrix-cells.js';
import { defaultWorkerCount, type MatrixWorkerPool } from './matrix-worker-pool.js';
import {
  wireComponents,
  type FromMatrixWorker,
  type ToMatrixWorker,
  type WireRow,
  type WireSide,
  type WorkerResult,
  type WorkerTask,
} from './matrix-worker-protocol.js';

/**
 * The snapshot matrix's builds in worker threads (matrix-worker.ts): the rows the memo does not
 * know are handed out in batches to two workers (the machine's cores), each asking for the next
 * batch when it answers one, so a worker slowed by other work gets fewer. Their digests go into
 * the memo, and the matrix is then made on the host's thread from it as before (matrix-cells.ts):
 * the same cells, with 10,000 builds' prompts, hashing and garbage off the host's loop. The token
 * counts that follow the matrix are made the same way (runInWorkers with the task 'count'). The
 * workers come from a pool (matrix-worker-pool.ts) and go back to it when their job is done; a
 * newer request or a closed host terminates them; a worker that crashes or exits early fails the
 * build with its reason.
 */

/** The worker's file name: next to this module in dist-lib/, and an entry of its own in dist-electron/ (vite.config.ts). */
export const MATRIX_WORKER_FILE = 'matrix-worker.js';

export function builtMatrixWorker(moduleUrl: string = import.meta.url): URL | undefined {
  return builtWorkerFile(MATRIX_WORKER_FILE, moduleUrl);
}

/** How many builds a batch holds at least (a few milliseconds of a worker's time: the host's turn per answer stays short). */
const BATCH_CELLS = 60;
/** Batches a worker has in hand, so it never waits for the host between two. */
const IN_FLIGHT = 2;

export interface WorkerJob<T extends WorkerTask> {
  /** Where the workers come from, and go back to when the job is done. */
  pool: MatrixWorkerPool;
  task: T;
  rows: readonly NeededRow[];
  /** How many workers (default: the machine's cores, at most 2). */
  workers?: number | undefined;
  /** Asked after each answer of a worker: false stops every worker. */
  goOn(): boolean;
  /** A row's results, one per preset of it, in its order. */
  onRow(index: number, results: WorkerResult<T>[]): void;
}

/** Thrown when a worker stopped before it was done (a crash, an exit, an error it reported). */
export class MatrixWorkerError extends Error {}

export type WorkersOutcome = 'done' | 'stopped' | 'unsuited';

/**
 * Builds the rows in workers and remembers their digests. 'done' once every row's digests are in
 * the memo; 'stopped' when goOn said no; 'unsuited' when the builds cannot cross to a worker (a
 * component registered in code, a value that cannot be copied): what is left is then the host's
 * thread's to build. Rejects with a MatrixWorkerError when a worker fails.
 */
export function buildInWorkers(
  job: Omit<WorkerJob<'digest'>, 'task' | 'onRow'> & {
    memo: MatrixCellMemo;
    /** The builds done so far, by side (the workspace snapshot they were made from). */
    onBuilt?(ws: WorkspaceSnapshot, builds: number): void;
  },
): Promise<WorkersOutcome> {
  const built = new Map<WorkspaceSnapshot, number>();
  return runInWorkers({
    ...job,
    task: 'digest',
    onRow: (index, digests) => {
      const row = job.rows[index]!;
      digests.forEach(({ exact, ...digest }, i) => {
        if (exact) job.memo.remember(row.ws, row.variant, row.presets[i]!, digest);
      });
      built.set(row.ws, (built.get(row.ws) ?? 0) + digests.length);
      job.onBuilt?.(row.ws, built.get(row.ws)!);
    },
  });
}

type Listener = Parameters<Worker['on']>[1];

/** Runs a task on every cell of the rows in workers (see buildInWorkers for the outcomes). */
export async function runInWorkers<T extends WorkerTask>(job: WorkerJob<T>): Promise<WorkersOutcome> {
  const sides = new Map<WorkspaceSnapshot, { index: number; presets: Map<ContextPreset, number>; wire: WireSide }>();
  for (const row of job.rows) {
    if (sides.has(row.ws)) continue;
    const components = wireComponents(row.ws.components);
    if (!components) return 'unsuited';
    const wire: WireSide = { components, tools: row.ws.tools, presets: row.ws.presets };
    sides.set(row.ws, { index: sides.size, presets: new Map(row.ws.presets.map((p, i) => [p, i])), wire });
  }
  if (job.rows.length === 0) return 'done';
  const count = Math.max(1, Math.min(job.workers ?? defaultWorkerCount(), job.rows.length));
  const workers = job.pool.take(count);
  /** Each worker's listeners of this job, taken off when it goes back to the pool. */
  const listeners = new Map<Worker, [string, Listener][]>();
  let next = 0;
  let answered = 0;
  return new Promise((resolve, reject) => {
    let settled = false;
    /**
     * Ends the job: its workers go back to the pool when it is done (nothing of it is left in
     * them), else they are terminated, keeping this job's listeners (no-ops now): a worker that
     * fails before it is gone must not be an error nobody listens to.
     */
    const end = (clean = false): void => {
      settled = true;
      for (const worker of workers) {
        if (!clean) {
          void worker.terminate();
          continue;
        }
        for (const [event, listener] of listeners.get(worker) ?? []) worker.off(event, listener);
        job.pool.give(worker, job.task);
      }
    };
    const fail = (reason: string): void => {
      if (settled) return;
      end();
      reject(new MatrixWorkerError(`the snapshot matrix's worker stopped: ${reason}`));
    };
    /** Posts, or on a value that cannot be copied to a worker (DataCloneError) leaves what is not done yet to the host's thread. */
    const send = (post: () => void): void => {
      try {
        post();
      } catch {
        end();
        resolve('unsuited');
      }
    };
    /** The next batch of rows for a worker (none when every row was handed out). */
    const sendBatch = (worker: Worker): void => {
      if (next >= job.rows.length) return;
      const rows: WireRow[] = [];
      for (let cells = 0; next < job.rows.length && cells < BATCH_CELLS; next++) {
        const row = job.rows[next]!;
        const side = sides.get(row.ws)!;
        rows.push({ job: next, side: side.index, variant: row.variant, presets: row.presets.map((p) => side.presets.get(p)!) });
        cells += row.presets.length;
      }
      worker.postMessage({ type: 'rows', task: job.task, rows } satisfies ToMatrixWorker);
    };
    const onMessage = (worker: Worker, message: FromMatrixWorker): void => {
      if (settled) return;
      if (message.type === 'failed') return fail(`a build threw: ${message.message}`);
      for (const { job: index, results } of message.rows) {
        job.onRow(index, results as WorkerResult<T>[]);
        answered++;
      }
      if (answered === job.rows.length) {
        end(true);
        return resolve('done');
      }
      if (!job.goOn()) {
        end();
        return resolve('stopped');
      }
      send(() => sendBatch(worker));
    };
    send(() => {
      const wires = [...sides.values()].map((side) => side.wire);
      for (const worker of workers) {
        const on: [string, Listener][] = [
          ['message', (message: FromMatrixWorker) => onMessage(worker, message)],
          ['error', (error: Error) => fail(error.message)],
          ['messageerror', (error: Error) => fail(`a message could not be read (${error.message})`)],
          ['exit', (code: number) => fail(`it exited with code ${code} before it was done`)],
        ];
        listeners.set(worker, on);
        for (const [event, listener] of on) worker.on(event, listener);
        worker.postMessage({ type: 'sides', sides: wires } satisfies ToMatrixWorker);
      }
      for (let round = 0; round < IN_FLIGHT; round++) for (const worker of workers) sendBatch(worker);
    });
  });
}

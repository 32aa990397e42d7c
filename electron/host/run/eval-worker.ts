import { parentPort } from 'node:worker_threads';
import type { ColumnRequestOutcome } from './column-request.js';
import { EvalEventBatch, cellView } from './eval-events.js';
import { runCells } from './eval-cells.js';
import type { EvalCell } from './eval-plan.js';
import type { EvalJob, EvalJobBuild, FromEvalWorker, ToEvalWorker } from './eval-worker-protocol.js';
import { RecordingStore } from './recordings.js';
import { SpendGuard } from './spend-guard.js';

/**
 * The entry of an eval's worker thread (started by eval-in-worker.ts; built to
 * dist-lib/electron/host/run/eval-worker.js by tsc and to dist-electron/eval-worker.js by
 * Vite). The cells run here through the same path as in the host's thread (eval-runner.ts),
 * so fetch, the streams' parsing, JSON, hashing and their garbage stay off the host's loop.
 * A `cancel` aborts every request in flight; the finished cells and the progress go back in
 * batches, and `done` once everything is sent.
 */

function post(message: FromEvalWorker): void {
  parentPort!.postMessage(message);
}

async function run(job: EvalJob, jobBuilds: readonly EvalJobBuild[], signal: AbortSignal): Promise<void> {
  const cells: EvalCell[] = job.cells.map((c) => ({
    id: c.id,
    test: job.tests[c.test]!,
    column: c.column,
    columnLabel: c.columnLabel,
    connection: c.connection,
  }));
  const builds = new Map(job.cells.map((c) => [c.id, jobBuilds[c.build]!]));
  const keys = new Map(job.keys);
  const spend = new SpendGuard(job.spendCapUsd, job.prices);
  const events = new EvalEventBatch({
    cells: (views) => post({ type: 'cells', cells: views }),
    progress: (progress) => post({ type: 'progress', progress }),
  });
  const buildOf = (cell: EvalCell): Promise<ColumnRequestOutcome> => {
    const build = builds.get(cell.id)!;
    return 'threw' in build ? Promise.reject(new Error(build.threw)) : Promise.resolve(build);
  };
  const summary = await runCells(cells, buildOf, {
    keyFor: (connection) => keys.get(connection.id),
    mode: job.mode,
    concurrency: job.concurrency,
    spend,
    recordings: job.workspaceRoot === undefined ? undefined : new RecordingStore(job.workspaceRoot),
    signal,
    limits: job.limits,
    onProgress: (progress) => events.progress(progress),
    onCell: (cell) => events.cell(cellView(cell)),
  });
  events.flush();
  post({ type: 'done', spentUsd: summary.spentUsd, cancelled: summary.cancelled });
}

if (parentPort) {
  const controller = new AbortController();
  const builds: EvalJobBuild[] = [];
  parentPort.on('message', (message: ToEvalWorker) => {
    if (message.type === 'cancel') controller.abort();
    else if (message.type === 'build') builds.push(message.build);
    else if (message.type === 'start')
      // An error here is the worker's crash (thrown out of the loop): the host turns it into the cells' error.
      run(message.job, builds, controller.signal).catch((error: unknown) =>
        process.nextTick(() => {
          throw error;
        }),
      );
  });
}

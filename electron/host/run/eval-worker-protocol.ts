import type { CompareColumnSpec } from '../../../shared/ipc/contract.js';
import type { Connection } from '../../../shared/wire/connections.js';
import type { PriceTable } from '../../../shared/wire/prices.js';
import type { EvalCellView, EvalProgress, RunMode } from '../../../shared/wire/run-result.js';
import type { WorkspaceTest } from '../../../shared/wire/test-file.js';
import type { ColumnRequestOutcome } from './column-request.js';
import type { ClientLimits } from './http-client.js';

/**
 * The messages between the host and an eval's worker thread (eval-worker.ts). The host plans
 * the eval and builds its columns; the worker makes each cell's body and key, sends it (or
 * replays or records it), reads the reply and checks the assertions, and sends back the
 * finished cells (without their bodies) and the progress in batches.
 */

export interface EvalJobCell {
  id: string;
  /** Index into `tests`. */
  test: number;
  column: CompareColumnSpec;
  columnLabel: string;
  connection: Connection;
  /** Index of its build among the `build` messages before `start`. */
  build: number;
}

/** A column's build, or what a build that threw said (its cells end as an internal error, as in the host's thread). */
export type EvalJobBuild = ColumnRequestOutcome | { ok: false; threw: string };

export interface EvalJob {
  cells: EvalJobCell[];
  tests: WorkspaceTest[];
  /** The keys of the connections used, by connection id: held in the worker's memory only, never sent back. */
  keys: [string, string][];
  mode: RunMode;
  concurrency: number;
  spendCapUsd: number | undefined;
  prices: PriceTable;
  limits: Partial<ClientLimits> | undefined;
  /** The workspace whose tests/recordings/ the worker reads and writes (RecordingStore confines it). */
  workspaceRoot: string | undefined;
}

/**
 * Each column's build once per API goes in a message of its own (tens of kilobytes: copying
 * them all in one message would hold the host's loop), then the job, then maybe a cancel.
 */
export type ToEvalWorker = { type: 'build'; build: EvalJobBuild } | { type: 'start'; job: EvalJob } | { type: 'cancel' };

export type FromEvalWorker =
  | { type: 'cells'; cells: EvalCellView[] }
  | { type: 'progress'; progress: EvalProgress }
  | { type: 'done'; spentUsd: number; cancelled: boolean };

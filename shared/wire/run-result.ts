import type { AssertionResult } from './assertions.js';
import type { Reply } from './reply.js';
import type { ParsedToolCall } from './tool-calls.js';

/** What a run, an eval cell and the run history hold: the shapes the host sends the renderer. */

export type RunMode = 'live' | 'record' | 'replay';

export type CellStatus = 'ok' | 'error' | 'needs-recording' | 'cancelled' | 'not-sent';

export interface CellResult {
  status: CellStatus;
  reply: Reply;
  toolCalls: ParsedToolCall[];
  latencyMs: number;
  /** Dollars (null: no price for the model). */
  cost: number | null;
  attempts: number;
  /** Where the reply came from. */
  source: 'live' | 'recording' | 'none';
  /** The recording written or replayed (workspace-relative), or why there is none. */
  recording?: { file: string; written: boolean } | { missing: true; stale: number } | undefined;
  /** One message for a cell that did not get a whole reply. */
  message?: string | undefined;
}

export interface EvalCellResult {
  id: string;
  test: string;
  column: string;
  connection: string;
  status: CellStatus | 'build-failed';
  /** Null when the reply could not be judged (no reply, not sent, needs recording). */
  pass: boolean | null;
  assertions: AssertionResult[];
  /** The request as sent (URL without credentials, exact body). */
  request?: { url: string; body: string; key: string } | undefined;
  result?: CellResult | undefined;
  message?: string | undefined;
}

/**
 * A cell as the renderer gets it: its request's URL and key but not the body (tens of
 * kilobytes a cell; serialising them all held the host's loop): eval:request gives the body of
 * the cell opened.
 */
export type EvalCellView = Omit<EvalCellResult, 'request'> & { request?: { url: string; key: string } | undefined };

export interface EvalProgress {
  done: number;
  total: number;
  tokens: number;
  spentUsd: number;
  elapsedMs: number;
  /** Estimated from the pace so far (null before the first cell is done). */
  remainingMs: number | null;
}

export interface EvalSummary {
  cells: EvalCellResult[];
  passed: number;
  failed: number;
  errors: number;
  needsRecording: number;
  notRun: number;
  spentUsd: number;
  durationMs: number;
  cancelled: boolean;
}

/** The answer of eval:start: the summary, with the cells as the renderer gets them. */
export type EvalSummaryView = Omit<EvalSummary, 'cells'> & { cells: EvalCellView[] };

export interface RunRecord {
  id: string;
  at: string;
  /** The column's label, e.g. "generic @ basic". */
  label: string;
  connection: string;
  api: string;
  model: string;
  /** Where it went (no credentials) and the exact body. */
  request: { url: string; body: string };
  result: CellResult;
  /** The workspace test whose conversation was sent, and its assertions on the reply (none without a whole reply). */
  test?: { id: string; assertions: AssertionResult[] } | undefined;
}

export interface RunSummary {
  id: string;
  at: string;
  label: string;
  connection: string;
  model: string;
  status: CellStatus;
  cost: number | null;
  /** The reply's first characters. */
  preview: string;
}

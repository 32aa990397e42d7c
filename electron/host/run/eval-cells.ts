import { evaluateAssertions } from '../../../shared/wire/assertions.js';
import type { EvalCellResult, EvalCellView, EvalProgress, EvalSummary } from '../../../shared/wire/run-result.js';
import { baseUrlOf, type Connection } from '../../../shared/wire/connections.js';
import { testTurns } from '../../../shared/wire/test-file.js';
import type { ColumnRequest, ColumnRequestOutcome } from './column-request.js';
import type { EvalCell } from './eval-plan.js';
import type { ClientLimits, SendOptions } from './http-client.js';
import type { RecordingStore } from './recordings.js';
import { prepareRequest, runCell, type PreparedRequest, type RunMode } from './run-cell.js';
import type { SpendGuard } from './spend-guard.js';
import { LoopTurns } from './loop-turns.js';

/**
 * Runs an eval's cells, at most `concurrency` at once, each through the same path as a single
 * run (run-cell.ts), and checks each reply against its test's assertions. Cancelling stops
 * every request in flight and starts no other; progress says cells done, tokens, money spent
 * and the time left. The same code runs on the host's thread (eval-runner.ts) and in an
 * eval's worker (eval-worker.ts), which therefore loads none of the engine: the columns'
 * builds come in made.
 */

/** What running the cells needs, wherever they run (this thread, or the eval's worker: eval-worker.ts). */
export interface CellRunDeps {
  keyFor: (connection: Connection) => string | undefined;
  mode: RunMode;
  concurrency: number;
  spend: SpendGuard;
  recordings?: RecordingStore | undefined;
  signal?: AbortSignal | undefined;
  limits?: Partial<ClientLimits> | undefined;
  sleep?: SendOptions['sleep'];
  onProgress?: ((progress: EvalProgress) => void) | undefined;
  onCell?: ((cell: EvalCellResult) => void) | undefined;
  /** Turns for the cells' synchronous work (default: one piece per event-loop iteration). */
  turns?: LoopTurns | undefined;
}

/** The key of a cell's build: one build per column and API (the body is for the connection's API, its model too). */
export function cellBuildKey(cell: EvalCell): string {
  return JSON.stringify([cell.column, cell.connection.api]);
}

/** The request a cell sends: its column's body for its connection, with its test's messages. */
export function cellRequest(cell: EvalCell, built: ColumnRequest): PreparedRequest {
  return prepareRequest(
    cell.connection.api,
    baseUrlOf(cell.connection),
    built.input,
    testTurns(cell.test.messages),
    cell.test.stream ?? true,
  );
}

export function summarize(
  list: readonly (EvalCellResult | EvalCellView)[],
  totals: { spentUsd: number; durationMs: number; cancelled: boolean },
): Omit<EvalSummary, 'cells'> {
  return {
    passed: list.filter((r) => r.pass === true).length,
    failed: list.filter((r) => r.status === 'ok' && r.pass === false).length,
    errors: list.filter((r) => r.status === 'error' || r.status === 'build-failed').length,
    needsRecording: list.filter((r) => r.status === 'needs-recording').length,
    notRun: list.filter((r) => r.status === 'not-sent' || r.status === 'cancelled').length,
    ...totals,
  };
}

/** A cell that got no further than its start: cancelled before it ran, or lost with the eval's worker. */
export function endedCell(cell: EvalCell, status: 'cancelled' | 'error', message: string): EvalCellResult {
  return {
    id: cell.id,
    test: cell.test.id,
    column: cell.columnLabel,
    connection: cell.connection.id,
    status,
    pass: status === 'error' ? false : null,
    assertions: [],
    message,
  };
}

/** Runs the cells with their builds from `buildOf`. */
export async function runCells(
  cells: readonly EvalCell[],
  buildOf: (cell: EvalCell) => Promise<ColumnRequestOutcome>,
  deps: CellRunDeps,
): Promise<EvalSummary> {
  const started = performance.now();
  const results: EvalCellResult[] = new Array(cells.length);
  let next = 0;
  let done = 0;
  let tokens = 0;
  const turns = deps.turns ?? new LoopTurns();
  const turn = (): Promise<void> => turns.turn();

  const progress = (): void => {
    const elapsedMs = performance.now() - started;
    deps.onProgress?.({
      done,
      total: cells.length,
      tokens,
      spentUsd: deps.spend.spent,
      elapsedMs,
      remainingMs: done ? (elapsedMs / done) * (cells.length - done) : null,
    });
  };

  const runOne = async (cell: EvalCell): Promise<EvalCellResult> => {
    // Builds, bodies, hashes and reading replies are synchronous work: each takes a turn, so the
    // event loop (the editor's) runs between them.
    await turn();
    const base = { id: cell.id, test: cell.test.id, column: cell.columnLabel, connection: cell.connection.id };
    const built = await buildOf(cell);
    if (!built.ok) return { ...base, status: 'build-failed', pass: null, assertions: [], message: `${built.label}: ${built.error}` };
    await turn();
    const request = cellRequest(cell, built.value);
    const result = await runCell(request, {
      mode: deps.mode,
      key: deps.keyFor(cell.connection),
      vocabulary: built.value.vocabulary,
      spend: deps.spend,
      recordings: deps.recordings,
      test: cell.test.id,
      column: cell.columnLabel,
      signal: deps.signal,
      limits: deps.limits,
      sleep: deps.sleep,
      turn,
    });
    tokens += result.reply.usage.inputTokens + result.reply.usage.outputTokens;
    const shown = { url: request.shownUrl, body: request.body, key: request.key };
    if (result.status !== 'ok')
      return {
        ...base,
        status: result.status,
        pass: result.status === 'error' ? false : null,
        assertions: [],
        request: shown,
        result,
        message: result.message,
      };
    const assertions = evaluateAssertions(cell.test.assert, result);
    return { ...base, status: 'ok', pass: assertions.every((a) => a.pass), assertions, request: shown, result };
  };

  const lane = async (): Promise<void> => {
    while (next < cells.length) {
      const index = next++;
      const cell = cells[index]!;
      if (deps.signal?.aborted) {
        results[index] = endedCell(cell, 'cancelled', 'cancelled');
      } else {
        try {
          results[index] = await runOne(cell);
        } catch (error) {
          results[index] = endedCell(cell, 'error', `internal error: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      done++;
      deps.onCell?.(results[index]);
      progress();
    }
  };

  progress();
  await Promise.all(Array.from({ length: Math.max(1, Math.min(deps.concurrency, cells.length)) }, lane));
  const list = results.filter((r): r is EvalCellResult => r !== undefined);
  return {
    cells: list,
    ...summarize(list, { spentUsd: deps.spend.spent, durationMs: performance.now() - started, cancelled: deps.signal?.aborted === true }),
  };
}

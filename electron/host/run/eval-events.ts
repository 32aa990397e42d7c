import type { EvalCellResult, EvalCellView, EvalProgress } from '../../../shared/wire/run-result.js';

/**
 * An eval's messages to the renderer, batched: finished cells and the latest progress are
 * held for a short while and sent together (eval:cells, then eval:progress), so a fast eval
 * sends a few messages a second instead of two per cell — each one serialised on the host's
 * loop and rendered by the page. Nothing is dropped: every cell goes out once, in the order it
 * finished, and `flush` (at the end of the eval, before its answer) sends what is held, so the
 * renderer's final state is the one unbatched messages would give.
 */

/** A cell without its request body (the renderer asks for it with eval:request). */
export function cellView(cell: EvalCellResult): EvalCellView {
  if (!cell.request) return cell;
  const { request, ...rest } = cell;
  return { ...rest, request: { url: request.url, key: request.key } };
}

/** Request bodies of the last evals, by eval and cell, for eval:request (given, or made when asked for). */
export class EvalRequests {
  private readonly evals = new Map<string, Map<string, { url: string; body: string } | (() => { url: string; body: string })>>();

  constructor(private readonly keep = 2) {}

  add(evalId: string, cell: EvalCellResult): void {
    if (cell.request) this.set(evalId, cell.id, { url: cell.request.url, body: cell.request.body });
  }

  /** A cell's request that is made again when asked for (an eval in a worker does not send its bodies back). */
  addLater(evalId: string, cellId: string, request: () => { url: string; body: string }): void {
    this.set(evalId, cellId, request);
  }

  get(evalId: string, cellId: string): { url: string; body: string } | undefined {
    const found = this.evals.get(evalId)?.get(cellId);
    return typeof found === 'function' ? found() : found;
  }

  private set(evalId: string, cellId: string, request: { url: string; body: string } | (() => { url: string; body: string })): void {
    let cells = this.evals.get(evalId);
    if (!cells) {
      this.evals.set(evalId, (cells = new Map()));
      while (this.evals.size > this.keep) this.evals.delete(this.evals.keys().next().value as string);
    }
    cells.set(cellId, request);
  }
}

export interface EvalEventSink {
  cells(cells: EvalCellView[]): void;
  progress(progress: EvalProgress): void;
}

export interface BatchTimers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const NODE_TIMERS: BatchTimers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export const EVAL_BATCH_MS = 50;

export class EvalEventBatch {
  private held: EvalCellView[] = [];
  private latest: EvalProgress | undefined;
  private timer: unknown;

  constructor(
    private readonly sink: EvalEventSink,
    private readonly intervalMs = EVAL_BATCH_MS,
    private readonly timers: BatchTimers = NODE_TIMERS,
  ) {}

  cell(cell: EvalCellView): void {
    this.held.push(cell);
    this.arm();
  }

  progress(progress: EvalProgress): void {
    this.latest = progress;
    this.arm();
  }

  /** Sends what is held now. */
  flush(): void {
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = undefined;
    const cells = this.held;
    const progress = this.latest;
    this.held = [];
    this.latest = undefined;
    if (cells.length) this.sink.cells(cells);
    if (progress) this.sink.progress(progress);
  }

  private arm(): void {
    this.timer ??= this.timers.set(() => {
      this.timer = undefined;
      this.flush();
    }, this.intervalMs);
  }
}

import os from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * The snapshot matrix's worker threads, kept between jobs (matrix-in-workers.ts). A worker
 * takes 170–270 ms to load the engine before its first answer, and a count job's worker half a
 * second more for the encoders: a pool started ahead (warm: when a workspace large enough for
 * workers opens) and given back its workers after each job that finished cleanly means the
 * matrix's first request, and the ones after a preset was edited, start building at once. A
 * job that stops early (a newer request) or fails terminates its workers instead: they may still
 * hold batches of the old job. Idle workers do not keep the process alive, leave after
 * IDLE_MS without a job, and one that exits or fails while idle is dropped.
 */

const MAX_WORKER_HEAP_MB = 1024;
/** How long an idle worker is kept (its heap and, after a count, the encoders: tens of megabytes). */
const IDLE_MS = 5 * 60_000;

/** How many workers a job uses by default: the machine's cores, at most 2. */
export const defaultWorkerCount = (): number => Math.min(2, os.availableParallelism());

export class MatrixWorkerPool {
  /** Idle workers, each with the listener that drops it if it exits or fails while idle. */
  private readonly idle = new Map<Worker, () => void>();
  /** The tasks each worker finished a job of (a count job's worker has loaded the encoders). */
  private readonly done = new WeakMap<Worker, Set<string>>();
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  /** Workers started in all (for tests: what was reused). */
  started = 0;

  constructor(
    readonly file: URL,
    private readonly size: number = defaultWorkerCount(),
  ) {}

  /** Starts idle workers up to the pool's size, so the next job finds them loaded. */
  warm(): void {
    while (!this.closed && this.idle.size < this.size) this.park(this.start());
  }

  /** `count` workers for a job: idle ones first, then new ones. The job gives them back (give) or terminates them. */
  take(count: number): Worker[] {
    const out: Worker[] = [];
    for (const [worker, drop] of this.idle) {
      if (out.length === count) break;
      this.idle.delete(worker);
      worker.off('exit', drop);
      worker.off('error', drop);
      worker.ref();
      out.push(worker);
    }
    while (out.length < count) out.push(this.start());
    return out;
  }

  /**
   * Whether a worker is idle now (any, or one that finished a job of `task` before): a job then
   * starts at once, so even a few builds are better made there than on the host's thread,
   * whose engine code is cold while the workers make every large matrix.
   */
  hasIdle(task?: string): boolean {
    for (const worker of this.idle.keys()) if (task === undefined || this.done.get(worker)?.has(task)) return true;
    return false;
  }

  /** A worker whose job (of `task`) finished with nothing of it left in the worker: kept for the next job (or terminated when the pool is full or closed). */
  give(worker: Worker, task: string): void {
    let done = this.done.get(worker);
    if (!done) this.done.set(worker, (done = new Set()));
    done.add(task);
    if (this.closed || this.idle.size >= this.size) {
      void worker.terminate();
      return;
    }
    this.park(worker);
  }

  /** Terminates the idle workers; workers given back later are terminated too. */
  close(): void {
    this.closed = true;
    clearTimeout(this.idleTimer);
    for (const worker of [...this.idle.keys()]) void worker.terminate();
    this.idle.clear();
  }

  private start(): Worker {
    this.started++;
    return new Worker(this.file, { resourceLimits: { maxOldGenerationSizeMb: MAX_WORKER_HEAP_MB } });
  }

  private park(worker: Worker): void {
    const drop = (): void => {
      if (!this.idle.delete(worker)) return;
      worker.off('exit', drop);
      worker.off('error', drop);
      void worker.terminate();
    };
    worker.on('exit', drop);
    worker.on('error', drop);
    worker.unref();
    this.idle.set(worker, drop);
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      for (const idle of [...this.idle.values()]) idle();
    }, IDLE_MS);
    this.idleTimer.unref();
  }
}

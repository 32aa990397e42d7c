import type { MatrixCellView, MatrixView } from '../../shared/ipc/contract.js';
import { HostError } from '../../shared/ipc/host-error.js';
import { budgetUsage } from '../../shared/engine/budgets/token-budgets.js';
import { buildVariantPrompt } from '../../shared/engine/build/build-variant-prompt.js';
import { matrixAxes } from '../../shared/engine/compare/snapshot-matrix.js';
import { deterministicBuildOptions, SNAPSHOT_DIR } from '../../shared/engine/snapshots/snapshot-files.js';
import type { WorkspaceSnapshot } from '../../shared/engine/workspace/workspace-snapshot.js';
import type { HostContext } from './host-context.js';
import { MatrixCellMemo } from './matrix-cell-memo.js';
import { hostMatrixCells, neededBuilds, type NeededRow } from './matrix-cells.js';
import { buildInWorkers, builtMatrixWorker, MatrixWorkerError, runInWorkers, type WorkersOutcome } from './matrix-in-workers.js';
import { MatrixWorkerPool } from './matrix-worker-pool.js';
import { LOOP_SLICER, nextTurn, runSliced, type Slicer } from './sliced-work.js';
import { SnapshotStore } from './snapshot-store.js';
import { loadPieceCounter, loadTokenCounter } from './tokens.js';
import type { WorkspaceSession } from './workspace-session.js';

/** At most one progress event (and one partial token event) per this many milliseconds. */
const PROGRESS_MS = 100;
const TOKENS_MS = 1000;
/** Token counts remembered by prompt hash (not by text: 10,000 prompts would stay alive). */
const TOKEN_MEMO_SIZE = 20_000;

/** What a matrix is computed from: a change of any of it (an edit, a save, a reload, another workspace) makes a build stale. */
interface BuildState {
  session: WorkspaceSession;
  docs: number;
  saved: number;
}
/** Where the builds a matrix lacks are made: worker threads from this file (none: the host's thread), when at least `minCells` are lacking. */
export interface MatrixWorkers {
  file: URL | undefined;
  minCells: number;
  /** How many (default: the machine's cores, at most 2). */
  count?: number | undefined;
  /** How many cells warmUp has the workers build ahead (default AHEAD_CELLS; 0: none). */
  ahead?: number | undefined;
  /** How long without a request after warmUp they start (default AHEAD_AFTER_MS; 0: at once). */
  aheadAfterMs?: number | undefined;
}

/** Fewer builds than this are made on the host's thread (a row after typing: a few milliseconds, in slices), more in workers. */
const WORKER_MIN_CELLS = 400;
/**
 * The cells warmUp has the workers build before anyone asks: a worker's first thousand builds
 * run on cold engine code (850 us each at first, 300 once the code is optimised, measured on the
 * 500 × 20 bench), so building some ahead, at the workers' low priority, is the cold start paid
 * while the user looks at the first screen. Their digests go into the memo: no work is lost.
 */
const AHEAD_CELLS = 2000;
/**
 * They start once the host had no request for this long after warmUp: the first screen's start
 * (its requests, the editors loading) and typing do not share the two cores with them (started at
 * once, the 500 × 20 workspace's first text came 250 ms later, and its second editor a second later).
 */
const AHEAD_AFTER_MS = 1000;

const stateOf = (session: WorkspaceSession): BuildState => ({ session, docs: session.docs.version, saved: session.docs.savedVersion });

/**
 * The snapshot matrix, built in time slices (sliced-work.ts) so the host answers other
 * requests while 10,000 cells build. Each request starts a new computation (a new version);
 * a build still running when a newer one starts stops at its next slice and is answered
 * with the newer one's matrix, and a build that sees the workspace change under it starts
 * again on the new state: no answer ever holds cells of an older state than the newest
 * request saw. While building, `compare:matrixProgress` events tell how far it got; once
 * answered, the cells' token counts follow in slices too (`compare:matrixTokens`, a growing
 * prefix, then all). Prompts are not kept: 10,000 of them would be hundreds of megabytes;
 * token counting builds each again (a build costs a fraction of its count).
 */
export class MatrixBuilds {
  private version = 0;
  private latest: Promise<MatrixView> | undefined;
  private readonly tokenMemo = new Map<string, number>();
  /** The builds of earlier matrices, by the objects they were made from: a cell nothing changed for is not built again. */
  private readonly memo = new MatrixCellMemo();
  /** The workspace of the last build with nothing unsaved, and the save it was (see savedBaseline). */
  private clean: { session: WorkspaceSession; savedVersion: number; workspace: WorkspaceSnapshot } | undefined;
  /** The last matrix answered, and what it was made from: a request that finds all of it the same answers these cells again. */
  private last: Answered | undefined;
  /** The counts of every cell of the last matrix whose counting finished (a matrix answered again is counted by now). */
  private counted: { cells: readonly MatrixCellView[]; tokens: number[]; budgetsOver: number[] } | undefined;
  /** The worker threads, kept between matrices (none: every build is the host's thread's). */
  private readonly pool: MatrixWorkerPool | undefined;
  /** The builds warmUp started ahead (of this session's workspace), while they run: a request waits for them (their workers are busy, their digests its own). */
  private ahead: { session: WorkspaceSession; done: Promise<void> } | undefined;
  /** Until they start: a request before then builds every cell itself. */
  private aheadTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly host: HostContext,
    private readonly slicer: Slicer = LOOP_SLICER,
    private readonly workers: MatrixWorkers = { file: builtMatrixWorker(), minCells: WORKER_MIN_CELLS },
  ) {
    this.pool = workers.file && new MatrixWorkerPool(workers.file, workers.count);
  }

  /**
   * Starts the workers now when the open workspace's matrix would be built in them (a large
   * workspace): their start-up (the engine's modules) is then over by the first request, and
   * they build the first rows ahead (AHEAD_CELLS), so their engine code is optimised by then too.
   */
  warmUp(): void {
    const session = this.host.session;
    if (!this.pool || !session || this.host.closed) return;
    if (this.ahead) {
      // Their workers are out of the pool (warming it would start others): a workspace opened
      // meanwhile stops them at their next answer, and is warmed after.
      if (this.ahead.session !== session) void this.ahead.done.then(() => this.warmUp());
      return;
    }
    const workspace = session.snapshot();
    const { variants, presets } = matrixAxes(workspace);
    if (variants.length * presets.length < this.workers.minCells) return;
    this.pool.warm();
    clearTimeout(this.aheadTimer);
    const pool = this.pool;
    const start = (): void => {
      this.aheadTimer = undefined;
      if (this.host.closed || this.host.session !== session) return;
      const ahead = {
        session,
        done: this.buildAhead(pool, session, workspace)
          .catch((error: unknown) => this.host.reportError('matrix builds ahead', error))
          .finally(() => {
            if (this.ahead === ahead) this.ahead = undefined;
          }),
      };
      this.ahead = ahead;
    };
    const after = this.workers.aheadAfterMs ?? AHEAD_AFTER_MS;
    if (after === 0) return start();
    this.aheadTimer = setTimeout(start, after);
    this.aheadTimer.unref();
  }

  /** A request came to the host: builds ahead not started yet wait for another quiet moment. */
  noteActivity(): void {
    this.aheadTimer?.refresh();
  }

  /** The first rows the memo lacks, up to `ahead` cells, built in the workers into the memo (stops if the workspace changes). */
  private async buildAhead(pool: MatrixWorkerPool, session: WorkspaceSession, workspace: WorkspaceSnapshot): Promise<void> {
    const limit = this.workers.ahead ?? AHEAD_CELLS;
    const rows: NeededRow[] = [];
    let cells = 0;
    for (const found of neededBuilds(this.memo, { workspace })) {
      if (cells >= limit) break;
      rows.push(...found);
      cells += found.reduce((n, row) => n + row.presets.length, 0);
    }
    if (rows.length === 0) return;
    await buildInWorkers({
      pool,
      workers: this.workers.count,
      memo: this.memo,
      rows,
      goOn: () => !this.host.closed && this.host.session === session,
    });
  }

  /** Ends the idle workers (the host closes). */
  close(): void {
    clearTimeout(this.aheadTimer);
    this.pool?.close();
  }

  /** The matrix of the workspace as it is now; older builds still running are answered with this one. */
  request(): Promise<MatrixView> {
    // Rows not yet started ahead are this request's to build.
    clearTimeout(this.aheadTimer);
    this.aheadTimer = undefined;
    const answer = this.build(++this.version);
    this.latest = answer;
    return answer;
  }

  private async build(version: number): Promise<MatrixView> {
    const session = this.host.requireSession();
    const state = stateOf(session);
    const store = new SnapshotStore(session.realRoot);
    const listed = await store.stampedListing();
    const current = (): boolean => !this.host.closed && this.version === version && sameState(state, this.host.session);
    if (!current()) return this.afterStale(version);
    const last = this.last;
    if (last && sameState(last.state, session) && sameStamps(last.listed, listed)) {
      // Nothing a cell is made from changed (the workspace as edited and as saved, the stored files): the same cells.
      void this.countTokens(version, last.workspace, last.cells).catch((error: unknown) => this.host.reportError('matrix tokens', error));
      return { version, ...last.axes, cells: last.cells, dir: SNAPSHOT_DIR, readOnly: session.readOnly };
    }
    const workspace = session.snapshot();
    const saved = session.docs.dirty().length > 0 ? this.savedBaseline(session) : undefined;
    if (!saved) this.clean = { session, savedVersion: session.docs.savedVersion, workspace };
    const axes = matrixAxes(workspace);
    const total = axes.variants.length * axes.presets.length;
    const inputs = { workspace, saved, stored: (rel: string) => (listed.has(rel) ? store.read(rel) : undefined) };
    let shown = this.slicer.now();
    /** Cells of the workspace now whose build is known (progress: never less than the cells made). */
    let ready = 0;
    const progress = (done: number): void => {
      if (this.slicer.now() - shown < PROGRESS_MS) return;
      shown = this.slicer.now();
      this.host.emit('compare:matrixProgress', { version, done, total });
    };
    if (this.pool) {
      // Loading the workspace anew (after a preset was edited) may have taken this turn: the lookups start in the next.
      await nextTurn(this.slicer);
      // The rows built ahead are this request's too, in the workers it would take.
      if (this.ahead) await this.ahead.done;
      if (!current()) return this.afterStale(version);
      // What the memo lacks, found in slices too (a workspace loaded anew: 10,000 lookups by content).
      const rows: NeededRow[] = [];
      const needed = neededBuilds(this.memo, inputs);
      const found = await runSliced(
        () => {
          const next = needed.next();
          if (!next.done) rows.push(...next.value);
          return !next.done;
        },
        current,
        this.slicer,
      );
      if (!found) return this.afterStale(version);
      // The last slice of lookups may have used this turn: the workers start in a turn of their own.
      await this.slicer.pause();
      if (!current()) return this.afterStale(version);
      const lacking = rows.reduce((n, row) => n + (row.ws === workspace ? row.presets.length : 0), 0);
      const builds = rows.reduce((n, row) => n + row.presets.length, 0);
      // A few builds (a typed row's) go to a worker too when one is idle, not to the host's cold engine code.
      if (builds > 0 && (builds >= this.workers.minCells || this.pool.hasIdle())) {
        const outcome = await buildInWorkers({
          pool: this.pool,
          workers: this.workers.count,
          memo: this.memo,
          rows,
          goOn: current,
          onBuilt: (ws, n) => {
            if (ws !== workspace) return;
            ready = total - lacking + n;
            progress(ready);
          },
        }).catch((error: unknown) => {
          if (!(error instanceof MatrixWorkerError)) throw error;
          throw new HostError('BUILD_FAILED', `the snapshot matrix could not be built: ${error.message}`);
        });
        if (outcome === 'stopped' || !current()) return this.afterStale(version);
      }
      // Nor do the cells start in the turn of the last lookups or of the workers' last answer.
      await this.slicer.pause();
      if (!current()) return this.afterStale(version);
    }
    const cells = hostMatrixCells(this.memo, inputs);
    const out: MatrixCellView[] = [];
    const step = (): boolean => {
      const next = cells.next();
      if (next.done) return false;
      out.push(next.value);
      return true;
    };
    const done = await runSliced(
      step,
      () => {
        if (!current()) return false;
        progress(Math.max(ready, out.length));
        return true;
      },
      this.slicer,
    );
    if (!done) return this.afterStale(version);
    // The answer goes out in a turn of its own: encoding it (2 MB for 10,000 cells) does not add to the last slice.
    await this.slicer.pause();
    if (!current()) return this.afterStale(version);
    this.last = { state, listed, workspace, axes, cells: out };
    void this.countTokens(version, workspace, out).catch((error: unknown) => this.host.reportError('matrix tokens', error));
    return { version, ...axes, cells: out, dir: SNAPSHOT_DIR, readOnly: session.readOnly };
  }

  /**
   * The workspace as last saved. While nothing was unsaved, the workspace as edited was that
   * (the matrix then says every cell is `same`), so the snapshot of the last such build serves
   * until the next save: its objects are the ones the memo knows, and a variant no edit touched
   * is the same object on both sides (no build, no load of the saved files).
   */
  private savedBaseline(session: WorkspaceSession): WorkspaceSnapshot {
    const clean = this.clean;
    if (clean?.session === session && clean.savedVersion === session.docs.savedVersion) return clean.workspace;
    return session.savedSnapshot();
  }

  /** A build that stopped: a newer request answers it, else (the workspace changed) a build of the new state. */
  private afterStale(version: number): Promise<MatrixView> {
    if (this.host.closed) throw new HostError('NO_WORKSPACE', 'the host closed while the snapshot matrix was building');
    if (this.version !== version && this.latest) return this.latest;
    return this.request();
  }

  /** Token counts (o200k) and budgets gone over, cell by cell in slices; stops when a newer matrix is asked for. */
  private async countTokens(version: number, workspace: WorkspaceSnapshot, cells: readonly MatrixCellView[]): Promise<void> {
    const counted = this.counted;
    if (counted?.cells === cells) {
      // The same cells answered again: their counts are known, and go out in the next turn.
      await this.slicer.pause();
      if (!this.host.closed && this.version === version)
        this.host.emit('compare:matrixTokens', { version, tokens: counted.tokens, budgetsOver: counted.budgetsOver });
      return;
    }
    const pool = this.pool;
    if (pool) {
      await this.slicer.pause();
      if (this.host.closed || this.version !== version) return;
      if ((await this.countInWorkers(pool, version, workspace, cells)) !== 'unsuited') return;
    }
    const count = await loadTokenCounter();
    const countInPieces = await loadPieceCounter();
    // Not in the turn that answers the matrix: the first slice of counts waits for the loop's next turn.
    await this.slicer.pause();
    if (this.host.closed || this.version !== version) return;
    const variants = new Map(workspace.variants.map((v) => [v.id, v]));
    const presets = new Map(workspace.presets.map((p) => [p.name, p]));
    const options = deterministicBuildOptions();
    const tokens: number[] = [];
    const budgetsOver: number[] = [];
    const tokenMemo = this.tokenMemo;
    /** The counts cell by cell, a step at a time: a build, a piece of its count (a 50 KB prompt counted anew takes tens of milliseconds). */
    function* counting(): Generator<undefined, void, undefined> {
      for (const cell of cells) {
        const variant = variants.get(cell.variantId)!;
        const known = tokenMemo.get(cell.promptHash);
        if (known !== undefined && !variant.budgets) {
          tokens.push(known);
          budgetsOver.push(0);
          yield;
          continue;
        }
        const preset = presets.get(cell.preset)!;
        const result = buildVariantPrompt({
          variant,
          context: preset.context,
          components: workspace.components,
          tools: workspace.tools,
          options,
        });
        yield;
        const n = known ?? (yield* countInPieces(result.text));
        if (known === undefined) {
          if (tokenMemo.size >= TOKEN_MEMO_SIZE) tokenMemo.clear();
          tokenMemo.set(cell.promptHash, n);
        }
        tokens.push(n);
        budgetsOver.push(variant.budgets ? budgetUsage(variant.budgets, result, count).exceeded.length : 0);
        yield;
      }
    }
    const steps = counting();
    const step = (): boolean => !steps.next().done;
    let sent = this.slicer.now();
    const done = await runSliced(
      step,
      () => {
        if (this.host.closed || this.version !== version) return false;
        if (this.slicer.now() - sent >= TOKENS_MS) {
          sent = this.slicer.now();
          this.host.emit('compare:matrixTokens', { version, tokens: [...tokens], budgetsOver: [...budgetsOver] });
        }
        return true;
      },
      this.slicer,
    );
    if (done && !this.host.closed && this.version === version) this.finishCounts(version, cells, tokens, budgetsOver);
  }

  /** The counts of every cell: sent, and kept for the same cells answered again. */
  private finishCounts(version: number, cells: readonly MatrixCellView[], tokens: number[], budgetsOver: number[]): void {
    this.counted = { cells, tokens, budgetsOver };
    this.host.emit('compare:matrixTokens', { version, tokens, budgetsOver });
  }

  /**
   * countTokens's counts made in workers, row by row; the growing prefix of them goes out as on
   * the host's thread. 'unsuited' (nothing sent) when fewer than the workers' minimum are to count.
   */
  private async countInWorkers(
    pool: MatrixWorkerPool,
    version: number,
    workspace: WorkspaceSnapshot,
    cells: readonly MatrixCellView[],
  ): Promise<WorkersOutcome> {
    const variants = new Map(workspace.variants.map((v) => [v.id, v]));
    const presets = new Map(workspace.presets.map((p) => [p.name, p]));
    const tokens: number[] = new Array<number>(cells.length);
    const budgetsOver: number[] = new Array<number>(cells.length);
    const rows: NeededRow[] = [];
    /** Each row's cells, by index. */
    const rowCells: number[][] = [];
    const width = Math.max(1, workspace.presets.length);
    for (let start = 0; start < cells.length; start += width) {
      const variant = variants.get(cells[start]!.variantId)!;
      const row: NeededRow = { ws: workspace, variant, presets: [] };
      const indexes: number[] = [];
      for (let i = start; i < Math.min(cells.length, start + width); i++) {
        const known = this.tokenMemo.get(cells[i]!.promptHash);
        if (known !== undefined && !variant.budgets) {
          tokens[i] = known;
          budgetsOver[i] = 0;
          continue;
        }
        row.presets.push(presets.get(cells[i]!.preset)!);
        indexes.push(i);
      }
      if (indexes.length === 0) continue;
      rows.push(row);
      rowCells.push(indexes);
    }
    // A few counts (a typed row's) are made here, unless a worker that counted before (its encoders loaded) is idle:
    // another worker would first spend half a second loading the encoders.
    if (rowCells.reduce((n, row) => n + row.length, 0) < this.workers.minCells && !pool.hasIdle('count')) return 'unsuited';
    const current = (): boolean => !this.host.closed && this.version === version;
    let counted = 0;
    let sent = this.slicer.now();
    const outcome = await runInWorkers({
      pool,
      task: 'count',
      rows,
      workers: this.workers.count,
      goOn: current,
      onRow: (index, results) => {
        rowCells[index]!.forEach((i, k) => {
          const known = this.tokenMemo.get(cells[i]!.promptHash);
          if (known === undefined) {
            if (this.tokenMemo.size >= TOKEN_MEMO_SIZE) this.tokenMemo.clear();
            this.tokenMemo.set(cells[i]!.promptHash, results[k]!.tokens);
          }
          tokens[i] = known ?? results[k]!.tokens;
          budgetsOver[i] = results[k]!.budgetsOver;
        });
        while (counted < cells.length && tokens[counted] !== undefined) counted++;
        if (this.slicer.now() - sent < TOKENS_MS) return;
        sent = this.slicer.now();
        this.host.emit('compare:matrixTokens', { version, tokens: tokens.slice(0, counted), budgetsOver: budgetsOver.slice(0, counted) });
      },
    });
    if (outcome === 'done' && current()) this.finishCounts(version, cells, tokens, budgetsOver);
    return outcome;
  }
}

/** What a matrix answered was made from, and its cells. */
interface Answered {
  state: BuildState;
  /** The stored snapshots' stamped listing, taken before they were read. */
  listed: ReadonlyMap<string, string>;
  workspace: WorkspaceSnapshot;
  axes: ReturnType<typeof matrixAxes>;
  cells: MatrixCellView[];
}

/** Whether two stamped listings name the same files with the same stamps (a file that could not be stat'ed is never the same). */
function sameStamps(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [rel, stamp] of a) if (stamp === '' || b.get(rel) !== stamp) return false;
  return true;
}

function sameState(state: BuildState, session: WorkspaceSession | undefined): boolean {
  return session === state.session && session.docs.version === state.docs && session.docs.savedVersion === state.saved;
}

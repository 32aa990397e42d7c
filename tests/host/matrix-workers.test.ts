import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HostError } from '../../shared/ipc/host-error.js';
import type { MatrixView } from '../../shared/ipc/contract.js';
import { loadWorkspace } from '../../shared/engine/workspace/load-workspace.js';
import { folderFileSource } from '../../electron/host/folder-source.js';
import { MatrixBuilds, type MatrixWorkers } from '../../electron/host/matrix-builds.js';
import { MatrixCellMemo } from '../../electron/host/matrix-cell-memo.js';
import { neededBuilds } from '../../electron/host/matrix-cells.js';
import { buildInWorkers, builtMatrixWorker, MATRIX_WORKER_FILE } from '../../electron/host/matrix-in-workers.js';
import { MatrixWorkerPool } from '../../electron/host/matrix-worker-pool.js';
import { LOOP_SLICER } from '../../electron/host/sliced-work.js';
import { largeWorkspace } from '../../bench/generated-workspaces.js';
import { buildMainBundle } from '../run/support/desktop-bundle.js';
import { hostsClosedAfterEach, miniWorkspace, tempDir, writeFiles, type Loose, type TestHost } from './support/fixtures.js';

/**
 * The snapshot matrix with its builds in worker threads (matrix-in-workers.ts, matrix-worker.ts),
 * the worker as the desktop bundle has it (built by Vite from vite.config.ts's entries): the same
 * cells as the host's thread makes, cold, with nothing changed, after an edit of a template and of
 * a preset; the memo keeps its benefit; the workers start ahead (warmUp), build the first rows
 * ahead and serve the next job;
 * a newer state stops the workers; a worker that crashes, exits or reports a failure fails the
 * request with its reason, and the next request builds.
 */

const hosts = hostsClosedAfterEach();
const VARIANTS = 12;
const PRESETS = 9;

let bundle = '';
beforeAll(async () => {
  bundle = await buildMainBundle();
}, 120_000);
afterAll(() => fs.rmSync(bundle, { recursive: true, force: true }));

const workerFile = (): URL => pathToFileURL(path.join(bundle, MATRIX_WORKER_FILE));
const inWorkers = (file: URL = workerFile()): MatrixWorkers => ({ file, minCells: 0 });
const IN_THREAD: MatrixWorkers = { file: undefined, minCells: 0 };

async function generatedHost(): Promise<TestHost> {
  return hosts.start({ initialWorkspace: largeWorkspace(path.join(tempDir(), 'ws'), VARIANTS, PRESETS) });
}

/** Every row the memo lacks. */
const needed = (memo: MatrixCellMemo, inputs: Parameters<typeof neededBuilds>[1]) => [...neededBuilds(memo, inputs)].flat();
const memoOf = (builds: MatrixBuilds): MatrixCellMemo => (builds as Loose).memo as MatrixCellMemo;
/** The cells of a matrix, without its version. */
const cellsOf = (view: MatrixView): unknown => ({ ...view, version: 0 });
const poolOf = (builds: MatrixBuilds): MatrixWorkerPool => (builds as Loose).pool as MatrixWorkerPool;
/** A pool that keeps no worker between jobs (each job's workers are terminated when it ends). */
const throwaway = (): MatrixWorkerPool => new MatrixWorkerPool(workerFile(), 0);

describe('the snapshot matrix built in worker threads (host)', () => {
  it('finds the built worker next to the bundle’s chunks, and none beside the TypeScript sources', () => {
    expect(builtMatrixWorker(pathToFileURL(path.join(bundle, 'main.js')).href)?.href).toBe(workerFile().href);
    expect(builtMatrixWorker()).toBeUndefined();
  });

  it('gives exactly the cells of the host’s thread: cold, again, after typing in a template, after editing a preset', async () => {
    const h = await generatedHost();
    const workers = new MatrixBuilds(h.host, LOOP_SLICER, inWorkers());
    const compare = async (): Promise<MatrixView> => {
      const view = await workers.request();
      expect(cellsOf(view)).toEqual(cellsOf(await new MatrixBuilds(h.host, LOOP_SLICER, IN_THREAD).request()));
      return view;
    };
    const first = await compare();
    expect(first.cells).toHaveLength(VARIANTS * PRESETS);
    // Every build was made in a worker: the host's thread built none.
    expect(memoOf(workers).built).toBe(0);
    await compare();
    const ref = { kind: 'variant-template', variantId: 'generic' } as const;
    const text = (await h.call('doc:read', { ref })).text as string;
    await h.call('doc:update', { ref, text: `${text}\nAn edit.\n` });
    const typed = await compare();
    expect(typed.cells.filter((c) => c.saved === 'differs').map((c) => c.variantId)).toEqual(Array(PRESETS).fill('generic'));
    const preset = { kind: 'preset', name: 'p08' } as const;
    const yaml = (await h.call('doc:read', { ref: preset })).text as string;
    await h.call('doc:update', { ref: preset, text: yaml.replace('/home/user/project-8', '/home/user/elsewhere') });
    const edited = await compare();
    expect(new Set(edited.cells.filter((c) => c.saved === 'differs').map((c) => c.preset))).toEqual(new Set(['p08', ...typed.presets]));
    expect(memoOf(workers).built).toBe(0);
  }, 120_000);

  it('counts the cells’ tokens and budgets gone over in workers exactly as the host’s thread does', async () => {
    const dir = largeWorkspace(path.join(tempDir(), 'ws'), VARIANTS, PRESETS);
    fs.appendFileSync(path.join(dir, 'variants/generic/variant.yaml'), 'budgets:\n  total: 100\n');
    const h = await hosts.start({ initialWorkspace: dir });
    const counts = async (workers: MatrixWorkers): Promise<Loose> => {
      // Each MatrixBuilds's first matrix is its version 1: the waiter is set before the request.
      const all = h.waitForEvent('compare:matrixTokens', (p) => p.version === 1 && p.tokens.length === VARIANTS * PRESETS, 120_000);
      await new MatrixBuilds(h.host, LOOP_SLICER, workers).request();
      return all;
    };
    const inWorker = await counts(inWorkers());
    const inThread = await counts(IN_THREAD);
    expect(inWorker).toEqual(inThread);
    expect((inThread.tokens as number[]).every((n) => n > 0)).toBe(true);
    expect((inThread.budgetsOver as number[]).filter((n) => n > 0)).toEqual(Array(PRESETS).fill(1));
  }, 120_000);

  it('keeps the memo’s benefit: nothing changed starts no worker, and a typed row is built again alone', async () => {
    const h = await generatedHost();
    const workers = new MatrixBuilds(h.host, LOOP_SLICER, inWorkers());
    const memo = new MatrixCellMemo();
    (workers as Loose).memo = memo;
    await workers.request();
    const session = h.host.requireSession();
    expect(needed(memo, { workspace: session.snapshot() })).toEqual([]);
    const ref = { kind: 'variant-template', variantId: 'generic' } as const;
    const text = (await h.call('doc:read', { ref })).text as string;
    await h.call('doc:update', { ref, text: `${text}\nAn edit.\n` });
    // The edited variant's row alone; its saved side is the clean matrix's (remembered).
    const rows = needed(memo, { workspace: session.snapshot(), saved: (workers as Loose).savedBaseline(session) });
    expect(rows.map((r) => [r.variant.id, r.presets.length])).toEqual([['generic', PRESETS]]);
  });

  it('starts its workers at warmUp when the matrix is large enough for them, and keeps them for the next matrices and counts', async () => {
    const h = await generatedHost();
    const small = new MatrixBuilds(h.host, LOOP_SLICER, { ...inWorkers(), minCells: VARIANTS * PRESETS + 1, count: 2 });
    small.warmUp();
    expect(poolOf(small).started).toBe(0);
    const builds = new MatrixBuilds(h.host, LOOP_SLICER, { ...inWorkers(), count: 2 });
    builds.warmUp();
    expect(poolOf(builds).started).toBe(2);
    /** A matrix and its counts, both made in the pool's workers; the cells are the host's thread's. */
    let version = 0;
    const matrixAndCounts = async (): Promise<void> => {
      const next = ++version;
      const counted = h.waitForEvent('compare:matrixTokens', (p) => p.version === next && p.tokens.length === VARIANTS * PRESETS, 120_000);
      const view = await builds.request();
      expect(view.version).toBe(next);
      await counted;
      // (After the counts: the matrix made on the host's thread counts its own, as version 1.)
      expect(cellsOf(view)).toEqual(cellsOf(await new MatrixBuilds(h.host, LOOP_SLICER, IN_THREAD).request()));
    };
    await matrixAndCounts();
    // A preset edited: every cell's objects are new, its column is built again, in the same two workers.
    const preset = { kind: 'preset', name: 'p08' } as const;
    const yaml = (await h.call('doc:read', { ref: preset })).text as string;
    await h.call('doc:update', { ref: preset, text: yaml.replace('/home/user/project-8', '/home/user/elsewhere') });
    await matrixAndCounts();
    expect(memoOf(builds).built).toBe(0);
    expect(poolOf(builds).started).toBe(2);
    builds.close();
    expect((poolOf(builds) as Loose).idle.size).toBe(0);
  }, 120_000);

  it('builds the first rows ahead at warmUp, in the pool’s workers, and a request takes them instead of building them again', async () => {
    const h = await generatedHost();
    const ids = (rows: { variant: { id: string } }[]): string[] => rows.map((r) => r.variant.id);
    const variants = ids(
      h.host
        .requireSession()
        .snapshot()
        .variants.map((variant) => ({ variant })),
    );
    // Two rows and a cell: the rows are taken whole, three of them.
    const builds = new MatrixBuilds(h.host, LOOP_SLICER, { ...inWorkers(), count: 2, ahead: 2 * PRESETS + 1, aheadAfterMs: 0 });
    builds.warmUp();
    const ahead = (builds as Loose).ahead as { done: Promise<void> };
    expect(ahead.done).toBeInstanceOf(Promise);
    // A second warmUp while they build starts nothing more.
    builds.warmUp();
    expect((builds as Loose).ahead).toBe(ahead);
    await ahead.done;
    expect((builds as Loose).ahead).toBeUndefined();
    const workspace = h.host.requireSession().snapshot();
    expect(ids(needed(memoOf(builds), { workspace }))).toEqual(variants.slice(3));
    expect(memoOf(builds).built).toBe(0);
    expect(poolOf(builds).started).toBe(2);
    const view = await builds.request();
    expect(cellsOf(view)).toEqual(cellsOf(await new MatrixBuilds(h.host, LOOP_SLICER, IN_THREAD).request()));
    expect(poolOf(builds).started).toBe(2);
    expect(memoOf(builds).built).toBe(0);
    builds.close();

    // Asked for while the rows ahead build, the matrix waits for them and takes the same workers: the same cells.
    const early = new MatrixBuilds(h.host, LOOP_SLICER, { ...inWorkers(), count: 2, ahead: 4 * PRESETS, aheadAfterMs: 0 });
    early.warmUp();
    expect(cellsOf(await early.request())).toEqual(cellsOf(view));
    expect(poolOf(early).started).toBe(2);
    expect(memoOf(early).built).toBe(0);
    early.close();
    // Asked for before the rows ahead start (a second after warmUp by default): they never start, the request builds every cell.
    const before = new MatrixBuilds(h.host, LOOP_SLICER, { ...inWorkers(), count: 2 });
    before.warmUp();
    expect((before as Loose).aheadTimer).toBeDefined();
    const asked = before.request();
    expect((before as Loose).aheadTimer).toBeUndefined();
    expect(cellsOf(await asked)).toEqual(cellsOf(view));
    expect((before as Loose).ahead).toBeUndefined();
    expect(poolOf(before).started).toBe(2);
    before.close();
    // They start once the host had no request for a second: every request puts them off.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const quiet = new MatrixBuilds(h.host, LOOP_SLICER, { ...inWorkers(), count: 2, ahead: PRESETS });
    try {
      quiet.warmUp();
      vi.advanceTimersByTime(900);
      quiet.noteActivity();
      vi.advanceTimersByTime(900);
      expect((quiet as Loose).ahead).toBeUndefined();
      vi.advanceTimersByTime(100);
      expect((quiet as Loose).ahead.done).toBeInstanceOf(Promise);
    } finally {
      vi.useRealTimers();
    }
    await (quiet as Loose).ahead.done;
    expect(ids(needed(memoOf(quiet), { workspace }))).toEqual(variants.slice(1));
    quiet.close();
    // A workspace too small for workers builds nothing ahead.
    const small = new MatrixBuilds(h.host, LOOP_SLICER, { ...inWorkers(), minCells: VARIANTS * PRESETS + 1 });
    small.warmUp();
    expect((small as Loose).ahead).toBeUndefined();
    expect(ids(needed(memoOf(small), { workspace }))).toEqual(variants);
  }, 120_000);

  it('warms a workspace opened while rows of the last one build ahead, once those stopped', async () => {
    const h = await generatedHost();
    const builds = new MatrixBuilds(h.host, LOOP_SLICER, { ...inWorkers(), count: 2, ahead: VARIANTS * PRESETS, aheadAfterMs: 0 });
    // The first rows ahead build until released (their workers would otherwise be quicker than the opening).
    let release = (): void => undefined;
    const real = (builds as Loose).buildAhead as (...args: unknown[]) => Promise<void>;
    (builds as Loose).buildAhead = () => {
      (builds as Loose).buildAhead = real;
      return new Promise<void>((resolve) => (release = resolve));
    };
    builds.warmUp();
    const first = (builds as Loose).ahead as { done: Promise<void> };
    const other = largeWorkspace(path.join(tempDir(), 'other'), VARIANTS, PRESETS);
    await h.call('workspace:openFolder', { path: other });
    // As the host does for a workspace opened after its warm-up.
    builds.warmUp();
    expect((builds as Loose).ahead).toBe(first);
    release();
    await first.done;
    // Then the new workspace's rows are built ahead.
    await vi.waitUntil(() => (builds as Loose).ahead !== undefined, { timeout: 10_000 });
    await ((builds as Loose).ahead as { done: Promise<void> }).done;
    const workspace = h.host.requireSession().snapshot();
    expect(needed(memoOf(builds), { workspace })).toEqual([]);
    expect(memoOf(builds).built).toBe(0);
    builds.close();
  }, 120_000);

  it('builds a typed row in an idle worker however few its builds, and counts it as the host’s thread does', async () => {
    const h = await generatedHost();
    const builds = new MatrixBuilds(h.host, LOOP_SLICER, { ...inWorkers(), count: 2 });
    const counted = (version: number) =>
      h.waitForEvent('compare:matrixTokens', (p) => p.version === version && p.tokens.length === VARIANTS * PRESETS, 120_000);
    const first = counted(1);
    await builds.request();
    const firstCounts = await first;
    // From now on a row is far fewer builds than the workers' minimum: only an idle worker takes it.
    (builds as Loose).workers = { ...(builds as Loose).workers, minCells: 10 * VARIANTS * PRESETS };
    const ref = { kind: 'variant-template', variantId: 'generic' } as const;
    const text = (await h.call('doc:read', { ref })).text as string;
    await h.call('doc:update', { ref, text: `${text}\nAn edit.\n` });
    const second = counted(2);
    const typed = await builds.request();
    const typedCounts = await second;
    expect(memoOf(builds).built).toBe(0);
    expect(poolOf(builds).started).toBe(2);
    const inThread = new MatrixBuilds(h.host, LOOP_SLICER, IN_THREAD);
    const threadCounts = counted(1);
    expect(cellsOf(typed)).toEqual(cellsOf(await inThread.request()));
    expect(typedCounts).toEqual({ ...(await threadCounts), version: 2 });
    // The typed row's counts changed, no other.
    const changed = (typedCounts.tokens as number[]).flatMap((n, i) => (n === firstCounts.tokens[i] ? [] : [typed.cells[i]!.variantId]));
    expect(new Set(changed)).toEqual(new Set(['generic']));
  }, 120_000);

  it('stops its workers when a newer request comes while they build, and answers both with the newer matrix', async () => {
    const h = await generatedHost();
    // A clock that moves 100 ms at each reading: every answer of a worker is told as progress.
    let clock = 0;
    const slicer = { ...LOOP_SLICER, now: () => (clock += 100) };
    const builds = new MatrixBuilds(h.host, slicer, { ...inWorkers(), count: 1 });
    let second: Promise<MatrixView> | undefined;
    // The newer request comes in the turn of the first answer of a worker: the rows still in the worker are never taken.
    const off = h.host.subscribe((event, payload) => {
      if (event === 'compare:matrixProgress' && (payload as { version: number }).version === 1) second ??= builds.request();
    });
    const first = await builds.request();
    off();
    expect(second).toBeDefined();
    expect(first).toBe(await second);
    expect(first.version).toBe(2);
    const progress = h.events.filter((e) => e.event === 'compare:matrixProgress' && e.payload.version === 1);
    // The rows of the one answer taken (a progress event each), short of the whole matrix.
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)!.payload.done).toBeLessThan(VARIANTS * PRESETS);
    expect(cellsOf(first)).toEqual(cellsOf(await new MatrixBuilds(h.host, LOOP_SLICER, IN_THREAD).request()));
  });

  it('answers goOn’s no by terminating the workers before every row is built', async () => {
    const ws = loadWorkspace(folderFileSource(largeWorkspace(path.join(tempDir(), 'ws'), VARIANTS, PRESETS)));
    const memo = new MatrixCellMemo();
    const rows = needed(memo, { workspace: ws });
    let answers = 0;
    const outcome = await buildInWorkers({ pool: throwaway(), memo, rows, workers: 1, goOn: () => ++answers < 1 });
    expect(outcome).toBe('stopped');
    expect(answers).toBe(1);
    const left = needed(memo, { workspace: ws });
    expect(left.length).toBeGreaterThan(0);
    expect(left.length).toBeLessThan(rows.length);
  });

  it('leaves a registry with a component registered in code to the host’s thread', async () => {
    const ws = loadWorkspace(folderFileSource(writeFiles(tempDir(), miniWorkspace())));
    const components = ws.components.clone().register('ROLE', () => 'made in code');
    const memo = new MatrixCellMemo();
    const rows = needed(memo, { workspace: { ...ws, components } });
    expect(await buildInWorkers({ pool: throwaway(), memo, rows, goOn: () => true })).toBe('unsuited');
    expect(needed(memo, { workspace: { ...ws, components } })).toEqual(rows);
  });

  it.each([
    ['throws as it loads', 'throw new Error("no engine here");', /worker stopped: no engine here/],
    ['exits', 'process.exit(3);', /worker stopped: it exited with code 3 before it was done/],
    [
      'reports a build that threw',
      'import { parentPort } from "node:worker_threads"; parentPort.on("message", (m) => m.type === "rows" && parentPort.postMessage({ type: "failed", message: "boom" }));',
      /worker stopped: a build threw: boom/,
    ],
    ['never answers but dies', 'setTimeout(() => { throw new Error("late crash"); }, 50); setInterval(() => {}, 1000);', /late crash/],
  ])('fails the request with a clear error when its worker %s, and the next request builds', async (_, source, message) => {
    const h = await generatedHost();
    const file = path.join(bundle, `broken-${Math.random().toString(36).slice(2)}.js`);
    fs.writeFileSync(file, source);
    const broken = new MatrixBuilds(h.host, LOOP_SLICER, inWorkers(pathToFileURL(file)));
    const failed = await broken.request().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(HostError);
    expect((failed as HostError).code).toBe('BUILD_FAILED');
    expect((failed as HostError).message).toMatch(message);
    const view = await new MatrixBuilds(h.host, LOOP_SLICER, inWorkers()).request();
    expect(view.cells).toHaveLength(VARIANTS * PRESETS);
  });
});

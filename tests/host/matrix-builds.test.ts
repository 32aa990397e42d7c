import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { MatrixView } from '../../shared/ipc/contract.js';
import { snapshotMatrix } from '../../shared/engine/compare/snapshot-matrix.js';
import { deterministicBuildOptions, snapshotFileText, snapshotRelPath } from '../../shared/engine/snapshots/snapshot-files.js';
import { contentHash } from '../../electron/host/hash.js';
import { MatrixBuilds } from '../../electron/host/matrix-builds.js';
import { SnapshotStore } from '../../electron/host/snapshot-store.js';
import type { MatrixCellMemo } from '../../electron/host/matrix-cell-memo.js';
import { LOOP_SLICER, type Slicer } from '../../electron/host/sliced-work.js';
import { tokenPieces } from '../../electron/host/tokens.js';
import { largeWorkspace } from '../../bench/generated-workspaces.js';
import { hostsClosedAfterEach, miniWorkspace, tempDir, type Loose, type TestHost, writeFiles } from './support/fixtures.js';

const hosts = hostsClosedAfterEach();
const TEMPLATE = { kind: 'variant-template', variantId: 'generic' } as const;

/**
 * A slicer whose slices are 0 ms and whose clock moves 100 ms at each reading: every slice is
 * one cell, and every pause sends a progress event. Its pauses wait until the test releases
 * them, so the test decides what happens between slices.
 */
function manualSlicer(): { slicer: Slicer; pauses: () => number; waiting: () => number; release: () => void } {
  let pauses = 0;
  let clock = 0;
  const pending: (() => void)[] = [];
  return {
    slicer: {
      now: () => (clock += 100),
      sliceMs: 0,
      pause: () =>
        new Promise<void>((resolve) => {
          pauses++;
          pending.push(resolve);
        }),
    },
    pauses: () => pauses,
    waiting: () => pending.length,
    release: () => {
      for (const resolve of pending.splice(0)) resolve();
    },
  };
}

/** Lets the loop run (I/O, the host's own timers) until the next pause of the slicer, or until `until` is settled. */
async function nextPause(s: ReturnType<typeof manualSlicer>, until?: Promise<unknown>): Promise<void> {
  let settled = false;
  void until?.finally(() => (settled = true));
  while (s.waiting() === 0 && !settled) await new Promise((resolve) => setImmediate(resolve));
}

/** Releases pauses until the answer comes. */
async function finish<T>(s: ReturnType<typeof manualSlicer>, answer: Promise<T>): Promise<T> {
  let settled = false;
  void answer.finally(() => (settled = true));
  while (!settled) {
    s.release();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return answer;
}

/** The synchronous matrix of the host's workspace against its stored snapshots, as the cells the host answers with. */
function synchronousCells(h: TestHost): unknown[] {
  const session = h.host.requireSession();
  const store = new SnapshotStore(session.realRoot);
  const built = snapshotMatrix({ workspace: session.snapshot(), options: deterministicBuildOptions(), stored: (rel) => store.read(rel) });
  return built.cells.map((cell, i) => {
    const stored = store.read(snapshotRelPath(cell.variantId, cell.preset));
    return {
      ...cell,
      promptHash: contentHash(snapshotFileText(built.texts[i]!)),
      storedHash: stored === undefined ? null : contentHash(stored),
    };
  });
}

/** A host on the mini workspace whose matrix build has run its first slice and waits in its first pause. */
async function buildingMini() {
  const h = await hosts.start({ initialWorkspace: writeFiles(tempDir(), miniWorkspace()) });
  const s = manualSlicer();
  const builds = new MatrixBuilds(h.host, s.slicer);
  const answer = builds.request();
  await nextPause(s);
  return { h, s, builds, answer };
}

describe('the snapshot matrix in time slices (host)', () => {
  it.each([
    ['the built-in workspace', undefined],
    ['a generated workspace of 12 variants x 9 presets', () => largeWorkspace(path.join(tempDir(), 'ws'), 12, 9)],
  ])('equals the synchronous matrix cell for cell on %s, one cell per slice, pausing between slices', async (_, make) => {
    const h = await hosts.start(make ? { initialWorkspace: make() } : {});
    const s = manualSlicer();
    const builds = new MatrixBuilds(h.host, s.slicer);
    const expected = synchronousCells(h);
    const answer = builds.request();
    await nextPause(s);
    // One slice ran: one cell, then the loop's turn; nothing more until the pause ends.
    expect(s.pauses()).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(s.pauses()).toBe(1);
    const view = await finish(s, answer);
    expect(view.cells).toEqual(expected);
    expect(view.cells).toHaveLength(view.variants.length * view.presets.length);
    expect(make ? [view.variants.length, view.presets.length] : view.cells.length).toEqual(make ? [12, 9] : 56);
    // A pause after each cell (the slice after the last finds nothing left), each told as progress.
    const progress = h.events.filter((e) => e.event === 'compare:matrixProgress').map((e) => e.payload);
    expect(progress).toEqual(expected.map((_, i) => ({ version: view.version, done: i + 1, total: expected.length })));
  });

  it('answers a request superseded by a newer one with the newer matrix: the first one’s cells and counts never go out', async () => {
    const { h, s, builds, answer: first } = await buildingMini();
    const second = builds.request();
    const [a, b] = await Promise.all([finish(s, first), finish(s, second)]);
    expect(a).toBe(b);
    expect(a.version).toBe(2);
    await finish(
      s,
      h.waitForEvent('compare:matrixTokens', (p) => p.version === 2 && p.tokens.length === 4, 10000),
    );
    // The first build stopped at its first pause: no progress, no cells, no counts of it.
    expect(h.events.filter((e) => e.event.startsWith('compare:matrix') && e.payload.version === 1)).toEqual([]);
  });

  it('answers in a turn after its last slice, and counts tokens only from the turn after the answer', async () => {
    const { h, s, builds, answer } = await buildingMini();
    let settled = false;
    void answer.then(() => (settled = true));
    const allBuilt = () => h.events.some((e) => e.event === 'compare:matrixProgress' && e.payload.done === 4);
    while (!allBuilt()) {
      s.release();
      await nextPause(s, answer);
    }
    // Every cell is built and the slice after the last found nothing left: the answer waits for the loop's turn.
    expect(settled).toBe(false);
    expect(s.waiting()).toBe(1);
    s.release();
    const view = await answer;
    // The counts start with a pause too: none is counted in the turn of the answer.
    await nextPause(s);
    expect((builds as unknown as { tokenMemo: Map<string, number> }).tokenMemo.size).toBe(0);
    await finish(
      s,
      h.waitForEvent('compare:matrixTokens', (p) => p.tokens.length === 4, 10000),
    );
    expect((builds as unknown as { tokenMemo: Map<string, number> }).tokenMemo.size).toBe(
      new Set(view.cells.map((c) => c.promptHash)).size,
    );
  });

  it('builds again on the new state when the workspace changes while it builds', async () => {
    const { h, s, answer } = await buildingMini();
    await h.call('doc:update', { ref: TEMPLATE, text: '{{ROLE}}\n\n{{GREETING}} changed while building\n' });
    const view: MatrixView = await finish(s, answer);
    expect(view.version).toBe(2);
    expect(view.cells.map((c) => `${c.variantId}/${c.preset}:${c.saved}`)).toEqual([
      'special/base:same',
      'special/special:same',
      'generic/base:differs',
      'generic/special:differs',
    ]);
    const cell = await h.call('compare:matrixCell', { variantId: 'generic', preset: 'base' });
    expect(cell.text).toContain('hello changed while building');
    expect(view.cells[2]!.promptHash).toBe(contentHash(cell.text));
    // Approval checks the hash the answer carries: the cell as built after the change is written.
    const approved = await h.call('compare:approve', {
      cells: [{ variantId: 'generic', preset: 'base', promptHash: view.cells[2]!.promptHash, storedHash: null }],
    });
    expect(approved).toEqual({ written: ['snapshots/generic/base.md'], skipped: [] });
  });

  it('answers a request with nothing changed with the same cells and counts, building and counting nothing again', async () => {
    const h = await hosts.start({});
    const builds = new MatrixBuilds(h.host, LOOP_SLICER);
    const firstCounts = h.waitForEvent('compare:matrixTokens', (p) => p.version === 1 && p.tokens.length === 56, 60_000);
    await builds.request();
    const counts = await firstCounts;
    const digest = vi.spyOn((builds as Loose).memo as MatrixCellMemo, 'digest');
    const tokenMemo = (builds as Loose).tokenMemo as Map<string, number>;
    const looked = vi.spyOn(tokenMemo, 'get');
    const secondCounts = h.waitForEvent('compare:matrixTokens', (p) => p.version === 2, 60_000);
    const second = await builds.request();
    expect(second.version).toBe(2);
    expect(second.cells).toEqual(synchronousCells(h));
    // The built-in workspace has stored snapshots: they were compared, and are again (by their stamps).
    expect(second.cells.filter((c) => c.snapshot === 'same').length).toBeGreaterThan(0);
    expect(digest).not.toHaveBeenCalled();
    // Its counts come at once, all of them, as the first request's.
    expect(await secondCounts).toEqual({ ...counts, version: 2 });
    expect(looked).not.toHaveBeenCalled();
  });

  it('reads the stored snapshots again when one was written, rewritten or removed since the last answer', async () => {
    const dir = writeFiles(tempDir(), miniWorkspace());
    const h = await hosts.start({ initialWorkspace: dir });
    const builds = new MatrixBuilds(h.host, LOOP_SLICER);
    const cellOf = (view: MatrixView) => view.cells.find((c) => c.variantId === 'generic' && c.preset === 'base')!;
    expect(cellOf(await builds.request()).snapshot).toBe('missing');
    const { text } = await h.call('compare:matrixCell', { variantId: 'generic', preset: 'base' });
    const file = path.join(dir, 'snapshots/generic/base.md');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text as string);
    const written = await builds.request();
    expect(cellOf(written).snapshot).toBe('same');
    expect(written.cells).toEqual(synchronousCells(h));
    // Another text of the same length: only the file's stamp tells it changed.
    const other = (text as string).replace('hello', 'HELLO');
    expect(other).not.toBe(text);
    fs.writeFileSync(file, other);
    const rewritten = await builds.request();
    expect(cellOf(rewritten)).toMatchObject({ snapshot: 'differs', storedHash: contentHash(other) });
    expect(rewritten.cells).toEqual(synchronousCells(h));
    fs.rmSync(file);
    expect(cellOf(await builds.request())).toMatchObject({ snapshot: 'missing', storedHash: null });
  });

  it('counts on the host’s thread a piece at a time: a prompt counted anew never holds the loop for its whole count', async () => {
    const h = await hosts.start({});
    let pauses = 0;
    const slicer: Slicer = { ...LOOP_SLICER, sliceMs: 0, pause: () => (pauses++, LOOP_SLICER.pause()) };
    const builds = new MatrixBuilds(h.host, slicer);
    const counted = h.waitForEvent('compare:matrixTokens', (p) => p.tokens.length === 56, 60_000);
    const view = await builds.request();
    const before = pauses;
    const counts = await counted;
    // Every distinct prompt is counted anew; a slice of 0 ms is one step: at least one pause per piece of each.
    const session = h.host.requireSession();
    const built = snapshotMatrix({ workspace: session.snapshot(), options: deterministicBuildOptions(), stored: () => undefined });
    const distinct = new Map(view.cells.map((c, i) => [c.promptHash, built.texts[i]!]));
    const pieces = [...distinct.values()].reduce((n, text) => n + [...tokenPieces(text)].length, 0);
    expect(pieces).toBeGreaterThan(4 * view.cells.length);
    expect(pauses - before).toBeGreaterThanOrEqual(pieces);
    expect(counts.tokens.every((n: number) => n > 0)).toBe(true);
  });
});

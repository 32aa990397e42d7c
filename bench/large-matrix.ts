/**
 * bench:engine's snapshot matrix at scale: a generated workspace of 500 variants × 20 presets
 * (10,000 cells), asked of a real host (compare:matrix) as the matrix view asks for it. Per
 * round it prints the wall time to the answer and its CPU time, the longest time the event
 * loop was held while the matrix built (a timer's lateness), the event-loop delay p99 and max
 * (monitorEventLoopDelay), how much of that block the host's thread waited for a core (on
 * Linux) and the longest GC pause, and the same for the token counts that follow; first the same
 * probes over a second of no work, which is how noisy the machine is. Rounds: the first
 * request, the same again with nothing changed, after typing in one variant's template, after
 * editing a preset (the workspace loads anew: new objects, the same content but the preset's column). Printed, not asserted.
 *
 * `--lib <dist-lib folder>` measures another build's host (e.g. main's) on the same workspace.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { constants, monitorEventLoopDelay, performance, PerformanceObserver, type NodeGCPerformanceDetail } from 'node:perf_hooks';
import type { StudioHost, StudioHostOptions } from '../electron/host/studio-host.js';
import { largeWorkspace, LARGE_PRESETS, LARGE_VARIANTS } from './generated-workspaces.js';

const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

/**
 * How long the host's thread has waited for a core in all, in ms (Linux's schedstat; elsewhere
 * undefined): a block the thread spent waiting was another thread's (the workers', V8's helper
 * threads'), not the host's code.
 */
function waitedForCore(): number | undefined {
  try {
    const waited = Number(fs.readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[1]);
    return Number.isFinite(waited) ? waited / 1e6 : undefined;
  } catch {
    return undefined;
  }
}

interface Probed<T> {
  value: T;
  longest: number;
  /** Of the longest block, how long the host's thread waited for a core (Linux only). */
  waited: number | null;
  p99: number | null;
  max: number | null;
  /** The longest pause of the host thread's garbage collector meanwhile, and its kind (a loop block may be one). */
  gc: { ms: number; kind: string } | null;
}

/** The longest gap between the ticks of a 0 ms timer, the loop delay histogram and the longest GC pause, while `work` runs. */
async function probed<T>(work: () => Promise<T>): Promise<Probed<T>> {
  let longest = 0;
  let waited: number | null = null;
  let last = performance.now();
  let lastWaited = waitedForCore();
  let running = true;
  let timer: NodeJS.Timeout | undefined;
  const tick = (): void => {
    const now = performance.now();
    const waitedNow = waitedForCore();
    if (now - last > longest) {
      longest = now - last;
      waited = waitedNow !== undefined && lastWaited !== undefined ? waitedNow - lastWaited : null;
    }
    last = now;
    lastWaited = waitedNow;
    if (running) timer = setTimeout(tick, 0);
  };
  timer = setTimeout(tick, 0);
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let gc: Probed<T>['gc'] = null;
  const gcs = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = GC_KINDS[(entry as { detail?: NodeGCPerformanceDetail }).detail?.kind ?? -1] ?? 'other';
      if (!gc || entry.duration > gc.ms) gc = { ms: entry.duration, kind };
    }
  });
  gcs.observe({ entryTypes: ['gc'] });
  try {
    const value = await work();
    tick();
    // The entries of the last pauses are delivered in a later turn.
    await new Promise((resolve) => setImmediate(resolve));
    // No sample: the loop never ran while the work did (one block).
    const sampled = delay.count > 0;
    return { value, longest, waited, p99: sampled ? delay.percentile(99) / 1e6 : null, max: sampled ? delay.max / 1e6 : null, gc };
  } finally {
    running = false;
    clearTimeout(timer);
    delay.disable();
    gcs.disconnect();
  }
}

const f = (n: number | null): string => (n === null ? 'no sample' : `${n.toFixed(1)} ms`);
const w = (waited: number | null): string => (waited === null ? '' : ` (${f(waited)} of it waiting for a core)`);
const g = (gc: { ms: number; kind: string } | null): string => (gc ? `${f(gc.ms)} (${gc.kind})` : 'none');

export async function largeMatrixBench(lib?: string): Promise<void> {
  const from = lib ? path.resolve(lib, 'electron/host/studio-host.js') : '../electron/host/studio-host.js';
  const { createStudioHost } = (await import(from)) as { createStudioHost: (o: StudioHostOptions) => StudioHost };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vs-bench-matrix-'));
  try {
    largeWorkspace(path.join(dir, 'ws'));
    const host = createStudioHost({ userDataDir: path.join(dir, 'user'), initialWorkspace: path.join(dir, 'ws'), watch: false });
    // Versions whose counts of every cell came, and the one a round waits for.
    const counted = new Set<number>();
    let waiting: { version: number; resolve: () => void } | undefined;
    host.subscribe((event, payload) => {
      if (event !== 'compare:matrixTokens') return;
      const p = payload as { version: number; tokens: number[] };
      if (p.tokens.length < LARGE_VARIANTS * LARGE_PRESETS) return;
      counted.add(p.version);
      if (waiting?.version === p.version) waiting.resolve();
    });
    await host.start();
    // As the app does once its window is up: the encoders load (a block of about half a second) and the
    // workers build the first rows ahead (matrix-builds.ts, AHEAD_CELLS) before anyone asks.
    host.warmUp();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const idle = await probed(() => new Promise((resolve) => setTimeout(resolve, 1000)));
    console.log(
      `snapshot matrix, ${LARGE_VARIANTS} variants x ${LARGE_PRESETS} presets${lib ? ` (host of ${lib})` : ''}; a second of no work first: longest timer lateness ${f(idle.longest)}${w(idle.waited)}, loop delay p99 ${f(idle.p99)}, longest GC pause ${g(idle.gc)}`,
    );
    const call = async (channel: string, request: unknown): Promise<Record<string, unknown>> => {
      const r = await host.dispatch(channel as never, request as never);
      if (!r.ok) throw new Error(`${channel} failed: ${r.error.message}`);
      return r.value as Record<string, unknown>;
    };
    /** What comes before each round: nothing (the first, then the same workspace again), typing in a template, a preset edited. */
    const before: [string, () => Promise<void>][] = [
      ['first request', async () => {}],
      ['again, nothing changed', async () => {}],
      [
        'after typing in one template',
        async () => {
          const ref = { kind: 'variant-template', variantId: 'generic' };
          const { text } = (await call('doc:read', { ref })) as { text: string };
          await call('doc:update', { ref, text: `${text}\nTyped.\n` });
        },
      ],
      [
        'after editing a preset (every cell changes objects)',
        async () => {
          const ref = { kind: 'preset', name: 'p10' };
          const { text } = (await call('doc:read', { ref })) as { text: string };
          await call('doc:update', { ref, text: text.replace('project-10', 'project-ten') });
        },
      ],
    ];
    for (const [round, [label, prepare]] of before.entries()) {
      await prepare();
      const cpu = process.cpuUsage();
      const t0 = performance.now();
      const built = await probed(() => host.dispatch('compare:matrix', {}));
      const wall = performance.now() - t0;
      const used = process.cpuUsage(cpu);
      if (!built.value.ok) throw new Error(`compare:matrix failed: ${built.value.error.message}`);
      const view = built.value.value as { version: number; cells: unknown[] };
      const tokensDone = counted.has(view.version)
        ? Promise.resolve()
        : new Promise<void>((resolve) => (waiting = { version: view.version, resolve }));
      const tokens = await probed(() =>
        Promise.race([tokensDone, new Promise<void>((resolve) => setTimeout(resolve, 300_000))]).then(() => performance.now() - t0),
      );
      console.log(
        `  round ${round + 1}, ${label}: ${view.cells.length} cells answered in ${f(wall)} (CPU ${f((used.user + used.system) / 1000)}), longest loop block ${f(built.longest)}${w(built.waited)}, loop delay p99 ${f(built.p99)} (max ${f(built.max)}), longest GC pause ${g(built.gc)}; token counts of all cells ${f(tokens.value)} after the request, longest block meanwhile ${f(tokens.longest)}${w(tokens.waited)}, p99 ${f(tokens.p99)}, longest GC pause ${g(tokens.gc)}; heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`,
      );
    }
    await host.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

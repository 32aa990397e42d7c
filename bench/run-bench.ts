/**
 * npm run bench:run — prints figures, asserts nothing. A 200-cell eval (5 tests × 8 built-in
 * variants × 5 presets, one connection) through the host's eval:start, against the loopback
 * stand-in running in a child process, at concurrency 8, streamed: wall time, the host's
 * event-loop delay while it runs (the editor shares that loop: it should stay under a frame,
 * 16 ms), and memory (this process's, the eval's worker thread included). Then the same eval recorded, and replayed from the recordings. Every
 * event and the answer are serialised as the browser transport does (JSON text per message),
 * since sending results to the renderer is part of the host's work.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { builtinWorkspaceDir } from '../electron/host/builtin-workspace.js';
import { builtEvalWorker } from '../electron/host/run/eval-in-worker.js';
import { createStudioHost } from '../electron/host/studio-host.js';
import type { EvalSummary } from '../shared/wire/run-result.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const child = spawn(process.execPath, [path.join(here, 'stand-in-child.js')], { stdio: ['pipe', 'pipe', 'inherit'] });
const origin = await new Promise<string>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())));

const ws = mkdtempSync(path.join(os.tmpdir(), 'vs-bench-run-'));
const userData = mkdtempSync(path.join(os.tmpdir(), 'vs-bench-user-'));
cpSync(builtinWorkspaceDir(), ws, { recursive: true });
mkdirSync(path.join(ws, 'tests'), { recursive: true });
const variants = ['generic', 'next-gen', 'gpt-5', 'gemini-3', 'glm', 'hermes', 'devstral', 'xs'];
const presets = ['basic', 'no-browser', 'no-mcp', 'no-focus-chain', 'plan-mode'];
for (let i = 1; i <= 5; i++)
  writeFileSync(
    path.join(ws, 'tests', `bench-${i}.yaml`),
    `messages: [{ role: user, content: "Task ${i}: read src/main.ts" }]\ncolumns: { variants: [${variants.join(', ')}], presets: [${presets.join(', ')}] }\nassert: [{ type: tool-call, name: read_file }]\n`,
    { flag: 'w' },
  );

const host = createStudioHost({
  userDataDir: userData,
  initialWorkspace: ws,
  watch: false,
  environment: { ANTHROPIC_API_KEY: 'bench-key', ANTHROPIC_BASE_URL: origin },
});
await host.start();
let events = 0;
let sentBytes = 0;
// As electron/browser/server.ts sends them: one JSON text per message.
host.subscribe((event, payload) => {
  events++;
  sentBytes += JSON.stringify({ type: 'event', event, payload }).length;
});

async function evalOnce(mode: 'live' | 'record' | 'replay', id: string): Promise<void> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  let peakRss = 0;
  let peakHeap = 0;
  // Sampled every 100 ms: process.memoryUsage() itself takes the loop's time (~0.3 ms a call).
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 100);
  events = 0;
  sentBytes = 0;
  delay.enable();
  const t0 = performance.now();
  const result = await host.dispatch('eval:start', { evalId: id, mode, concurrency: 8 });
  sentBytes += JSON.stringify({ type: 'result', id: 1, result }).length;
  const wall = performance.now() - t0;
  delay.disable();
  clearInterval(sampler);
  if (!result.ok) throw new Error(result.error.message);
  const summary = result.value as EvalSummary;
  const ms = (ns: number): string => (ns / 1e6).toFixed(1);
  console.log(
    `${mode.padEnd(6)} ${summary.cells.length} cells (${summary.passed} passed) in ${(wall / 1000).toFixed(2)} s, ${(summary.cells.length / (wall / 1000)).toFixed(0)} cells/s; ` +
      `event-loop delay p50 ${ms(delay.percentile(50))} ms, p99 ${ms(delay.percentile(99))} ms, max ${ms(delay.max)} ms; ` +
      `peak rss ${(peakRss / 1024 / 1024).toFixed(0)} MB, heap ${(peakHeap / 1024 / 1024).toFixed(0)} MB; ${events} events, ${(sentBytes / 1024 / 1024).toFixed(1)} MB sent`,
  );
}

console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (before)`,
);
const worker = builtEvalWorker();
console.log(
  worker
    ? `cells run in a worker thread (${path.relative(process.cwd(), fileURLToPath(worker))})`
    : 'cells run on the host thread (no built worker)',
);
// The floor: the same measure on this loop doing nothing for a second (a busy machine's
// scheduling alone delays timers; the eval's figures are worth reading against it).
{
  const idle = monitorEventLoopDelay({ resolution: 5 });
  idle.enable();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  idle.disable();
  console.log(
    `idle   event-loop delay p50 ${(idle.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(idle.percentile(99) / 1e6).toFixed(1)} ms, max ${(idle.max / 1e6).toFixed(1)} ms`,
  );
}
try {
  // Cold: the first eval after the start reads the workspace and loads the run modules.
  await evalOnce('live', 'bench-live');
  // Again, warm (modules compiled, builds and the JIT warmed up).
  await evalOnce('live', 'bench-live-2');
  await evalOnce('record', 'bench-record');
  await evalOnce('replay', 'bench-replay');
  // Recorded again, over 200 recordings: each cell's old recordings are looked up (and replaced).
  await evalOnce('record', 'bench-record-again');
} finally {
  await host.close();
  child.kill('SIGTERM');
  rmSync(ws, { recursive: true, force: true });
  rmSync(userData, { recursive: true, force: true });
}
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

/**
 * npm run bench:tokens — prints figures, asserts nothing.
 * Token counting of hostile texts (bench/hostile-token-texts.ts), 1 MB each, through a running
 * host: time per MB, whether the count is an estimate, and how long a concurrent request
 * (machine:info, sent every 5 ms meanwhile) waited for its answer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createStudioHost } from '../electron/host/studio-host.js';
import { hostileTokenTexts } from './hostile-token-texts.js';

const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vs-token-bench-'));
const host = createStudioHost({ userDataDir, watch: false });
await host.start();
host.warmUp();
await host.dispatch('tokens:count', { texts: ['warm up'] });

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const MB = 1 << 20;

console.log('token counts of 1 MB hostile texts (tokens:count through the host), and a concurrent request meanwhile');
for (const [name, text] of Object.entries(hostileTokenTexts(MB))) {
  const waits: number[] = [];
  let counting = true;
  const prober = (async () => {
    while (counting) {
      const t0 = performance.now();
      await host.dispatch('machine:info', {});
      waits.push(performance.now() - t0);
      await sleep(5);
    }
  })();
  const t0 = performance.now();
  const answer = await host.dispatch('tokens:count', { texts: [text] });
  const took = performance.now() - t0;
  counting = false;
  await prober;
  const counts = answer.ok ? (answer.value as { o200k: number; cl100k: number; estimated?: true }[])[0] : undefined;
  const sorted = [...waits].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  console.log(
    `  ${name.padEnd(28)} ${((took * MB) / text.length).toFixed(0).padStart(6)} ms/MB  o200k ${String(counts?.o200k ?? '-').padStart(8)}${counts?.estimated ? ' (estimate)' : '           '}` +
      `  concurrent request: ${waits.length} answered, median ${at(0.5).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`,
  );
}
await host.close();
fs.rmSync(userDataDir, { recursive: true, force: true });

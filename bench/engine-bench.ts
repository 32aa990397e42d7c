/**
 * npm run bench:engine — prints figures, asserts nothing.
 *  1. generic x basic: median and p95 of a full build (structured result and provenance included)
 *  2. every built-in variant x every preset: total time of one pass
 *  3. a Cline-style workspace (template components, 7 variant placeholders) at about 10 KB and
 *     50 KB: our build warm and without cache hits, beside the original algorithm on the same inputs
 *  4. the whole built-in snapshot matrix (every variant x preset, as the app's matrix builds it)
 *  5. a build that tracks volatile ranges (the prompt-cache view)
 *  6. hostile 1 MB templates: our build time; the original's regexes on growing sizes (where they
 *     finish in reasonable time), with a check that both give the same output there.
 *  7. the snapshot matrix of 500 variants x 20 presets in a host (large-matrix.ts): wall time,
 *     the longest event-loop block while it builds, loop delay p99.
 * `--only matrix-500x20` runs scenario 7 alone; `--lib <dist-lib folder>` measures another
 * build's host there (e.g. main's, for before/after).
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { buildVariantPrompt } from '../shared/engine/build/build-variant-prompt.js';
import { ComponentRegistry } from '../shared/engine/components/component-registry.js';
import { loadWorkspace } from '../shared/engine/workspace/load-workspace.js';
import { defineVariant, type Variant } from '../shared/domain/variant.js';
import { parseContext } from '../shared/domain/parse-context.js';
import { builtinWorkspaceDir } from '../electron/host/builtin-workspace.js';
import { folderFileSource } from '../electron/host/folder-source.js';
import { snapshotMatrix } from '../shared/engine/compare/snapshot-matrix.js';
import { deterministicBuildOptions } from '../shared/engine/snapshots/snapshot-files.js';
import { referenceCleanup, referenceResolve } from './reference-regexes.js';
import { convertedWorkspace, referenceBuild } from './converted-workspace.js';
import { largeMatrixBench } from './large-matrix.js';

const { values: args } = parseArgs({ options: { only: { type: 'string' }, lib: { type: 'string' } } });
if (args.only !== undefined && args.only !== 'matrix-500x20') throw new Error(`--only: the one scenario to run alone is matrix-500x20`);
if (args.only === 'matrix-500x20') {
  await largeMatrixBench(args.lib);
  process.exit(0);
}

const OPTIONS = { now: '2026-01-15', processCwd: '/tmp' } as const;

function stats(samples: number[]): { median: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95) };
}
const ms = (n: number): string => `${n.toFixed(4)} ms`;

const ws = loadWorkspace(folderFileSource(builtinWorkspaceDir()));
const generic = ws.variants.find((v) => v.id === 'generic');
const basic = ws.presets.find((p) => p.name === 'basic');
if (!generic || !basic) throw new Error('the built-in workspace needs a generic variant and a basic preset');

// 1. generic x basic
const input = { variant: generic, context: basic.context, components: ws.components, tools: ws.tools, options: OPTIONS };
let result = buildVariantPrompt(input);
for (let i = 0; i < 2000; i++) result = buildVariantPrompt(input); // warm-up
const RUNS = 20000;
const samples: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  result = buildVariantPrompt(input);
  samples.push(performance.now() - t0);
}
const s = stats(samples);
console.log(
  `generic x basic: ${(result.text.length / 1024).toFixed(1)} KB, ${result.sections.length} provenance ranges, ${result.components.length} components`,
);
console.log(`  full build over ${RUNS} runs (as while typing: same context object): median ${ms(s.median)}, p95 ${ms(s.p95)}`);

// The same with nothing reusable: a fresh context object and a different template text each run
// (in a block: the 2000 contexts are garbage once measured, not live through the figures below).
{
  const cold: number[] = [];
  const contexts = Array.from({ length: 2000 }, () => structuredClone(basic.context));
  for (let i = 0; i < contexts.length; i++) {
    const variant = { ...generic, baseTemplate: `${generic.baseTemplate}\n<!-- ${i} -->` };
    const t0 = performance.now();
    buildVariantPrompt({ ...input, variant, context: contexts[i]! });
    cold.push(performance.now() - t0);
  }
  const c = stats(cold);
  console.log(
    `  full build with no cache hits (fresh context object, changed template), ${contexts.length} runs: median ${ms(c.median)}, p95 ${ms(c.p95)}`,
  );
}

// 2. every variant x every preset
const all: number[] = [];
for (let round = 0; round < 40; round++) {
  const t0 = performance.now();
  for (const variant of ws.variants) {
    for (const preset of ws.presets)
      buildVariantPrompt({ variant, context: preset.context, components: ws.components, tools: ws.tools, options: OPTIONS });
  }
  all.push(performance.now() - t0);
}
// The first passes also compile the code and fill the per-template and per-context caches.
console.log(
  `all ${ws.variants.length} variants x ${ws.presets.length} presets (${ws.variants.length * ws.presets.length} builds): first pass ${ms(all[0]!)}, then median ${ms(stats(all.slice(10)).median)} per pass`,
);

// 3. a Cline-style workspace: template components and variant placeholders, 10 KB and 50 KB.
const timeRuns = (runs: number, f: (i: number) => void): { median: number; p95: number } => {
  for (let i = 0; i < Math.min(200, runs); i++) f(i);
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    f(i);
    out.push(performance.now() - t0);
  }
  return stats(out);
};
for (const kb of [10, 50]) {
  const conv = convertedWorkspace(kb);
  const warm = { variant: conv.variant, context: conv.context, components: conv.components, tools: conv.tools, options: OPTIONS };
  const oursWarm = timeRuns(5000, () => buildVariantPrompt(warm));
  const refWarm = timeRuns(5000, () => referenceBuild(conv, conv.variant, conv.context));
  const fresh = Array.from({ length: 3000 }, () => structuredClone(conv.context));
  const variants = Array.from({ length: 3000 }, (_, i) => ({
    ...conv.variant,
    baseTemplate: `${conv.variant.baseTemplate}\n<!-- ${i} -->`,
  }));
  const oursCold = timeRuns(2500, (i) => buildVariantPrompt({ ...warm, variant: variants[i]!, context: fresh[i]! }));
  const refCold = timeRuns(2500, (i) => referenceBuild(conv, variants[i]!, fresh[i]!));
  const size = buildVariantPrompt(warm).text.length;
  console.log(
    `Cline-style workspace, ${(size / 1024).toFixed(1)} KB (${conv.variant.componentOrder.length} template components, ${Object.keys(conv.variant.placeholders).length} variant placeholders):`,
  );
  console.log(
    `  warm caches: ours median ${ms(oursWarm.median)} (p95 ${ms(oursWarm.p95)}), original algorithm ${ms(refWarm.median)}: ${(oursWarm.median / refWarm.median).toFixed(2)}x`,
  );
  console.log(
    `  no cache hits: ours median ${ms(oursCold.median)} (p95 ${ms(oursCold.p95)}), original algorithm ${ms(refCold.median)}: ${(oursCold.median / refCold.median).toFixed(2)}x`,
  );
}

// 4. the built-in snapshot matrix, as the host builds it for the matrix view
{
  const matrixRuns: number[] = [];
  let cells = 0;
  let cpu = process.cpuUsage();
  const ROUNDS = 60;
  const WARM_UP = 10;
  for (let round = 0; round < ROUNDS; round++) {
    if (round === WARM_UP) cpu = process.cpuUsage();
    const t0 = performance.now();
    cells = snapshotMatrix({ workspace: ws, options: deterministicBuildOptions(), stored: () => undefined }).cells.length;
    matrixRuns.push(performance.now() - t0);
  }
  const used = process.cpuUsage(cpu);
  const m = stats(matrixRuns.slice(WARM_UP));
  // CPU time (all of the process's threads, garbage collection included) is steadier than wall time on a loaded machine.
  const cpuPerMatrix = (used.user + used.system) / 1000 / (ROUNDS - WARM_UP);
  console.log(
    `snapshot matrix of the built-in workspace (${cells} builds): median ${ms(m.median)}, p95 ${ms(m.p95)}, CPU ${ms(cpuPerMatrix)} per matrix (target < 10 ms)`,
  );
}

// 5. tracking volatile ranges (the prompt-cache view, cache lint)
{
  const tracked = timeRuns(2000, () => buildVariantPrompt({ ...input, trackVolatility: true }));
  console.log(`generic x basic with volatile ranges tracked: median ${ms(tracked.median)}, p95 ${ms(tracked.p95)}`);
}

// 6. hostile input
const HOSTILE: Record<string, (size: number) => string> = {
  'unclosed {{': (n) => '{{a '.repeat(Math.ceil(n / 4)).slice(0, n),
  'unclosed {{, one }} at the end': (n) => `${'{{a '.repeat(Math.ceil(n / 4)).slice(0, n - 2)}}}`,
  'separator, then blank lines': (n) => `x\n====${' \n'.repeat(Math.ceil(n / 2)).slice(0, n - 7)}y`,
  'long = run inside text': (n) => `a${'='.repeat(n - 2)}b`,
  'blank and whitespace-only lines': (n) => `x\n${' '.repeat(n / 2 - 2)}\n${' '.repeat(n / 2 - 2)}x`,
  'repeated ==== lines': (n) => 'A\n' + '====\n'.repeat(Math.ceil(n / 5)).slice(0, n - 4) + 'B',
  'many lines of spaces': (n) => `x${'  \n'.repeat(Math.ceil(n / 3)).slice(0, n - 2)}y`,
};
function variantWith(template: string): Variant {
  return defineVariant({ id: 'hostile', description: 'hostile input', baseTemplate: template });
}
const empty = new ComponentRegistry();
const context = parseContext({ cwd: '/proj' });
function ours(template: string): string {
  return buildVariantPrompt({ variant: variantWith(template), context, components: empty, tools: new Map(), options: OPTIONS }).text;
}
function original(template: string): string {
  const placeholders: Record<string, unknown> = { CWD: '/proj', SUPPORTS_BROWSER: '', MODEL_FAMILY: 'generic', CURRENT_DATE: '2026-01-15' };
  return referenceCleanup(referenceResolve(template, placeholders));
}
const time = (f: () => unknown): number => {
  const t0 = performance.now();
  f();
  return performance.now() - t0;
};
console.log('hostile input (1 MB): our full build; the original regexes on smaller sizes');
for (const [name, make] of Object.entries(HOSTILE)) {
  // A different text each run, so no per-template cache helps.
  const runs = [0, 1, 2].map((i) => {
    const big = make((1 << 20) - i);
    return time(() => ours(big));
  });
  const parts = [`  ${name.padEnd(32)} ours ${stats(runs).median.toFixed(1)} ms at 1 MB`];
  for (const size of [8 << 10, 16 << 10, 32 << 10]) {
    const t = make(size);
    let same = false;
    const took = time(() => (same = original(t) === ours(t)));
    parts.push(`original ${took.toFixed(0)} ms at ${size >> 10} KB${same ? '' : ' (OUTPUT DIFFERS)'}`);
    if (took > 3000) break;
  }
  console.log(parts.join('; '));
}

// 7. the snapshot matrix at scale, in a host
await largeMatrixBench(args.lib);

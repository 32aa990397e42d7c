/**
 * npm run bench:engine — prints figures, asserts nothing.
 *  1. generic x basic: median and p95 of a full build (structured result and provenance included)
 *  2. every built-in variant x every preset: total time of one pass
 *  3. hostile 1 MB templates: our build time; the original's regexes on growing sizes (where they
 *     finish in reasonable time), with a check that both give the same output there.
 */
import { performance } from 'node:perf_hooks';
import { buildVariantPrompt } from '../shared/engine/build/build-variant-prompt.js';
import { ComponentRegistry } from '../shared/engine/components/component-registry.js';
import { loadWorkspace } from '../shared/engine/workspace/load-workspace.js';
import { defineVariant, type Variant } from '../shared/domain/variant.js';
import { parseContext } from '../shared/domain/parse-context.js';
import { builtinWorkspaceDir } from '../electron/host/builtin-workspace.js';
import { folderFileSource } from '../electron/host/folder-source.js';
import { referenceCleanup, referenceResolve } from './reference-regexes.js';

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

// The same with nothing reusable: a fresh context object and a different template text each run.
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

// 2. every variant x every preset
const all: number[] = [];
for (let round = 0; round < 20; round++) {
  const t0 = performance.now();
  for (const variant of ws.variants) {
    for (const preset of ws.presets)
      buildVariantPrompt({ variant, context: preset.context, components: ws.components, tools: ws.tools, options: OPTIONS });
  }
  all.push(performance.now() - t0);
}
console.log(
  `all ${ws.variants.length} variants x ${ws.presets.length} presets (${ws.variants.length * ws.presets.length} builds): median ${ms(stats(all).median)} per pass`,
);

// 3. hostile input
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

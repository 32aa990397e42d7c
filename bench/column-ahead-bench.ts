/**
 * node dist-lib/bench/column-ahead-bench.js — prints figures, asserts nothing.
 * The compare view's step without a build (column-ahead.ts) at 1 MB: generic under four
 * presets after 1 MB of prose pasted into its template, then 200 single characters typed one
 * after another in the middle of it, every column made from its last one. Per key: the four
 * columns' time (the host's ahead path), median and p95. `--flat-template`: the template is
 * made flat before each key's step, as the host's preview build of the key has made it.
 */
import { performance } from 'node:perf_hooks';
import { buildVariantPrompt } from '../shared/engine/build/build-variant-prompt.js';
import { columnAfterTemplateEdit, type ColumnBuilt } from '../shared/engine/compare/column-ahead.js';
import { variantColumnSections } from '../shared/engine/compare/column-sections.js';
import { loadWorkspace } from '../shared/engine/workspace/load-workspace.js';
import type { Variant } from '../shared/domain/variant.js';
import { builtinWorkspaceDir } from '../electron/host/builtin-workspace.js';
import { folderFileSource } from '../electron/host/folder-source.js';

const ws = loadWorkspace(folderFileSource(builtinWorkspaceDir()));
const options = { now: '2026-01-15', processCwd: '/tmp' };
const start = ws.variants.find((v) => v.id === 'generic')!;
const line = 'The agent reads this line, and that one, with (some) punctuation and words!\n';
const prose = line.repeat(Math.ceil((1 << 20) / line.length));
const cut = start.baseTemplate.indexOf('\n') + 1;
let variant: Variant = { ...start, baseTemplate: start.baseTemplate.slice(0, cut) + prose + start.baseTemplate.slice(cut) };
const presets = ws.presets.slice(0, 4);
let columns: ColumnBuilt[] = presets.map((preset) => {
  const result = buildVariantPrompt({ variant, context: preset.context, components: ws.components, tools: ws.tools, options });
  return { built: { text: result.text, sections: result.sections }, sections: variantColumnSections(result, variant), variant };
});
const keys = 200;
const flatTemplate = process.argv.includes('--flat-template');
let at = cut + Math.floor(prose.length / 2 / line.length) * line.length + 20;
const times: number[] = [];
let ahead = 0;
for (let i = 0; i < keys; i++) {
  const t = variant.baseTemplate;
  // As an editor's splice makes it: the text around the edit joined to it.
  const typed = 'abcdefgh'[i % 8]!;
  variant = { ...variant, baseTemplate: t.slice(0, at) + typed + t.slice(at) };
  at += 1;
  // In the host the preview's build of the same keystroke has read the template whole before
  // the compare view's step (one flat copy of it per key either way); here when asked.
  if (flatTemplate) void variant.baseTemplate.slice(0, 1);
  const t0 = performance.now();
  columns = columns.map((column) => {
    const next = columnAfterTemplateEdit(column, variant);
    if (next) ahead++;
    return next ?? column;
  });
  // What the host reads of every column per key (its text's length, its rows).
  for (const c of columns) void c.built.text.length;
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(3);
console.log(
  `1 MB template${flatTemplate ? ' (read flat before)' : ''}, ${keys} keys × ${presets.length} columns: ${ahead} made ahead; per key median ${q(0.5)} ms, p95 ${q(0.95)} ms`,
);

import { buildCompareColumns, compareTable, type CompareColumnSpec } from '../../shared/engine/compare/compare-builds.js';
import { hostBuildOptions } from '../../electron/host/machine.js';
import { loadTokenCounter } from '../../electron/host/tokens.js';
import { UsageError, type CliIo } from '../cli-io.js';
import { openWorkspace, resolveContext } from '../workspace-input.js';
import type { CommonOptions } from './options.js';

export interface CompareCommandOptions extends CommonOptions {
  columns: CompareColumnSpec[];
}

const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

/**
 * Compares 2 or more columns (variants by id, model ids routed through selection) under one
 * context: the sections aligned by component id with characters, tokens (o200k) and the delta
 * against the first column, the totals, and the size of the tools as text and as native JSON.
 */
export async function compareCommand(options: CompareCommandOptions, io: CliIo): Promise<number> {
  if (options.columns.length < 2) throw new UsageError('compare needs at least two columns: variant ids and/or --model <id>');
  const ws = openWorkspace(options.workspace, io.cwd);
  const { context, label } = resolveContext(ws, options.preset, options.context, io.cwd);
  const columns = buildCompareColumns(
    ws.snapshot,
    options.columns,
    { name: options.preset ?? label, context, preset: (name) => ws.snapshot.presets.find((p) => p.name === name)?.context },
    hostBuildOptions(options.date),
  );
  const failed = columns.find((c) => c.error);
  if (failed) throw new UsageError(`${failed.label}: ${failed.error}`);
  const count = await loadTokenCounter();
  const table = compareTable(columns, count);
  if (options.format === 'json') {
    const json = {
      context: options.preset ?? label,
      columns: columns.map((c, i) => ({
        label: c.label,
        variant: c.variantId,
        why: c.why,
        preset: c.preset,
        sections: table.sizes
          .filter((row) => row.cells[i]!.present)
          .map((row) => {
            const cell = row.cells[i]!;
            return { id: row.key, chars: cell.chars, tokens: cell.tokens, deltaChars: cell.deltaChars, deltaTokens: cell.deltaTokens };
          }),
        missing: table.sizes.filter((row) => !row.cells[i]!.present).map((row) => ({ id: row.key, reason: row.cells[i]!.reason })),
        total: {
          chars: table.totals.cells[i]!.chars,
          tokens: table.totals.cells[i]!.tokens,
          deltaChars: table.totals.cells[i]!.deltaChars,
          deltaTokens: table.totals.cells[i]!.deltaTokens,
        },
        tools: c.tools,
      })),
    };
    io.stdout(`${JSON.stringify(json, null, 2)}\n`);
    return 0;
  }
  const lines: string[] = [];
  columns.forEach((c, i) => lines.push(`[${i + 1}] ${c.label}: ${c.why}`));
  lines.push('');
  const cell = (
    c: { chars: number; tokens: number | null; deltaChars: number; deltaTokens: number | null; present: boolean },
    first: boolean,
  ): string => {
    if (!c.present) return '—';
    const base = `${c.chars} ch ${c.tokens ?? '?'} tok`;
    return first
      ? base
      : `${base} (${signed(c.deltaChars)} ch ${c.deltaTokens === null ? '' : `${signed(c.deltaTokens)} tok`})`.replace(' )', ')');
  };
  const rows: string[][] = [['section', ...columns.map((_, i) => `[${i + 1}]`)]];
  for (const row of [...table.sizes, table.totals]) rows.push([row.key, ...row.cells.map((c, i) => cell(c, i === 0))]);
  rows.push(['tools (text chars)', ...columns.map((c) => String(c.tools?.textChars ?? 0))]);
  rows.push([
    'tools (JSON chars: openai/anthropic/gemini)',
    ...columns.map((c) =>
      c.tools ? `${c.tools.nativeJsonChars.openai}/${c.tools.nativeJsonChars.anthropic}/${c.tools.nativeJsonChars.gemini}` : '0',
    ),
  ]);
  const widths = rows[0]!.map((_, j) => Math.max(...rows.map((r) => r[j]!.length)));
  for (const r of rows)
    lines.push(
      r
        .map((v, j) => v.padEnd(widths[j]!))
        .join('  ')
        .trimEnd(),
    );
  for (const row of table.sizes)
    row.cells.forEach((c, i) => {
      if (!c.present) lines.push(`[${i + 1}] has no ${row.key}: ${c.reason ?? ''}`);
    });
  io.stdout(`${lines.join('\n')}\n`);
  return 0;
}

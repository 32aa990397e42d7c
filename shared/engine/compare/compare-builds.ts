import type { SystemPromptContext } from '../../domain/context.js';
import type { Variant } from '../../domain/variant.js';
import { buildVariantPrompt } from '../build/build-variant-prompt.js';
import type { VariantBuildResult } from '../build/build-result.js';
import type { BuildOptions } from '../environment.js';
import { contextForModel } from '../routing/routing-table.js';
import { selectVariant } from '../selection/select-variant.js';
import type { WorkspaceSnapshot } from '../workspace/workspace-snapshot.js';
import { alignColumns, type AlignedRow } from './align-sections.js';
import { variantColumnSections, type SectionRow } from './column-sections.js';
import { rowSize } from './section-sizes.js';
import { toolSizes, type ToolSizes } from './tool-sizes.js';

/** A column of a comparison: a variant, the variant a model id is routed to, either under a preset of its own. */
export type CompareColumnSpec =
  | { kind: 'variant'; variantId: string; preset?: string | undefined }
  | { kind: 'model'; modelId: string; providerId?: string | undefined; preset?: string | undefined };

export interface CompareColumn {
  spec: CompareColumnSpec;
  /** e.g. "generic", "gpt-5 → gpt-5", "xs @ no-mcp". */
  label: string;
  variantId: string | null;
  /** Which variant the column got and why (for model columns, the selection's summary). */
  why: string;
  preset: string;
  result?: VariantBuildResult | undefined;
  variant?: Variant | undefined;
  tools?: ToolSizes | undefined;
  error?: string | undefined;
}

/** The context each column is built under: the column's preset, else the comparison's. */
export interface CompareContexts {
  name: string;
  context: SystemPromptContext;
  /** Another preset of the workspace by name (undefined when there is none). */
  preset(name: string): SystemPromptContext | undefined;
}

/** Builds every column (errors are per column: a missing variant or preset does not stop the others). */
export function buildCompareColumns(
  ws: WorkspaceSnapshot,
  specs: readonly CompareColumnSpec[],
  contexts: CompareContexts,
  options: BuildOptions,
): CompareColumn[] {
  return specs.map((spec): CompareColumn => {
    const presetName = spec.preset ?? contexts.name;
    const base = spec.preset === undefined ? contexts.context : contexts.preset(spec.preset);
    const at = spec.preset === undefined ? '' : ` @ ${spec.preset}`;
    if (!base)
      return {
        spec,
        label: `${spec.kind === 'variant' ? spec.variantId : spec.modelId}${at}`,
        variantId: null,
        why: '',
        preset: presetName,
        error: `no preset '${spec.preset}'`,
      };
    let variant: Variant | undefined;
    let why: string;
    let context = base;
    let label: string;
    if (spec.kind === 'variant') {
      variant = ws.variants.find((v) => v.id === spec.variantId);
      why = variant ? 'chosen by id' : '';
      label = `${spec.variantId}${at}`;
      if (!variant)
        return {
          spec,
          label,
          variantId: null,
          why,
          preset: presetName,
          error: `no variant '${spec.variantId}' (variants: ${ws.variants.map((v) => v.id).join(', ')})`,
        };
    } else {
      context = contextForModel(base, spec.modelId, spec.providerId);
      const selection = selectVariant(ws.variants, context, ws.config.fallback);
      if (!selection.ok)
        return { spec, label: `${spec.modelId}${at}`, variantId: null, why: selection.error, preset: presetName, error: selection.error };
      variant = selection.variant;
      why = selection.summary;
      label = `${spec.modelId} → ${variant.id}${at}`;
    }
    const result = buildVariantPrompt({ variant, context, components: ws.components, tools: ws.tools, options });
    return { spec, label, variantId: variant.id, why, preset: presetName, result, variant, tools: toolSizes(variant, context, ws.tools) };
  });
}

/** A row of the size table: each column's characters (and tokens, given a counter) and the delta against the first column. */
export interface SizeRow {
  key: string;
  cells: {
    chars: number;
    tokens: number | null;
    deltaChars: number;
    deltaTokens: number | null;
    present: boolean;
    reason?: string | undefined;
  }[];
}

export interface CompareTable {
  rows: AlignedRow[];
  sizes: SizeRow[];
  totals: SizeRow;
}

/** Aligns built columns by section and sizes every row; columns that failed count as empty. */
export function compareTable(columns: readonly CompareColumn[], countTokens?: (text: string) => number): CompareTable {
  const sections = columns.map((c) =>
    c.result && c.variant ? variantColumnSections(c.result, c.variant) : { rows: [], absentReason: () => c.error ?? 'not built' },
  );
  const rows = alignColumns(sections);
  // Each cell's size is its row's (section-sizes.ts: every occurrence, the text as one piece), as in the app.
  const size = (key: string, rows: (SectionRow | null)[], reasons: (string | undefined)[]): SizeRow => {
    const measured = rows.map((r) => (r ? rowSize(r, countTokens) : { chars: 0, tokens: countTokens ? 0 : null }));
    const chars = measured.map((m) => m.chars);
    const tokens = measured.map((m) => m.tokens);
    return {
      key,
      cells: rows.map((r, i) => ({
        chars: chars[i]!,
        tokens: tokens[i]!,
        deltaChars: chars[i]! - chars[0]!,
        deltaTokens: tokens[i] === null || tokens[0] === null ? null : tokens[i]! - tokens[0]!,
        present: r !== null,
        ...(reasons[i] ? { reason: reasons[i] } : {}),
      })),
    };
  };
  const sizes = rows.map((r) =>
    size(
      r.key,
      r.cells.map((c) => (c.present ? c.row : null)),
      r.cells.map((c) => (c.present ? undefined : c.reason)),
    ),
  );
  const totals = size(
    'total',
    columns.map((c) => (c.result ? { key: 'total', text: c.result.text, occurrences: [c.result.text] } : null)),
    columns.map((c) => c.error),
  );
  return { rows, sizes, totals };
}

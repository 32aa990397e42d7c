import { z } from 'zod';
import type { ToolSizes } from '../../engine/compare/tool-sizes.js';
import type { BudgetLine } from '../../engine/budgets/token-budgets.js';
import type { ContextWindowCheck } from '../../engine/models/context-window.js';
import type { MatrixCell } from '../../engine/compare/snapshot-matrix.js';
import type { LintFinding } from '../../engine/lint/lint-finding.js';
import type { RoutingTable } from '../../engine/routing/routing-table.js';
import type { ProviderCacheRule } from '../../engine/volatility/provider-cache.js';
import type { OriginLocation } from '../../engine/volatility/origin-location.js';
import type { RangeOrigin } from '../../engine/volatility/volatile-range.js';
import { API_KINDS } from '../../requests/api-kind.js';
import { BuildTargetSchema, ContextSpecSchema } from './builds.js';
import { RequestModelSchema } from './bundles.js';
import { MAX_COMPARE_COLUMNS } from '../limits.js';
import { channel, Empty } from './channel.js';

/**
 * Channels of comparison: the compare view's columns (rebuilt on every edit, like the
 * preview), the routing table, the snapshot matrix and its approval (the files the CLI's
 * `snapshot` command reads), the prompt-cache view and token budgets.
 */

const Name = z.string().min(1).max(200);

/** A compare column: a variant, the variant a model id is routed to, or a stack profile; each may use a preset of its own. */
export const CompareColumnSpecSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('variant'), variantId: Name, preset: Name.optional() }).strict(),
  z.object({ kind: z.literal('model'), modelId: Name, providerId: Name.optional(), preset: Name.optional() }).strict(),
  z.object({ kind: z.literal('profile'), profileId: Name, agent: Name.optional(), preset: Name.optional() }).strict(),
]);
export type CompareColumnSpec = z.infer<typeof CompareColumnSpecSchema>;

export { MAX_COMPARE_COLUMNS };

export interface CompareColumnView {
  spec: CompareColumnSpec;
  label: string;
  /** The variant built (null for stack columns and failed ones). */
  variantId: string | null;
  /** Which variant the column got and why. */
  why: string;
  preset: string;
  kind: 'variant' | 'stack';
  error?: string | undefined;
  chars: number;
  tools?: ToolSizes | undefined;
}

/**
 * A cell: the section as shown (a placeholder the template uses twice shows its value once,
 * with `uses: 2`; present only above 1), or why the column has none.
 */
export type CompareCell = { text: string; uses?: number | undefined } | { reason: string };

export interface CompareResult {
  /** Increases with every rebuild; a renderer ignores results older than the one it shows. */
  seq: number;
  columns: CompareColumnView[];
  /** Sections aligned by component id (or stack part): one cell per column. */
  rows: { key: string; cells: CompareCell[] }[];
}

export interface CompareTokens {
  seq: number;
  /** Tokens (o200k) of each row's cell per column (null for a gap): the section's size (section-sizes.ts), all its uses. */
  rows: (number | null)[][];
  /** Characters each row's cell puts into the prompt, all its uses (null for a gap); the same function as the CLI's compare. */
  chars?: (number | null)[][] | undefined;
  totals: (number | null)[];
  /** Each column's usage of its variant's budgets (null: no budgets or not a variant). */
  budgets: (BudgetLine[] | null)[];
  /** Each column against its model's context window (null: limits unknown, or the column did not build). */
  contextWindows?: (ContextWindowCheck | null)[] | undefined;
}

export interface MatrixCellView extends MatrixCell {
  /** Hash of the prompt as built now and of the stored file (null: none): approval checks both. */
  promptHash: string;
  storedHash: string | null;
}

export interface MatrixView {
  /** Changes with every computation (token events name it). */
  version: number;
  variants: string[];
  presets: string[];
  cells: MatrixCellView[];
  /** The snapshot folder, workspace-relative. */
  dir: string;
  /** Approval writes files: not in the (read-only) built-in workspace. */
  readOnly: boolean;
}

/** How far a matrix build has got (sent while it builds, in time slices). */
export interface MatrixProgress {
  version: number;
  done: number;
  total: number;
}

export interface MatrixTokens {
  version: number;
  /** Counts of the first cells (a prefix that grows while counting goes on), then of all. */
  tokens: number[];
  /** Budgets each cell goes over. */
  budgetsOver: number[];
}

export interface CacheRangeView {
  start: number;
  end: number;
  fields: string[];
  causes: string[];
  origin: RangeOrigin;
  location?: OriginLocation | undefined;
}

export interface CacheView {
  text: string;
  stablePrefix: { chars: number; tokens: number | null };
  firstVolatile: (CacheRangeView & { excerpt: string }) | null;
  ranges: CacheRangeView[];
  providers: (ProviderCacheRule & { reached: boolean | null })[];
  /** Cache lint of this build (volatile before stable sections; a stable prefix shorter than when last saved). */
  findings: LintFinding[];
  /** The same prompt in another session (only the chosen volatile fields changed). */
  otherSession: { fields: string[]; text: string; changes: { field: string; from: string; to: string }[] } | null;
}

const custom = <T>(check: (v: Record<string, unknown>) => boolean) =>
  z.custom<T>((v) => typeof v === 'object' && v !== null && check(v as Record<string, unknown>));

export const compareChannels = {
  'compare:set': channel(
    z.object({ columns: z.array(CompareColumnSpecSchema).max(MAX_COMPARE_COLUMNS), context: ContextSpecSchema }).strict(),
    custom<CompareResult>((v) => Array.isArray(v.columns) && Array.isArray(v.rows)),
    'Choose the compare view’s columns (none: stop); the host builds them now (the response) and after every change (compare:result events), then counts tokens (compare:tokens).',
  ),
  'compare:routing': channel(
    z.object({ context: ContextSpecSchema, modelIds: z.array(Name).max(500), providerId: Name.optional() }).strict(),
    custom<RoutingTable>((v) => Array.isArray(v.rows) && Array.isArray(v.shadowed)),
    'Which variant each model id gets: the deciding clause, every verdict, ids that fell through, matchers that can never win.',
  ),
  'compare:matrix': channel(
    Empty,
    custom<MatrixView>((v) => Array.isArray(v.cells)),
    'Every variant x every context preset against the stored snapshots and the last save, built in time slices (compare:matrixProgress); a newer request or a workspace change supersedes a build still running, which is then answered with the newer matrix; token counts follow (compare:matrixTokens).',
  ),
  'compare:matrixCell': channel(
    z.object({ variantId: Name, preset: Name }).strict(),
    z.object({ text: z.string(), stored: z.string().nullable() }).strict(),
    'One cell of the matrix: the prompt as built now (snapshot file text) and the stored snapshot file.',
  ),
  'compare:approve': channel(
    z
      .object({
        cells: z
          .array(
            z
              .object({ variantId: Name, preset: Name, promptHash: z.string().max(128), storedHash: z.string().max(128).nullable() })
              .strict(),
          )
          .min(1)
          .max(10000),
      })
      .strict(),
    z
      .object({
        written: z.array(z.string()),
        /** Cells not written: the prompt or the stored file changed since the matrix was shown. */
        skipped: z.array(z.object({ variantId: z.string(), preset: z.string(), reason: z.string() }).strict()),
      })
      .strict(),
    'Approve cells: write their prompts as the snapshot files the CLI’s `snapshot` command checks.',
  ),
  'compare:cache': channel(
    z.object({ target: BuildTargetSchema, context: ContextSpecSchema, sessionFields: z.array(Name).max(40).optional() }).strict(),
    custom<CacheView>((v) => typeof v.text === 'string' && Array.isArray(v.ranges)),
    'What prompt caching can keep of a build: the stable prefix, the first volatile byte and its cause, every volatile range, provider minimums, cache lint, and the prompt of another session.',
  ),
  'compare:budgets': channel(
    z.object({ target: BuildTargetSchema, context: ContextSpecSchema }).strict(),
    z
      .object({ variantId: z.string(), lines: z.array(custom<BudgetLine>((v) => typeof v.id === 'string')) })
      .strict()
      .nullable(),
    'Token usage of a variant build against the budgets in its variant.yaml (null: no budgets, or not a variant).',
  ),
  'compare:copy': channel(
    z
      .object({
        index: z
          .number()
          .int()
          .min(0)
          .max(MAX_COMPARE_COLUMNS - 1),
        api: z.enum(API_KINDS).optional(),
      })
      .strict(),
    z.object({ label: z.string(), text: z.string(), model: RequestModelSchema.optional() }).strict(),
    'A compare column as shown: its prompt text, or (with api) the API request body for it, ready for curl, with the model it names and the rule that chose it.',
  ),
} as const;

export const compareEvents = {
  'compare:result': custom<CompareResult>((v) => typeof v.seq === 'number' && Array.isArray(v.rows)),
  'compare:tokens': custom<CompareTokens>((v) => typeof v.seq === 'number' && Array.isArray(v.rows)),
  'compare:matrixProgress': custom<MatrixProgress>((v) => typeof v.version === 'number' && typeof v.done === 'number'),
  'compare:matrixTokens': custom<MatrixTokens>((v) => typeof v.version === 'number' && Array.isArray(v.tokens)),
} as const;

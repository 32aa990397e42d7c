import { z } from 'zod';
import { SystemPromptContextSchema } from '../../domain/context.js';
import type { VariantBuildResult } from '../../engine/build/build-result.js';
import type { SelectionStep } from '../../engine/selection/select-variant.js';
import { MAX_REQUEST_DEPTH, nestsWithin } from '../nesting.js';
import { channel } from './channel.js';

/** Channels of builds: the live preview, one-off builds, variant selection, token counts and pinned baselines. */

/** What to build: a variant by id, the variant selection picks for the context, or a stack profile. */
export const BuildTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('variant'), variantId: z.string() }).strict(),
  z.object({ kind: z.literal('selected') }).strict(),
  z.object({ kind: z.literal('profile'), profileId: z.string(), agent: z.string().optional() }).strict(),
]);
export type BuildTarget = z.infer<typeof BuildTargetSchema>;

const TOO_DEEP = { message: `the context nests more than ${MAX_REQUEST_DEPTH} levels deep` };

/** The simulated context: a preset by name, or an explicit context (validated by the engine's schema). */
export const ContextSpecSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('preset'), name: z.string() }).strict(),
  z.object({ kind: z.literal('inline'), context: SystemPromptContextSchema.refine((c) => nestsWithin(c), TOO_DEEP) }).strict(),
  /**
   * For stack profiles: the stack context (validated by the stack engine). Instruction files
   * come from the context's virtual file tree, or with `discovery: 'real'` from the real
   * folders at and above the context's cwd (read by the host).
   */
  z
    .object({
      kind: z.literal('stack'),
      context: z.record(z.string(), z.unknown()).refine((c) => nestsWithin(c), TOO_DEEP),
      discovery: z.enum(['virtual', 'real']).optional(),
      /**
       * Real discovery: the standard global instruction locations the user switched off (ids of
       * OPENCODE_STANDARD_GLOBALS); it can only narrow what is read.
       */
      globalsOff: z.array(z.string().max(100)).max(16).optional(),
    })
    .strict(),
]);
export type ContextSpec = z.input<typeof ContextSpecSchema>;

/** What the preview is diffed against. */
export const BaselineSpecSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }).strict(),
  /** The same target built from the files as last saved. */
  z.object({ kind: z.literal('saved') }).strict(),
  z.object({ kind: z.literal('variant'), variantId: z.string() }).strict(),
  z.object({ kind: z.literal('preset'), name: z.string() }).strict(),
  z.object({ kind: z.literal('snapshot'), name: z.string() }).strict(),
]);
export type BaselineSpec = z.infer<typeof BaselineSpecSchema>;

/** Minimal view of a stack build the renderer relies on (the full type lives in shared/stack). */
export interface StackResultPayload {
  kind: 'stack';
  text: string;
  [key: string]: unknown;
}

/** A build outcome as it crosses the boundary. Stack results are described by the stack engine. */
export const BuildOutcomeSchema = z.discriminatedUnion('ok', [
  z
    .object({
      ok: z.literal(true),
      kind: z.enum(['variant', 'stack']),
      /** VariantBuildResult for variants; the stack engine's result for profiles. */
      result: z.custom<VariantBuildResult | StackResultPayload>((v) => typeof v === 'object' && v !== null && 'text' in v),
      selection: z.array(z.custom<SelectionStep>()).optional(),
      durationMs: z.number(),
    })
    .strict(),
  z.object({ ok: z.literal(false), error: z.string(), selection: z.array(z.custom<SelectionStep>()).optional() }).strict(),
]);
export type BuildOutcome = z.infer<typeof BuildOutcomeSchema>;

export const PreviewResultSchema = z
  .object({
    /** Increases with every rebuild; a renderer ignores results older than the one it shows. */
    seq: z.number().int(),
    target: BuildTargetSchema,
    outcome: BuildOutcomeSchema,
    baseline: z.object({ spec: BaselineSpecSchema, text: z.string().nullable(), error: z.string().optional() }).strict(),
  })
  .strict();
export type PreviewResult = z.infer<typeof PreviewResultSchema>;

/** One section's size (shared/engine/compare/section-sizes.ts). */
export const SectionSizeSchema = z
  .object({ key: z.string(), chars: z.number().int(), tokens: z.number().int().nullable(), uses: z.number().int() })
  .strict();

export const TokenCountsSchema = z
  .object({
    o200k: z.number().int(),
    cl100k: z.number().int(),
    /** Part of the text was estimated, not counted (long runs of one character class; see electron/host/tokens.ts). */
    estimated: z.literal(true).optional(),
  })
  .strict();

export const buildChannels = {
  'preview:set': channel(
    z.object({ target: BuildTargetSchema, context: ContextSpecSchema, baseline: BaselineSpecSchema }).strict(),
    PreviewResultSchema,
    'Choose what the live preview shows; the host rebuilds now (the response) and after every change (preview:result events).',
  ),
  'preview:shown': channel(
    z.object({ window: z.string().min(1).max(64), shown: z.boolean() }).strict(),
    z.object({ rebuilt: z.boolean() }).strict(),
    'Whether this window has the live preview on screen. While no window that said so has it, edits rebuild nothing; when one shows it again, a preview behind is rebuilt once (a preview:result event before this answer; rebuilt: true).',
  ),
  'build:run': channel(
    z.object({ target: BuildTargetSchema, context: ContextSpecSchema }).strict(),
    BuildOutcomeSchema,
    'One build, for comparisons.',
  ),
  'select:explain': channel(
    z.object({ context: ContextSpecSchema, modelIds: z.array(z.string()).optional() }).strict(),
    z.array(
      z
        .object({ modelId: z.string(), variantId: z.string().nullable(), summary: z.string(), steps: z.array(z.custom<SelectionStep>()) })
        .strict(),
    ),
    'Which variant each model id gets under a context, and why.',
  ),
  'tokens:count': channel(
    z.object({ texts: z.array(z.string()).max(64) }).strict(),
    z.array(TokenCountsSchema),
    'Token counts (o200k, cl100k) of texts.',
  ),
  'snapshot:pin': channel(
    z.object({ name: z.string().min(1).max(100), text: z.string().max(4_000_000) }).strict(),
    z.array(z.string()),
    'Keep a text as a named baseline; answers the names kept. At most 16 pins (8 million characters together) are kept: the oldest go first.',
  ),
  'snapshot:unpin': channel(
    z.object({ name: z.string().min(1).max(100) }).strict(),
    z.array(z.string()),
    'Let a pinned baseline go; answers the names kept.',
  ),
} as const;

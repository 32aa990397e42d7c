import { z } from 'zod';
import { API_KINDS } from '../../requests/api-kind.js';
import { BuildTargetSchema, ContextSpecSchema } from './builds.js';
import { TRANSFER_CHUNK_BYTES } from '../limits.js';
import { channel, Empty } from './channel.js';

/**
 * Channels of bundles: export (a bundle, TypeScript, Markdown prompts or API requests),
 * import (plan, per-file diff, apply, discard), the transfer of bundle bytes in browser mode
 * (upload and download in chunks, since there are no file dialogs there), and one request
 * body for the clipboard. On the desktop the host asks with the system's save and open
 * dialogs instead.
 */

export { TRANSFER_CHUNK_BYTES };

const Id = z.string().regex(/^[A-Za-z0-9_.-]+$/, 'ids use letters, digits, _ . -');
const Base64 = z
  .string()
  .max(Math.ceil(TRANSFER_CHUNK_BYTES / 3) * 4)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64');

export const ExportFormatSchema = z.enum(['bundle', 'ts', 'md', 'request']);
export type ExportFormat = z.infer<typeof ExportFormatSchema>;

export const ExportRequestSchema = z
  .object({
    format: ExportFormatSchema,
    /** Variant ids; absent: every variant (or none, when only profiles are named). */
    variants: z.array(Id).max(1000).optional(),
    /** Stack profile ids (bundles only); absent: every profile (or none, when only variants are named). */
    profiles: z.array(Id).max(1000).optional(),
    /** Context presets; absent: every preset the chosen items use. */
    presets: z.array(z.string().max(200)).max(1000).optional(),
    /** Bundles: add each variant's prompt under each preset (Markdown and the JSON result). */
    rendered: z.boolean().optional(),
    /** Requests: the APIs (absent: all four). */
    apis: z.array(z.enum(API_KINDS)).optional(),
  })
  .strict();
export type ExportRequest = z.input<typeof ExportRequestSchema>;

/** The model a request body names and the rule of requestModel that chose it (context, variant, api-default). */
export const RequestModelSchema = z
  .object({ model: z.string(), rule: z.enum(['context', 'variant', 'api-default']), reason: z.string() })
  .strict();

/** Request exports: each body's file and the model it names. */
const ExportedModels = z.array(z.object({ file: z.string(), model: RequestModelSchema }).strict()).optional();

export const ExportOutcomeSchema = z.discriminatedUnion('status', [
  /** Written where the user chose in the save dialog (desktop). */
  z
    .object({
      status: z.literal('saved'),
      path: z.string(),
      bytes: z.number().int(),
      files: z.number().int(),
      unsaved: z.number().int(),
      models: ExportedModels,
    })
    .strict(),
  /** Ready to download in chunks (browser mode). */
  z
    .object({
      status: z.literal('download'),
      transferId: z.string(),
      fileName: z.string(),
      bytes: z.number().int(),
      files: z.number().int(),
      unsaved: z.number().int(),
      models: ExportedModels,
    })
    .strict(),
  z.object({ status: z.literal('cancelled') }).strict(),
]);
export type ExportOutcome = z.infer<typeof ExportOutcomeSchema>;

export const ImportActionSchema = z.enum(['add', 'overwrite', 'keep', 'rename']);

export const PlanItemSchema = z
  .object({
    key: z.string(),
    kind: z.enum(['variant', 'profile', 'harness', 'tool', 'component', 'preset', 'workspace-config']),
    id: z.string(),
    status: z.enum(['new', 'identical', 'changed']),
    files: z.array(
      z
        .object({
          path: z.string(),
          status: z.enum(['new', 'identical', 'changed', 'removed']),
          added: z.number().int(),
          removed: z.number().int(),
        })
        .strict(),
    ),
    unsaved: z.array(z.string()),
    caseClash: z.string().optional(),
    actions: z.array(ImportActionSchema),
    defaultAction: ImportActionSchema.optional(),
    suggestedId: z.string().optional(),
  })
  .strict();

export const ImportPlanViewSchema = z
  .object({
    planId: z.string(),
    /** The bundle's file name. */
    name: z.string(),
    sourceWorkspace: z.string(),
    appVersion: z.string(),
    createdAt: z.string(),
    items: z.array(PlanItemSchema),
    /** Rendered prompts in the bundle (not imported). */
    rendered: z.number().int(),
  })
  .strict();
export type ImportPlanView = z.infer<typeof ImportPlanViewSchema>;

export const ImportChoiceSchema = z.object({ action: ImportActionSchema, newId: Id.optional() }).strict();

export const ImportOutcomeSchema = z
  .object({
    written: z.array(z.string()),
    deleted: z.array(z.string()),
    /** Unsaved edits the import replaced (the plan showed them). */
    discarded: z.array(z.string()),
    decisions: z.array(z.object({ key: z.string(), action: ImportActionSchema, newId: z.string().optional() }).strict()),
  })
  .strict();
export type ImportOutcome = z.infer<typeof ImportOutcomeSchema>;

export const BundleProgressSchema = z
  .object({
    operation: z.enum(['export', 'read', 'import']),
    done: z.number(),
    total: z.number(),
  })
  .strict();
export type BundleProgress = z.infer<typeof BundleProgressSchema>;

export const bundleChannels = {
  'bundle:capabilities': channel(
    Empty,
    z.object({ fileDialogs: z.boolean(), chunkBytes: z.number().int(), maxBundleBytes: z.number().int() }).strict(),
    'Whether the host asks with system file dialogs (desktop) or exchanges bundle bytes in chunks (browser mode).',
  ),
  'bundle:export': channel(
    ExportRequestSchema,
    ExportOutcomeSchema,
    'Export variants and profiles (a bundle, TypeScript, Markdown or API requests) as one .zip: saved where the user chooses (desktop) or ready to download (browser mode).',
  ),
  'bundle:download': channel(
    z.object({ transferId: z.string().max(100), offset: z.number().int().nonnegative() }).strict(),
    z.object({ data: z.string(), offset: z.number().int(), total: z.number().int(), done: z.boolean() }).strict(),
    'One chunk (base64) of an export ready to download.',
  ),
  'bundle:upload': channel(
    z
      .object({
        transferId: z.string().max(100).optional(),
        name: z.string().min(1).max(255),
        total: z.number().int().nonnegative(),
        data: Base64,
      })
      .strict(),
    z.object({ transferId: z.string(), received: z.number().int() }).strict(),
    'One chunk (base64) of a bundle file the user picked (browser mode); the first chunk starts a transfer.',
  ),
  'bundle:plan': channel(
    z.object({ transferId: z.string().max(100).optional(), planId: z.string().max(100).optional() }).strict(),
    ImportPlanViewSchema.nullable(),
    'Check a bundle and plan its import into the open workspace, writing nothing: an uploaded one, (desktop) one the user picks in the open dialog (null when cancelled), or with planId the same bundle again against the workspace as it is now.',
  ),
  'bundle:diff': channel(
    z.object({ planId: z.string().max(100), path: z.string().max(1024) }).strict(),
    z.object({ path: z.string(), diff: z.string() }).strict(),
    'The unified diff of one file of a planned import: the workspace’s saved text against the bundle’s.',
  ),
  'bundle:apply': channel(
    z.object({ planId: z.string().max(100), choices: z.record(z.string().max(300), ImportChoiceSchema) }).strict(),
    ImportOutcomeSchema,
    'Import with the user’s choice per item: everything is written, or nothing.',
  ),
  'bundle:discard': channel(z.object({ planId: z.string().max(100) }).strict(), z.boolean(), 'Forget a planned import.'),
  'bundle:request': channel(
    z.object({ api: z.enum(API_KINDS), target: BuildTargetSchema, context: ContextSpecSchema }).strict(),
    // The host always says the model; optional so that stand-ins of the host written before it still fit.
    z.object({ body: z.string(), model: RequestModelSchema.optional() }).strict(),
    'The API request body (JSON text) for what a target builds under a context, ready for curl, and the model it names with the rule that chose it.',
  ),
} as const;

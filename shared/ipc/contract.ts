import { z } from 'zod';
import { SystemPromptContextSchema } from '../domain/context.js';
import type { FileProblem } from '../domain/problems.js';
import type { VariantBuildResult } from '../engine/build/build-result.js';
import type { SelectionStep } from '../engine/selection/select-variant.js';
import { DocRefSchema, type DocRef } from './doc-ref.js';
import { ipcResultSchema } from './ipc-result.js';

/**
 * The one contract between the renderer and the host. Every channel is declared here,
 * once, with zod schemas; the preload API, the main-process registration and the browser
 * transport are all generated from this table, so adding a channel is one entry.
 *
 * Requests are validated by the host before any handler runs. Responses are IpcResult
 * values (an error is a value with a code). Events flow host -> renderer.
 */

// ---------- shared shapes ----------

const FileProblemSchema = z.custom<FileProblem>((v) => typeof v === 'object' && v !== null && 'file' in v && 'message' in v);

export const DocumentInfoSchema = z
  .object({
    ref: DocRefSchema,
    key: z.string(),
    /** Workspace-relative path, for display. */
    path: z.string(),
    title: z.string(),
    dirty: z.boolean(),
    /** A document the user created that has never been saved. */
    isNew: z.boolean(),
  })
  .strict();
export type DocumentInfo = z.infer<typeof DocumentInfoSchema>;

export const ComponentInfoSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['builtin', 'workspace', 'code']),
    title: z.string(),
    description: z.string(),
    /** The template the component renders when no override is set. */
    defaultTemplate: z.string().optional(),
    /** Names of the variables its template can read. */
    variables: z.array(z.string()),
  })
  .strict();
export type ComponentInfo = z.infer<typeof ComponentInfoSchema>;

export const WorkspaceViewSchema = z
  .object({
    /** Changes whenever another workspace is opened. */
    sessionId: z.string(),
    name: z.string(),
    /** Folder shown to the user (absolute), or null for the built-ins. */
    root: z.string().nullable(),
    builtin: z.boolean(),
    readOnly: z.boolean(),
    documents: z.array(DocumentInfoSchema),
    variants: z.array(z.object({ id: z.string(), family: z.string(), description: z.string() }).strict()),
    components: z.array(ComponentInfoSchema),
    tools: z.array(z.object({ id: z.string(), families: z.array(z.string()) }).strict()),
    /** Context presets of both kinds: `variant` (Cline-style contexts) and `stack` (stack profiles'). */
    presets: z.array(z.object({ name: z.string(), description: z.string(), kind: z.enum(['variant', 'stack']) }).strict()),
    profiles: z.array(z.object({ id: z.string(), agents: z.array(z.string()) }).strict()),
    problems: z.array(FileProblemSchema),
  })
  .strict();
export type WorkspaceView = z.infer<typeof WorkspaceViewSchema>;

/** What to build: a variant by id, the variant selection picks for the context, or a stack profile. */
export const BuildTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('variant'), variantId: z.string() }).strict(),
  z.object({ kind: z.literal('selected') }).strict(),
  z.object({ kind: z.literal('profile'), profileId: z.string(), agent: z.string().optional() }).strict(),
]);
export type BuildTarget = z.infer<typeof BuildTargetSchema>;

/** The simulated context: a preset by name, or an explicit context (validated by the engine's schema). */
export const ContextSpecSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('preset'), name: z.string() }).strict(),
  z.object({ kind: z.literal('inline'), context: SystemPromptContextSchema }).strict(),
  /**
   * For stack profiles: the stack context (validated by the stack engine). Instruction files
   * come from the context's virtual file tree, or with `discovery: 'real'` from the real
   * folders at and above the context's cwd (read by the host).
   */
  z
    .object({ kind: z.literal('stack'), context: z.record(z.string(), z.unknown()), discovery: z.enum(['virtual', 'real']).optional() })
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

/** Minimal view of a stack build the renderer relies on (the full type lives in shared/stack). */
export interface StackResultPayload {
  kind: 'stack';
  text: string;
  [key: string]: unknown;
}

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

export const TokenCountsSchema = z.object({ o200k: z.number().int(), cl100k: z.number().int() }).strict();

export const SaveOutcomeSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('saved'), path: z.string() }).strict(),
  /** The file changed on disk since it was loaded: nothing was written. */
  z.object({ status: z.literal('conflict'), path: z.string(), diskText: z.string().nullable() }).strict(),
]);
export type SaveOutcome = z.infer<typeof SaveOutcomeSchema>;

export const DeleteOutcomeSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('deleted'), path: z.string() }).strict(),
  /** The file changed on disk since it was loaded: nothing was deleted. */
  z.object({ status: z.literal('conflict'), path: z.string(), diskText: z.string().nullable() }).strict(),
]);
export type DeleteOutcome = z.infer<typeof DeleteOutcomeSchema>;

/**
 * Commands of the application menu (Electron). The menu only shows the shortcuts of
 * save, save all, undo, redo and find (the renderer binds those keys itself, in both
 * modes); choosing the menu item sends the command.
 */
export const MenuCommandSchema = z.enum([
  'openFolder',
  'openBuiltin',
  'copyWorkspace',
  'save',
  'saveAll',
  'undo',
  'redo',
  'find',
  'replace',
  'commandPalette',
]);
export type MenuCommand = z.infer<typeof MenuCommandSchema>;

export const DraftSchema = z.object({ key: z.string(), ref: DocRefSchema, text: z.string(), savedAt: z.string() }).strict();
export type Draft = z.infer<typeof DraftSchema>;

// ---------- the table ----------

interface ChannelSpec<Req extends z.ZodType, Res extends z.ZodType> {
  request: Req;
  response: Res;
  description: string;
}
const channel = <Req extends z.ZodType, Res extends z.ZodType>(
  request: Req,
  response: Res,
  description: string,
): ChannelSpec<Req, Res> => ({
  request,
  response,
  description,
});
const Empty = z.object({}).strict();

export const CHANNELS = {
  'workspace:get': channel(Empty, WorkspaceViewSchema.nullable(), 'The open workspace, or null before the first one opens.'),
  'workspace:openBuiltin': channel(Empty, WorkspaceViewSchema, 'Open the built-in variants (read-only).'),
  'workspace:openFolder': channel(
    z.object({ path: z.string().min(1).optional() }).strict(),
    WorkspaceViewSchema.nullable(),
    'Open a workspace folder; without a path the host asks with a folder dialog (null when cancelled).',
  ),
  'workspace:recent': channel(
    Empty,
    z.array(z.object({ path: z.string(), name: z.string(), openedAt: z.string() }).strict()),
    'Recently opened workspaces.',
  ),
  'workspace:copyTo': channel(
    z.object({ path: z.string().min(1).optional() }).strict(),
    WorkspaceViewSchema.nullable(),
    'Copy the open (built-in) workspace, unsaved edits included, into a new folder and open it.',
  ),
  'stack:grantFolder': channel(
    z.object({ path: z.string().min(1).optional() }).strict(),
    z.object({ path: z.string() }).strict().nullable(),
    'Choose the working folder whose real instruction files stack previews may read (discovery: real); without a path the host asks with a folder dialog (null when cancelled). Answers the folder with symlinks resolved.',
  ),
  'doc:read': channel(
    z.object({ ref: DocRefSchema }).strict(),
    z.object({ text: z.string(), savedText: z.string().nullable(), dirty: z.boolean() }).strict(),
    'A document as edited and as saved.',
  ),
  'doc:update': channel(
    z.object({ ref: DocRefSchema, text: z.string() }).strict(),
    z.object({ dirty: z.boolean() }).strict(),
    'Replace a document’s text in memory (kept as a draft; triggers a rebuild).',
  ),
  'doc:save': channel(
    z.object({ ref: DocRefSchema, overwrite: z.boolean().optional() }).strict(),
    SaveOutcomeSchema,
    'Save one document atomically; reports a conflict unless overwrite is set.',
  ),
  'doc:saveAll': channel(Empty, z.array(z.object({ key: z.string(), outcome: SaveOutcomeSchema }).strict()), 'Save every dirty document.'),
  'doc:revert': channel(
    z.object({ ref: DocRefSchema }).strict(),
    z.object({ text: z.string() }).strict(),
    'Drop unsaved edits of a document.',
  ),
  'doc:delete': channel(
    z.object({ ref: DocRefSchema, overwrite: z.boolean().optional() }).strict(),
    DeleteOutcomeSchema,
    'Delete a document’s file (e.g. drop an override); reports a conflict if it changed on disk since it was loaded, unless overwrite is set.',
  ),
  'doc:create': channel(
    z.object({ ref: DocRefSchema, text: z.string().optional() }).strict(),
    DocumentInfoSchema,
    'Create a new document (unsaved until saved).',
  ),
  'drafts:list': channel(Empty, z.array(DraftSchema), 'Unsaved edits left by a previous session of this workspace.'),
  'drafts:restore': channel(z.object({ keys: z.array(z.string()) }).strict(), z.array(z.string()), 'Apply drafts to the open documents.'),
  'drafts:discard': channel(z.object({ keys: z.array(z.string()) }).strict(), z.array(z.string()), 'Forget drafts.'),
  'preview:set': channel(
    z.object({ target: BuildTargetSchema, context: ContextSpecSchema, baseline: BaselineSpecSchema }).strict(),
    PreviewResultSchema,
    'Choose what the live preview shows; the host rebuilds now (the response) and after every change (preview:result events).',
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
    z.object({ name: z.string().min(1).max(100), text: z.string() }).strict(),
    z.array(z.string()),
    'Keep a text as a named baseline.',
  ),
  'machine:info': channel(
    Empty,
    z.object({ os: z.string(), shell: z.string(), homeDir: z.string(), cwd: z.string(), platform: z.string() }).strict(),
    'This machine’s facts, to fill the context form.',
  ),
} as const;

export type ChannelName = keyof typeof CHANNELS;
export type ChannelRequest<C extends ChannelName> = z.input<(typeof CHANNELS)[C]['request']>;
export type ChannelResponse<C extends ChannelName> = z.output<(typeof CHANNELS)[C]['response']>;

export const EVENTS = {
  'workspace:changed': WorkspaceViewSchema,
  'doc:changedOnDisk': z.object({ ref: DocRefSchema, text: z.string().nullable(), conflict: z.boolean() }).strict(),
  'preview:result': PreviewResultSchema,
  'preview:tokens': z.object({ seq: z.number().int(), text: TokenCountsSchema, baseline: TokenCountsSchema.nullable() }).strict(),
  /** An application-menu command (Electron only; browser mode has no menu). */
  'menu:command': z.object({ command: MenuCommandSchema }).strict(),
} as const;
export type EventName = keyof typeof EVENTS;
export type EventPayload<E extends EventName> = z.output<(typeof EVENTS)[E]>;

/** The API the renderer sees, in Electron (preload) and in browser mode alike. */
export type StudioApi = {
  [C in ChannelName]: (
    request: ChannelRequest<C>,
  ) => Promise<{ ok: true; value: ChannelResponse<C> } | { ok: false; error: { code: string; message: string } }>;
} & {
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
};

export const responseSchema = <C extends ChannelName>(name: C) => ipcResultSchema(CHANNELS[name].response);
export type { DocRef };

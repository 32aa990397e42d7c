import { z } from 'zod';
import type { ContextWindowCheck } from '../engine/models/context-window.js';
import { buildChannels, PreviewResultSchema, SectionSizeSchema, TokenCountsSchema } from './channels/builds.js';
import { bundleChannels, BundleProgressSchema } from './channels/bundles.js';
import { checkChannels } from './channels/checks.js';
import { entityChannels } from './channels/entities.js';
import { folderChannels } from './channels/folders.js';
import { helpChannels } from './channels/help.js';
import { compareChannels, compareEvents } from './channels/compare.js';
import { debugChannels } from './channels/debug.js';
import { documentChannels, RevisionSchema, TextSpliceSchema } from './channels/documents.js';
import { stackChannels } from './channels/stack.js';
import { harnessChannels } from './channels/harnesses.js';
import { runChannels, runEvents } from './channels/run.js';
import { workspaceChannels, WorkspaceViewSchema } from './channels/workspace.js';
import { DocRefSchema, type DocRef } from './doc-ref.js';

/**
 * The one contract between the renderer and the host. Every channel is declared once, with
 * zod schemas, in the file of its group (`channels/`); this table joins the groups. The
 * preload API, the main-process registration and the browser transport are all generated
 * from it, so adding a channel is one entry.
 *
 * Requests are validated by the host before any handler runs. Responses are IpcResult
 * values (an error is a value with a code). Events flow host -> renderer.
 */

export * from './channels/workspace.js';
export * from './channels/documents.js';
export * from './channels/builds.js';
export * from './channels/stack.js';
export * from './channels/bundles.js';
export * from './channels/checks.js';
export * from './channels/folders.js';
export * from './channels/entities.js';
export * from './channels/help.js';
export * from './channels/harnesses.js';
export * from './channels/compare.js';
export * from './channels/debug.js';
export * from './channels/run.js';

export const CHANNELS = {
  ...workspaceChannels,
  ...documentChannels,
  ...buildChannels,
  ...stackChannels,
  ...bundleChannels,
  ...checkChannels,
  ...folderChannels,
  ...entityChannels,
  ...helpChannels,
  ...harnessChannels,
  ...compareChannels,
  ...debugChannels,
  ...runChannels,
} as const;

export type ChannelName = keyof typeof CHANNELS;
export type ChannelRequest<C extends ChannelName> = z.input<(typeof CHANNELS)[C]['request']>;
export type ChannelResponse<C extends ChannelName> = z.output<(typeof CHANNELS)[C]['response']>;

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
  'gettingStarted',
  'shortcuts',
]);
export type MenuCommand = z.infer<typeof MenuCommandSchema>;

export const EVENTS = {
  'workspace:changed': WorkspaceViewSchema,
  /** revision: the document's text in memory is now `text` (the file changed and there were no unsaved edits). */
  'doc:changedOnDisk': z
    .object({ ref: DocRefSchema, text: z.string().nullable(), conflict: z.boolean(), revision: RevisionSchema.optional() })
    .strict(),
  /**
   * A document's text changed in memory (an edit from some window, a revert): every window
   * shows the current text. An edit made by splices comes as its splices and the revision
   * they apply to (a window that holds another text asks for the document again).
   */
  'doc:text': z.union([
    z.object({ ref: DocRefSchema, text: z.string(), revision: RevisionSchema, origin: z.string().optional() }).strict(),
    z
      .object({
        ref: DocRefSchema,
        splices: z.array(TextSpliceSchema),
        base: RevisionSchema,
        revision: RevisionSchema,
        origin: z.string().optional(),
      })
      .strict(),
  ]),
  'preview:result': PreviewResultSchema,
  'preview:tokens': z
    .object({
      seq: z.number().int(),
      text: TokenCountsSchema,
      baseline: TokenCountsSchema.nullable(),
      /**
       * The size of each section (component id, `{{KEY}}`, template text or stack part) with
       * the one function every view uses (shared/engine/compare/section-sizes.ts): the CLI's
       * compare table and the compare view show the same numbers.
       */
      sections: z.array(SectionSizeSchema).optional(),
      /** The prompt against its model's context window (null: the model's limits are not known). */
      contextWindow: z
        .custom<ContextWindowCheck>((v) => typeof v === 'object' && v !== null && 'limits' in v)
        .nullable()
        .optional(),
    })
    .strict(),
  /** How far a bundle export, read or import has come (large bundles). */
  'bundle:progress': BundleProgressSchema,
  /** An application-menu command (Electron only; browser mode has no menu). */
  'menu:command': z.object({ command: MenuCommandSchema }).strict(),
  /** Something the user should know that answers no request (a failure in the background: the host kept running). */
  'host:notice': z.object({ kind: z.enum(['error', 'info']), message: z.string() }).strict(),
  ...compareEvents,
  ...runEvents,
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

export type { DocRef };

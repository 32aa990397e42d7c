import { z } from 'zod';
import type { FileProblem } from '../../domain/problems.js';
import { DocRefSchema } from '../doc-ref.js';
import { channel, Empty } from './channel.js';

/** Channels of the open workspace: opening, copying, the recent list, and this machine's facts. */

export const FileProblemSchema = z.custom<FileProblem>((v) => typeof v === 'object' && v !== null && 'file' in v && 'message' in v);

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
    /**
     * Said once, when this workspace opened: why it is open instead of the remembered one, an
     * interrupted import that was finished or rolled back.
     */
    notices: z.array(z.string()).optional(),
  })
  .strict();
export type WorkspaceView = z.infer<typeof WorkspaceViewSchema>;

export const workspaceChannels = {
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
  'machine:info': channel(
    Empty,
    z.object({ os: z.string(), shell: z.string(), homeDir: z.string(), cwd: z.string(), platform: z.string() }).strict(),
    'This machine’s facts, to fill the context form.',
  ),
} as const;

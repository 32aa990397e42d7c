import { z } from 'zod';
import { DocRefSchema, IdSchema } from '../doc-ref.js';
import { channel, Empty } from './channel.js';
import { DocumentInfoSchema, FileProblemSchema } from './workspace.js';

/** Channels of the workspace's documents: reading, editing, saving, deleting, and drafts of unsaved edits. */

export const SaveOutcomeSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('saved'), path: z.string() }).strict(),
  /** The file changed on disk since it was loaded: nothing was written. */
  z.object({ status: z.literal('conflict'), path: z.string(), diskText: z.string().nullable() }).strict(),
  /** Asked with ifValid: the file has errors (they are listed), nothing was written. Saving again without ifValid saves it anyway. */
  z.object({ status: z.literal('invalid'), path: z.string(), problems: z.array(FileProblemSchema) }).strict(),
]);
export type SaveOutcome = z.infer<typeof SaveOutcomeSchema>;

/** doc:saveVariant: a variant's files saved together, or (nothing written) why not. */
export const VariantSaveOutcomeSchema = z.discriminatedUnion('status', [
  /** Every unsaved file of the variant was written (none: nothing was unsaved). */
  z.object({ status: z.literal('saved'), paths: z.array(z.string()) }).strict(),
  /** Files that changed on disk since they were loaded: nothing was written (overwrite: true writes over them). */
  z
    .object({ status: z.literal('conflict'), conflicts: z.array(z.object({ path: z.string(), diskText: z.string().nullable() }).strict()) })
    .strict(),
  /** Asked with ifValid: files with errors (listed); nothing was written. Saving again without ifValid saves anyway. */
  z.object({ status: z.literal('invalid'), problems: z.array(FileProblemSchema) }).strict(),
]);
export type VariantSaveOutcome = z.infer<typeof VariantSaveOutcomeSchema>;

export const DeleteOutcomeSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('deleted'), path: z.string() }).strict(),
  /** The file changed on disk since it was loaded: nothing was deleted. */
  z.object({ status: z.literal('conflict'), path: z.string(), diskText: z.string().nullable() }).strict(),
]);
export type DeleteOutcome = z.infer<typeof DeleteOutcomeSchema>;

export const DraftSchema = z.object({ key: z.string(), ref: DocRefSchema, text: z.string(), savedAt: z.string() }).strict();

export const DocReadSchema = z
  .object({
    text: z.string(),
    savedText: z.string().nullable(),
    dirty: z.boolean(),
    /**
     * The file changed on disk (diskText null: it is gone) while the document had unsaved
     * edits, or a restored draft was made over another version: the user has not chosen yet.
     */
    conflict: z.object({ diskText: z.string().nullable() }).strict().nullable().optional(),
  })
  .strict();

export const documentChannels = {
  'doc:read': channel(
    z.object({ ref: DocRefSchema }).strict(),
    DocReadSchema,
    'A document as edited and as saved, and the disk’s version while it is in conflict with it.',
  ),
  'doc:update': channel(
    z.object({ ref: DocRefSchema, text: z.string() }).strict(),
    z.object({ dirty: z.boolean() }).strict(),
    'Replace a document’s text in memory (kept as a draft; triggers a rebuild).',
  ),
  'doc:save': channel(
    z.object({ ref: DocRefSchema, overwrite: z.boolean().optional(), ifValid: z.boolean().optional() }).strict(),
    SaveOutcomeSchema,
    'Save one document atomically; reports a conflict unless overwrite is set; with ifValid, a file with errors is not written (status invalid, with its problems: ask "save anyway?", then save without ifValid).',
  ),
  'doc:saveVariant': channel(
    z.object({ variantId: IdSchema, overwrite: z.boolean().optional(), ifValid: z.boolean().optional() }).strict(),
    VariantSaveOutcomeSchema,
    'Save every unsaved file of a variant (variant.yaml, its template, its overrides) together: all are written or none, and the saved baseline changes once. A conflict with the disk, or with ifValid a file with errors, writes nothing.',
  ),
  'doc:problems': channel(
    z.object({ ref: DocRefSchema }).strict(),
    z.object({ problems: z.array(FileProblemSchema) }).strict(),
    'The problems of a document as edited (YAML syntax, schema), as the loader reports them: what "this file has errors: save anyway?" lists.',
  ),
  'doc:saveAll': channel(Empty, z.array(z.object({ key: z.string(), outcome: SaveOutcomeSchema }).strict()), 'Save every dirty document.'),
  'doc:revert': channel(
    z.object({ ref: DocRefSchema }).strict(),
    z.object({ text: z.string() }).strict(),
    'Drop unsaved edits of a document: it takes the text on disk now.',
  ),
  'doc:resolveConflict': channel(
    z.object({ ref: DocRefSchema, keep: z.enum(['mine', 'disk']) }).strict(),
    DocReadSchema,
    'End a conflict with the disk: keep the edits (a save then writes over the disk’s version) or take the disk’s version.',
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
} as const;

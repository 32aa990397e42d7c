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

/** Largest text of a document an edit may make (documents are read from files of at most 2 MB). */
export const MAX_DOC_CHARS = 8 * 1024 * 1024;
/** Most splices one edit may carry (Monaco gives one per cursor). */
export const MAX_SPLICES = 10_000;

const DocTextSchema = z.string().max(MAX_DOC_CHARS);
/** The id of one text of a document (shared/ipc/text-revision.ts). */
export const RevisionSchema = z.string().min(1).max(64);
export const TextSpliceSchema = z
  .object({
    at: z.number().int().nonnegative().max(MAX_DOC_CHARS),
    remove: z.number().int().nonnegative().max(MAX_DOC_CHARS),
    insert: DocTextSchema,
  })
  .strict();
const EditFields = {
  /** The revision of the text this edit was made on: a stale one (another window edited meanwhile) is refused. */
  base: RevisionSchema.optional(),
  /** The revision of the text after this edit (the sender's own id); the host makes one when it is missing. */
  revision: RevisionSchema.optional(),
  /** Which window sent it (its doc:text events name it, so that window can skip its own). */
  origin: z.string().max(64).optional(),
};

export const DocReadSchema = z
  .object({
    text: z.string(),
    /** The revision of `text`: the `base` of the next edit made on it (missing: the document is gone). */
    revision: RevisionSchema.optional(),
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
    z.union([
      z.object({ ref: DocRefSchema, text: DocTextSchema, ...EditFields }).strict(),
      z
        .object({
          ref: DocRefSchema,
          /** What changed, applied one after the other to the text of `base` (Monaco's change ranges). */
          splices: z.array(TextSpliceSchema).min(1).max(MAX_SPLICES),
          ...EditFields,
          base: RevisionSchema,
        })
        .strict(),
    ]),
    z
      .object({
        dirty: z.boolean(),
        /** The edit was refused: it was made on another text than the document's; this is the current one. */
        stale: z.object({ text: z.string(), revision: RevisionSchema }).strict().optional(),
      })
      .strict(),
    'Change a document’s text in memory, to a whole new text or by splices (kept as a draft; triggers a rebuild); refused when made on a text the document no longer has.',
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
    /** revision: the text's (missing when the document is gone: it was never saved, or its file went). */
    z.object({ text: z.string(), revision: RevisionSchema.optional() }).strict(),
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

import { z } from 'zod';
import { DocRefSchema } from '../doc-ref.js';
import { channel, Empty } from './channel.js';
import { DocumentInfoSchema } from './workspace.js';

/** Channels of the workspace's documents: reading, editing, saving, deleting, and drafts of unsaved edits. */

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
    z
      .object({
        ref: DocRefSchema,
        text: z.string(),
        /** textRevision of the text this edit was made on: a stale one (another window edited meanwhile) is refused. */
        base: z.string().max(64).optional(),
        /** Which window sent it (its doc:text events name it, so that window can skip its own). */
        origin: z.string().max(64).optional(),
      })
      .strict(),
    z
      .object({
        dirty: z.boolean(),
        /** The edit was refused: it was made on another text than the document's; this is the current one. */
        stale: z.object({ text: z.string() }).strict().optional(),
      })
      .strict(),
    'Replace a document’s text in memory (kept as a draft; triggers a rebuild); refused when made on a text the document no longer has.',
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

import { z } from 'zod';
import { DocRefSchema, IdSchema } from '../doc-ref.js';
import { channel } from './channel.js';

/**
 * Channels of the workspace's things as things: a new variant from an existing one, and
 * renaming or deleting a variant, a component override, a tool or a context preset. Each
 * change reaches the disk at once (like deleting a document) and can be undone with the
 * token it answers; unsaved edits of the files involved are carried along.
 */

export const EntitySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('variant'), id: IdSchema }).strict(),
  z.object({ kind: z.literal('component-override'), variantId: IdSchema, componentId: IdSchema }).strict(),
  z.object({ kind: z.literal('tool'), id: IdSchema }).strict(),
  z.object({ kind: z.literal('preset'), name: IdSchema }).strict(),
]);
export type Entity = z.infer<typeof EntitySchema>;

export const EntityChangeSchema = z
  .object({
    /** What was done, for the undo notice ("Deleted variant xs"). */
    description: z.string(),
    /** Undoes this change (entity:undo) while nothing changed those files since. */
    undoToken: z.string(),
    /** Workspace-relative paths that appeared, and that went (their documents are gone). */
    created: z.array(z.string()),
    removed: z.array(z.string()),
    /** Paths whose texts changed (references that followed a rename): reload them. */
    changed: z.array(z.string()),
    /** The document to show after the change (the new variant's template, the renamed preset). */
    open: DocRefSchema.nullable(),
    /**
     * A new variant from an existing one: how the two route (shared/engine/routing/copy-routing.ts):
     * the copy shadows the source or is shadowed by it (the same matcher), or has no matcher.
     */
    routing: z
      .object({
        variantId: z.string(),
        sourceId: z.string(),
        relation: z.enum(['shadows', 'shadowed-by', 'no-matcher', 'independent']),
        message: z.string(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type EntityChange = z.infer<typeof EntityChangeSchema>;

export const entityChannels = {
  'entity:duplicateVariant': channel(
    z.object({ from: IdSchema, to: IdSchema }).strict(),
    EntityChangeSchema,
    'A new variant from an existing one: its folder (as edited) under a new id with a copy of the matcher, placed right before the source in the selection order; the answer says whether it shadows the source or is shadowed by it.',
  ),
  'entity:rename': channel(
    z.object({ entity: EntitySchema, to: IdSchema }).strict(),
    EntityChangeSchema,
    'Rename a variant (folder, id, selection order, fallback), a component override (the component it overrides), a tool (file, id, the variants’ tool lists and overrides) or a preset (file, the presets that extend it).',
  ),
  'entity:delete': channel(
    z.object({ entity: EntitySchema }).strict(),
    EntityChangeSchema,
    'Delete a variant (its folder, its place in the selection order), a component override, a tool or a preset.',
  ),
  'entity:undo': channel(
    z.object({ undoToken: z.string().min(1) }).strict(),
    EntityChangeSchema,
    'Undo an entity change: its files go back as they were (unsaved edits included); refused when they changed since.',
  ),
} as const;

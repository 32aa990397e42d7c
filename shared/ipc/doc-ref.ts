import { z } from 'zod';

/**
 * The renderer names workspace documents by what they are, never by path; the host maps a
 * reference to a file inside the open workspace (and refuses anything that would leave it).
 */
/** The id of a variant, component, tool or preset: a file or folder name of letters, digits, _ . - */
export const IdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.-]+$/, 'ids use letters, digits, _ . -')
  .refine((s) => s !== '.' && s !== '..', 'not an id');
/** A relative file name inside a profile folder: segments of id characters, no `..`. */
const RelFile = z
  .string()
  .regex(/^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/, 'a relative path of letters, digits, _ . -')
  .refine((s) => !s.split('/').some((p) => p === '.' || p === '..'), 'no . or .. segments');

export const DocRefSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('workspace-config') }).strict(),
  /** models.yaml: context window and max output per model family. */
  z.object({ kind: z.literal('model-limits') }).strict(),
  z.object({ kind: z.literal('variant-config'), variantId: IdSchema }).strict(),
  z.object({ kind: z.literal('variant-template'), variantId: IdSchema }).strict(),
  z.object({ kind: z.literal('component-override'), variantId: IdSchema, componentId: IdSchema }).strict(),
  z.object({ kind: z.literal('tool-override'), variantId: IdSchema, toolId: IdSchema }).strict(),
  z.object({ kind: z.literal('component'), componentId: IdSchema }).strict(),
  z.object({ kind: z.literal('tool'), toolId: IdSchema }).strict(),
  z.object({ kind: z.literal('preset'), name: IdSchema }).strict(),
  z.object({ kind: z.literal('profile-file'), profileId: IdSchema, file: RelFile }).strict(),
  z.object({ kind: z.literal('harness-file'), harnessId: IdSchema, file: RelFile }).strict(),
]);
export type DocRef = z.infer<typeof DocRefSchema>;

export { conventionalPath, docKey } from './doc-key.js';

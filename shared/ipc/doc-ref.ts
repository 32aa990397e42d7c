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

/** A stable string for maps and tabs, e.g. `variant-template:generic`. */
export function docKey(ref: DocRef): string {
  switch (ref.kind) {
    case 'workspace-config':
      return 'workspace-config';
    case 'model-limits':
      return 'model-limits';
    case 'variant-config':
    case 'variant-template':
      return `${ref.kind}:${ref.variantId}`;
    case 'component-override':
      return `${ref.kind}:${ref.variantId}/${ref.componentId}`;
    case 'tool-override':
      return `${ref.kind}:${ref.variantId}/${ref.toolId}`;
    case 'component':
      return `component:${ref.componentId}`;
    case 'tool':
      return `tool:${ref.toolId}`;
    case 'preset':
      return `preset:${ref.name}`;
    case 'profile-file':
      return `profile-file:${ref.profileId}/${ref.file}`;
    case 'harness-file':
      return `harness-file:${ref.harnessId}/${ref.file}`;
  }
}

/**
 * The conventional workspace-relative path of a document. The variant template's real file
 * name comes from variant.yaml (`template`, default template.md); the host resolves that.
 */
export function conventionalPath(ref: DocRef): string {
  switch (ref.kind) {
    case 'workspace-config':
      return 'workspace.yaml';
    case 'model-limits':
      return 'models.yaml';
    case 'variant-config':
      return `variants/${ref.variantId}/variant.yaml`;
    case 'variant-template':
      return `variants/${ref.variantId}/template.md`;
    case 'component-override':
      return `variants/${ref.variantId}/overrides/components/${ref.componentId}.md`;
    case 'tool-override':
      return `variants/${ref.variantId}/overrides/tools/${ref.toolId}.md`;
    case 'component':
      return `components/${ref.componentId}.md`;
    case 'tool':
      return `tools/${ref.toolId}.yaml`;
    case 'preset':
      return `contexts/${ref.name}.yaml`;
    case 'profile-file':
      return `profiles/${ref.profileId}/${ref.file}`;
    case 'harness-file':
      return `harnesses/${ref.harnessId}/${ref.file}`;
  }
}

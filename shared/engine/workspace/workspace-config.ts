import { z } from 'zod';

/** workspace.yaml: the workspace's name and how variants are chosen. */
export const WorkspaceConfigSchema = z
  .object({
    name: z.string().default('Workspace'),
    description: z.string().default(''),
    /** Variant ids in the order their matchers are tried; the others follow alphabetically. */
    selectionOrder: z.array(z.string()).default([]),
    /** The variant used when no matcher says yes. */
    fallback: z.string().default('generic'),
  })
  .strict();

export type WorkspaceConfig = z.infer<typeof WorkspaceConfigSchema>;

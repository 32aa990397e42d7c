import { z } from 'zod';
import { channel } from './channel.js';

/** Channels of the workspace check: what `variant-studio check --strict` reports, for the Problems panel. */

export const LintFindingSchema = z
  .object({
    code: z.string(),
    severity: z.enum(['error', 'warning', 'info']),
    message: z.string(),
    /** Workspace-relative file. */
    file: z.string(),
    line: z.number().int().optional(),
    column: z.number().int().optional(),
    variantId: z.string().optional(),
    /** The context preset a build-based finding was seen under. */
    preset: z.string().optional(),
  })
  .strict();
export type CheckFinding = z.infer<typeof LintFindingSchema>;

export const checkChannels = {
  'check:run': channel(
    z.object({}).strict(),
    z.object({ findings: z.array(LintFindingSchema) }).strict(),
    'Check the open workspace as edited, as `variant-studio check --strict` checks the files on disk: errors, warnings and notes with file, line and column.',
  ),
} as const;

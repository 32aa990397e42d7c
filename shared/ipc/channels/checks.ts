import { z } from 'zod';
import { channel } from './channel.js';

/** Channels of the workspace check: what `variant-studio check --strict` reports, for the Problems panel. */

/** What a finding and a group of findings say, and where. */
const FindingPlace = z.object({
  code: z.string(),
  severity: z.enum(['error', 'warning', 'info']),
  message: z.string(),
  /** Workspace-relative file. */
  file: z.string(),
  line: z.number().int().optional(),
  column: z.number().int().optional(),
});

export const LintFindingSchema = FindingPlace.extend({
  variantId: z.string().optional(),
  /** The context preset a build-based finding was seen under. */
  preset: z.string().optional(),
  /** What this occurrence has of its own (sizes, offsets). */
  detail: z.string().optional(),
  /** What to change to settle it. */
  fix: z.string().optional(),
}).strict();
export type CheckFinding = z.infer<typeof LintFindingSchema>;

/** Findings that say the same at the same place, across variants and presets (shared/engine/lint/lint-finding.ts, groupFindings). */
export const FindingGroupSchema = FindingPlace.extend({
  count: z.number().int(),
  /** What to change, when it is the same for every occurrence. */
  fix: z.string().optional(),
  occurrences: z.array(
    z
      .object({
        variantId: z.string().optional(),
        preset: z.string().optional(),
        detail: z.string().optional(),
        fix: z.string().optional(),
      })
      .strict(),
  ),
}).strict();

export const checkChannels = {
  'check:run': channel(
    z
      .object({
        /** The routing list (the model ids the routing table lists): variants none of them reaches are reported. Default: the built-in catalog. */
        modelIds: z.array(z.string().min(1).max(200)).max(2000).optional(),
      })
      .strict(),
    z
      .object({
        findings: z.array(LintFindingSchema),
        /** The findings grouped as the CLI prints them: one per code, place and message, with a count and where each arises. */
        groups: z.array(FindingGroupSchema).optional(),
      })
      .strict(),
    'Check the open workspace as edited, as `variant-studio check --strict` checks the files on disk: errors, warnings and notes with file, line and column, the variant and preset each arises in and what to change; identical ones across variants grouped with a count.',
  ),
} as const;

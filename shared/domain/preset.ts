import { z } from 'zod';
import type { SystemPromptContextSchema } from './context.js';

/** contexts/<name>.yaml: a named simulated context. */
export const ContextPresetFileSchema = z
  .object({
    /** `variant` (default): a Cline-style context; `stack`: a context for stack profiles (see docs/stack.md). */
    kind: z.enum(['variant', 'stack']).default('variant'),
    description: z.string().default(''),
    /** Another preset this one starts from; its own fields are merged over the base (objects deep, arrays replaced). */
    extends: z.string().optional(),
    context: z.record(z.string(), z.unknown()).default({}),
  })
  .strict();

export type ContextPresetFile = z.infer<typeof ContextPresetFileSchema>;

export interface ContextPreset {
  name: string;
  description: string;
  /** The resolved context (extends applied, validated). */
  context: z.infer<typeof SystemPromptContextSchema>;
  file?: string | undefined;
}

export { mergePresetContext } from './merge-context.js';

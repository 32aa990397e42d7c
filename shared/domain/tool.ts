import { z } from 'zod';

/**
 * Tool specs (Cline's ClineToolSpec): one YAML file per tool id with one spec per model
 * family. Lookup for a variant: its family's spec, else the generic one, else any family's.
 */

/** "browser" means the context supports browser use; "none" always holds. */
export const ContextRequirementSchema = z.enum([
  'none',
  'browser',
  'mcp',
  'focusChain',
  'multiRoot',
  'nativeToolCalls',
  'noNativeToolCalls',
  'yolo',
  'notYolo',
  'subagents',
  'skills',
  'askUser',
  'webTools',
  'cli',
  'planMode',
  'actMode',
]);
export type ContextRequirement = z.infer<typeof ContextRequirementSchema>;

export const ToolParameterSchema = z
  .object({
    name: z.string().min(1),
    required: z.boolean(),
    /** May use the component template syntax over the context (e.g. {{#if context.cwd}}). */
    instruction: z.string(),
    usage: z.string().optional(),
    /** Extra lines appended after the tool's own description when this parameter is kept. */
    description: z.string().optional(),
    /** Tool ids that must all be enabled for this parameter to be kept. */
    dependencies: z.array(z.string()).optional(),
    contextRequirement: ContextRequirementSchema.optional(),
    /** JSON-schema type for native tool definitions. */
    type: z.enum(['string', 'boolean', 'integer', 'number', 'array', 'object']).optional(),
    items: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

export const ToolFamilySpecSchema = z
  .object({
    family: z.string().min(1),
    name: z.string().optional(),
    description: z.string().optional(),
    contextRequirement: ContextRequirementSchema.optional(),
    parameters: z.array(ToolParameterSchema).optional(),
  })
  .strict();

export const ToolFileSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_.-]+$/, 'tool ids use letters, digits, _ . -'),
    specs: z.array(ToolFamilySpecSchema).min(1),
  })
  .strict();

export type ToolParameter = z.infer<typeof ToolParameterSchema>;
export type ToolFamilySpec = z.infer<typeof ToolFamilySpecSchema>;
export type ToolFile = z.infer<typeof ToolFileSchema>;

/** One spec as the renderer uses it (Cline's ClineToolSpec). */
export interface ToolSpec {
  id: string;
  family: string;
  name?: string | undefined;
  description?: string | undefined;
  contextRequirement?: ContextRequirement | undefined;
  parameters?: ToolParameter[] | undefined;
}

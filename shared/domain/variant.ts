import { z } from 'zod';
import { MatcherSchema } from './matcher.js';

/** Per-component or per-tool settings of a variant (Cline's ConfigOverride). */
export const OverrideSettingsSchema = z
  .object({
    enabled: z.boolean().optional(),
    /** 0-based position this entry moves to in the effective order. */
    order: z.number().int().min(0).optional(),
    /** Inline override template; a file overrides/components/<ID>.md (or tools/<id>.md) wins. */
    template: z.string().optional(),
  })
  .strict();

/**
 * Token budgets of a variant (o200k tokens): the whole prompt, and sections by component id.
 * Preview, compare and matrix show usage against them; `check` reports every preset build
 * that goes over one, so a prompt-size regression fails CI.
 */
export const TokenBudgetsSchema = z
  .object({
    total: z.number().int().positive().optional(),
    sections: z.record(z.string(), z.number().int().positive()).default({}),
  })
  .strict();
export type TokenBudgets = z.infer<typeof TokenBudgetsSchema>;

const ID = z.string().regex(/^[A-Za-z0-9_.-]+$/, 'ids use letters, digits, _ . -');

/** variant.yaml: everything about a variant but its template texts. */
export const VariantFileSchema = z
  .object({
    id: ID,
    family: z.string().min(1),
    version: z.number().int(),
    description: z.string(),
    tags: z.array(z.string()).default([]),
    labels: z.record(z.string(), z.number().int()).default({}),
    matcher: MatcherSchema.optional(),
    /** Base template file, relative to the variant folder. */
    template: z.string().default('template.md'),
    componentOrder: z.array(z.string()),
    componentOverrides: z.record(z.string(), OverrideSettingsSchema).default({}),
    placeholders: z.record(z.string(), z.string()).default({}),
    tools: z.array(z.string()).default([]),
    toolOverrides: z.record(z.string(), OverrideSettingsSchema).default({}),
    config: z.record(z.string(), z.unknown()).default({}),
    budgets: TokenBudgetsSchema.optional(),
  })
  .strict();

export type OverrideSettings = z.infer<typeof OverrideSettingsSchema>;
export type VariantFile = z.infer<typeof VariantFileSchema>;
export type VariantFileInput = z.input<typeof VariantFileSchema>;

/** An override with its template text resolved (from the file or inline). */
export interface ResolvedOverride extends OverrideSettings {
  /** Workspace-relative file the template came from, when it came from a file. */
  templateFile?: string | undefined;
}

/** A variant ready for the engine: the YAML plus its template texts. */
export interface Variant extends Omit<VariantFile, 'componentOverrides' | 'toolOverrides' | 'template'> {
  baseTemplate: string;
  componentOverrides: Record<string, ResolvedOverride>;
  toolOverrides: Record<string, ResolvedOverride>;
  /** Where the pieces came from (workspace-relative paths); absent for variants made in code. */
  files?: VariantFiles | undefined;
}

export interface VariantFiles {
  folder: string;
  config: string;
  template: string;
}

/**
 * A variant made in code: the given fields over empty defaults (no components, tools,
 * placeholders or overrides; version 1; family `generic`).
 */
export function defineVariant(fields: Partial<Variant> & Pick<Variant, 'id'>): Variant {
  return {
    family: 'generic',
    version: 1,
    description: '',
    tags: [],
    labels: {},
    baseTemplate: '',
    componentOrder: [],
    componentOverrides: {},
    placeholders: {},
    tools: [],
    toolOverrides: {},
    config: {},
    ...fields,
  };
}

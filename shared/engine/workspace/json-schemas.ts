import { z } from 'zod';
import { ContextPresetFileSchema } from '../../domain/preset.js';
import { ToolFileSchema } from '../../domain/tool.js';
import { VariantFileSchema } from '../../domain/variant.js';
import { SystemPromptContextSchema } from '../../domain/context.js';
import { stackProfileJsonSchema } from '../../stack/profile.js';
import { harnessProfileJsonSchema } from '../../harness/profile/schema.js';
import { testFileJsonSchema } from '../../wire/test-file.js';
import { WorkspaceConfigSchema } from './workspace-config.js';
import { ModelLimitsFileSchema } from '../models/model-limits.js';

function schemaOf(schema: z.ZodType, title: string, description: string): Record<string, unknown> {
  return { ...z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), title, description };
}

/**
 * JSON Schemas of every YAML file of a workspace, by file name (written to
 * `<workspace>/schemas/`), so editors (e.g. the YAML language server) validate as you type.
 */
export function workspaceJsonSchemas(): Record<string, Record<string, unknown>> {
  return {
    'workspace.schema.json': schemaOf(
      WorkspaceConfigSchema,
      'Variant Studio workspace.yaml',
      'Workspace name, variant selection order and fallback.',
    ),
    'variant.schema.json': schemaOf(
      VariantFileSchema,
      'Variant Studio variant (variants/<id>/variant.yaml)',
      'A Cline-style prompt variant: family, matcher, components, placeholders, tools, overrides.',
    ),
    'tool.schema.json': schemaOf(ToolFileSchema, 'Variant Studio tool spec (tools/<id>.yaml)', 'One tool id with a spec per model family.'),
    'context-preset.schema.json': schemaOf(
      ContextPresetFileSchema,
      'Variant Studio context preset (contexts/<name>.yaml)',
      'A named simulated context.',
    ),
    'context.schema.json': schemaOf(
      SystemPromptContextSchema,
      'Variant Studio simulated context',
      'The Cline-style context a variant is built for.',
    ),
    'models.schema.json': schemaOf(
      ModelLimitsFileSchema,
      'Variant Studio model limits (models.yaml)',
      'Context window and maximum output per model family, over the built-in table; a model id finds its family by the longest match prefix.',
    ),
    'stack-profile.schema.json': stackProfileJsonSchema(),
    'harness-profile.schema.json': harnessProfileJsonSchema(),
    'test.schema.json': testFileJsonSchema(),
  };
}

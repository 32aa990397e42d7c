import type { SystemPromptContext } from '../../domain/context.js';
import type { ToolParameter, ToolSpec } from '../../domain/tool.js';
import { renderTemplate } from '../template/component-template.js';
import { keptParameters } from './tool-text.js';

/** JSON-schema of one parameter. */
export interface JsonSchemaProperty {
  type: string;
  description: string;
  items?: Record<string, unknown>;
}

export interface OpenAiToolDefinition {
  type: 'function';
  function: {
    name: string;
    description: string;
    parameters: { type: 'object'; properties: Record<string, JsonSchemaProperty>; required: string[]; additionalProperties: false };
  };
}

export interface AnthropicToolDefinition {
  name: string;
  description: string;
  input_schema: { type: 'object'; properties: Record<string, JsonSchemaProperty>; required: string[] };
}

export interface GeminiToolDefinition {
  name: string;
  description: string;
  parameters: { type: 'OBJECT'; properties: Record<string, JsonSchemaProperty>; required: string[] };
}

export interface NativeToolDefinitions {
  openai: OpenAiToolDefinition[];
  anthropic: AnthropicToolDefinition[];
  gemini: GeminiToolDefinition[];
}

function text(value: string | undefined, context: SystemPromptContext): string {
  if (!value) return '';
  return value.includes('{{') ? renderTemplate(value, { context }) : value;
}

function property(p: ToolParameter, context: SystemPromptContext, upper: boolean): JsonSchemaProperty {
  const type = p.type ?? 'string';
  const prop: JsonSchemaProperty = { type: upper ? type.toUpperCase() : type, description: text(p.instruction, context) };
  if (p.items) prop.items = p.items;
  return prop;
}

/** The enabled tools as function definitions in the OpenAI, Anthropic and Gemini shapes. */
export function nativeToolDefinitions(specs: readonly ToolSpec[], context: SystemPromptContext): NativeToolDefinitions {
  const enabledIds = specs.map((s) => s.id);
  const out: NativeToolDefinitions = { openai: [], anthropic: [], gemini: [] };
  for (const spec of specs) {
    if (!spec.parameters?.length && !spec.description?.length) continue;
    const name = spec.name || spec.id;
    const description = text(spec.description, context);
    const params = keptParameters(spec, enabledIds, context);
    const required = params.filter((p) => p.required).map((p) => p.name);
    const props = (upper: boolean): Record<string, JsonSchemaProperty> =>
      Object.fromEntries(params.map((p) => [p.name, property(p, context, upper)]));
    out.openai.push({
      type: 'function',
      function: { name, description, parameters: { type: 'object', properties: props(false), required, additionalProperties: false } },
    });
    out.anthropic.push({ name, description, input_schema: { type: 'object', properties: props(false), required } });
    out.gemini.push({ name, description, parameters: { type: 'OBJECT', properties: props(true), required } });
  }
  return out;
}

import type { SystemPromptContext } from '../../domain/context.js';
import type { ToolParameter, ToolSpec } from '../../domain/tool.js';
import { renderTemplate } from '../template/component-template.js';
import { requirementHolds } from './requirements.js';

/** Texts of a tool spec may use the template language over the context. */
function expand(text: string, context: SystemPromptContext): string {
  return text.includes('{{') ? renderTemplate(text, { context }) : text;
}

/** Parameters kept for a context: all dependency tools enabled and the context requirement met. */
export function keptParameters(spec: ToolSpec, enabledIds: readonly string[], context: SystemPromptContext): ToolParameter[] {
  return (spec.parameters ?? []).filter(
    (p) => (p.dependencies ?? []).every((d) => enabledIds.includes(d)) && requirementHolds(p.contextRequirement, context),
  );
}

/**
 * One tool as prompt text, line for line as Cline's PromptBuilder.tool writes it. A tool
 * with neither parameters nor description is a placeholder and renders as "".
 */
export function renderToolText(spec: ToolSpec, enabledIds: readonly string[], context: SystemPromptContext): string {
  if (!spec.parameters?.length && !spec.description?.length) return '';
  const displayName = spec.name || spec.id;
  const params = keptParameters(spec, enabledIds, context);
  const description = [`Description: ${spec.description === undefined ? 'undefined' : expand(spec.description, context)}`];
  for (const p of params) if (p.description) description.push(expand(p.description, context));
  const lines = [`## ${displayName}`, description.join('\n')];
  if (params.length === 0) lines.push('Parameters: None');
  else {
    lines.push('Parameters:');
    for (const p of params) lines.push(`- ${p.name}: (${p.required ? 'required' : 'optional'}) ${expand(p.instruction, context)}`);
  }
  lines.push('Usage:', `<${displayName}>`);
  for (const p of params) lines.push(`<${p.name}>${p.usage ?? ''}</${p.name}>`);
  lines.push(`</${displayName}>`);
  return lines.join('\n');
}

/**
 * renderToolText with a cache: a tool's text depends only on the spec and on which of its
 * parameters are kept, unless its texts use the template language (then it is rendered
 * each time). Specs from specForFamily keep their identity while the workspace is loaded.
 */
export function renderToolTextCached(spec: ToolSpec, enabledIds: readonly string[], context: SystemPromptContext): string {
  let signature = '';
  for (const p of spec.parameters ?? []) {
    signature += (p.dependencies ?? []).every((d) => enabledIds.includes(d)) && requirementHolds(p.contextRequirement, context) ? '1' : '0';
  }
  // Texts that use the template language depend on the whole context: they are cached per
  // context object (contexts are immutable values; the app keeps one while the user types).
  const cache = usesTemplates(spec) ? contextCache(context) : textCache;
  let bySignature = cache.get(spec);
  if (!bySignature) {
    bySignature = new Map();
    cache.set(spec, bySignature);
  }
  let text = bySignature.get(signature);
  if (text === undefined) {
    text = renderToolText(spec, enabledIds, context);
    bySignature.set(signature, text);
  }
  return text;
}
const textCache = new WeakMap<ToolSpec, Map<string, string>>();
const byContext = new WeakMap<SystemPromptContext, WeakMap<ToolSpec, Map<string, string>>>();

function contextCache(context: SystemPromptContext): WeakMap<ToolSpec, Map<string, string>> {
  let cache = byContext.get(context);
  if (!cache) {
    cache = new WeakMap();
    byContext.set(context, cache);
  }
  return cache;
}
const templated = new WeakMap<ToolSpec, boolean>();

function usesTemplates(spec: ToolSpec): boolean {
  let uses = templated.get(spec);
  if (uses === undefined) {
    uses =
      Boolean(spec.description?.includes('{{')) ||
      (spec.parameters ?? []).some((p) => p.instruction.includes('{{') || Boolean(p.description?.includes('{{')));
    templated.set(spec, uses);
  }
  return uses;
}

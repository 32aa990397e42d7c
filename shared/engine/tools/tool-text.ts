import type { SystemPromptContext } from '../../domain/context.js';
import type { ToolParameter, ToolSpec } from '../../domain/tool.js';
import { renderTemplate, renderTemplateTracked, type RenderTracking } from '../template/component-template.js';
import type { VolatileField } from '../volatility/volatile-fields.js';
import { shiftRanges, type RangedText, type VolatileRange } from '../volatility/volatile-range.js';
import { requirementHolds } from './requirements.js';

/** Which text of a tool spec a part of its prompt text comes from: `description`, or a parameter's `instruction` / `description`. */
export type ToolTextPart = readonly (string | number)[];

/** Writes a tool's text; with tracking, also the volatile ranges of its templated parts. */
class ToolTextWriter {
  text = '';
  readonly ranges: VolatileRange[] = [];
  constructor(
    private readonly context: SystemPromptContext,
    private readonly tracking?: (part: ToolTextPart) => RenderTracking,
  ) {}

  add(text: string): void {
    this.text += text;
  }

  /** Texts of a tool spec may use the template language over the context. */
  expand(text: string, part: ToolTextPart): void {
    if (!text.includes('{{')) this.text += text;
    else if (!this.tracking) this.text += renderTemplate(text, { context: this.context });
    else {
      const out = renderTemplateTracked(text, { context: this.context }, this.tracking(part));
      shiftRanges(out.ranges, this.text.length, this.ranges);
      this.text += out.text;
    }
  }
}

/** Parameters kept for a context: all dependency tools enabled and the context requirement met. */
export function keptParameters(spec: ToolSpec, enabledIds: readonly string[], context: SystemPromptContext): ToolParameter[] {
  return (spec.parameters ?? []).filter(
    (p) => (p.dependencies ?? []).every((d) => enabledIds.includes(d)) && requirementHolds(p.contextRequirement, context),
  );
}

function writeToolText(spec: ToolSpec, params: readonly ToolParameter[], w: ToolTextWriter): void {
  const displayName = spec.name || spec.id;
  w.add(`## ${displayName}\nDescription: `);
  if (spec.description === undefined) w.add('undefined');
  else w.expand(spec.description, ['description']);
  const index = (p: ToolParameter): number => spec.parameters?.indexOf(p) ?? -1;
  for (const p of params) {
    if (!p.description) continue;
    w.add('\n');
    w.expand(p.description, ['parameters', index(p), 'description']);
  }
  if (params.length === 0) w.add('\nParameters: None');
  else {
    w.add('\nParameters:');
    for (const p of params) {
      w.add(`\n- ${p.name}: (${p.required ? 'required' : 'optional'}) `);
      w.expand(p.instruction, ['parameters', index(p), 'instruction']);
    }
  }
  w.add(`\nUsage:\n<${displayName}>`);
  for (const p of params) w.add(`\n<${p.name}>${p.usage ?? ''}</${p.name}>`);
  w.add(`\n</${displayName}>`);
}

/**
 * One tool as prompt text, line for line as Cline's PromptBuilder.tool writes it. A tool
 * with neither parameters nor description is a placeholder and renders as "".
 */
export function renderToolText(spec: ToolSpec, enabledIds: readonly string[], context: SystemPromptContext): string {
  if (!spec.parameters?.length && !spec.description?.length) return '';
  const w = new ToolTextWriter(context);
  writeToolText(spec, keptParameters(spec, enabledIds, context), w);
  return w.text;
}

/**
 * renderToolText in a tracking build (the context is a tracked one): the text with its
 * volatile ranges. Which parameters are kept may itself depend on volatile fields (their
 * requirements, the tools they depend on): then the whole text is volatile too.
 */
export function renderToolTextTracked(
  spec: ToolSpec,
  enabledIds: readonly string[],
  context: SystemPromptContext,
  tracking: (part: ToolTextPart) => RenderTracking,
  keptFields: (params: () => ToolParameter[]) => { value: ToolParameter[]; fields: readonly VolatileField[] },
): RangedText {
  if (!spec.parameters?.length && !spec.description?.length) return { text: '', ranges: [] };
  const kept = keptFields(() => keptParameters(spec, enabledIds, context));
  const w = new ToolTextWriter(context, tracking);
  writeToolText(spec, kept.value, w);
  if (kept.fields.length > 0)
    w.ranges.unshift({ start: 0, end: w.text.length, fields: kept.fields, origin: tracking(['parameters']).origin(0) });
  return { text: w.text, ranges: w.ranges };
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

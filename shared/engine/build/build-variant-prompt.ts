import type { SystemPromptContext } from '../../domain/context.js';
import type { Variant } from '../../domain/variant.js';
import type { ToolSpec } from '../../domain/tool.js';
import { workspaceComponentVariables } from '../components/base-variables.js';
import type { ComponentRegistry } from '../components/component-registry.js';
import type { ComponentEntry, ComponentInput, ComponentOrigin } from '../components/component-types.js';
import { resolveEnvironment, type BuildOptions } from '../environment.js';
import { orderWithOverrides } from '../ordering.js';
import { STANDARD_PLACEHOLDER_KEYS } from '../sections.js';
import { renderTemplate, renderTemplateTracked } from '../template/component-template.js';
import { emptySection, VolatilityTracking } from '../volatility/build-tracking.js';
import { mapRangesThroughEdits, shiftRanges, unionFields, type RangeOrigin, type VolatileRange } from '../volatility/volatile-range.js';
import { runCleanup } from '../text/cleanup.js';
import { isJsWhitespace } from '../text/whitespace.js';
import { mapSpans, type Span } from '../text/edits.js';
import { formatValue, lookupDotted, scanTags } from '../text/placeholder-scan.js';
import { promptSizes } from './prompt-sizes.js';
import { nativeToolDefinitions } from '../tools/native-tools.js';
import { selectTools, type ToolCatalog } from '../tools/tool-catalog.js';
import { renderToolTextCached, renderToolTextTracked, type ToolTextPart } from '../tools/tool-text.js';
import {
  PLACEHOLDER_TEXT_LIMIT,
  type BuildSection,
  type BuildWarning,
  type ComponentReport,
  type PlaceholderLayer,
  type PlaceholderValue,
  type SourceRef,
  type VariantBuildResult,
} from './build-result.js';

export interface VariantBuildInput {
  variant: Variant;
  /** A validated context (see parseContext): the builder does not re-validate on every build. */
  context: SystemPromptContext;
  components: ComponentRegistry;
  tools: ToolCatalog;
  options: BuildOptions;
  /**
   * Also record which volatile context fields (working directory, date, machine, MCP
   * servers, rules, skills, roots, runtime placeholders) each part of the text depends on:
   * the result then has `volatile` ranges. Slower; the live preview does not ask for it.
   */
  trackVolatility?: boolean | undefined;
}

const LAYER2_KEYS = new Set(['CWD', 'SUPPORTS_BROWSER', 'MODEL_FAMILY', 'CURRENT_DATE']);

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  try {
    return String(error);
  } catch {
    return 'unknown error';
  }
}

/**
 * The template a component renders: the variant's override, else its own. A component
 * registered in code is a function, as in Cline's registry: it is always called and reads
 * the variant's overrides itself if it wants them.
 */
function componentTemplate(entry: ComponentEntry, variant: Variant): { template?: string; origin: ComponentOrigin; file?: string } {
  if (entry.kind === 'code') return { origin: 'code' };
  const override = variant.componentOverrides[entry.id];
  if (override?.template !== undefined) {
    return { template: override.template, origin: 'override', ...(override.templateFile ? { file: override.templateFile } : {}) };
  }
  if (entry.kind === 'builtin') return { template: entry.component.defaultTemplate, origin: 'default' };
  return { template: entry.template, origin: 'workspace', ...(entry.file ? { file: entry.file } : {}) };
}

function renderComponent(
  entry: ComponentEntry,
  input: ComponentInput,
  tracking?: VolatilityTracking,
): { text: string | undefined; origin: ComponentOrigin; file?: string; reason?: string } {
  const source = componentTemplate(entry, input.variant);
  let text: string | undefined;
  let reason: string | undefined;
  const render = (template: string, vars: Record<string, unknown>): string => {
    if (!tracking) return renderTemplate(template, vars);
    const origin = (offset: number): RangeOrigin => ({ kind: 'component', componentId: entry.id, file: source.file, offset });
    const out = renderTemplateTracked(template, vars, tracking.render(origin));
    tracking.sections.set(entry.id, out);
    return out.text;
  };
  if (source.template === undefined) {
    const fn = (entry as Extract<ComponentEntry, { kind: 'code' }>).fn;
    text = tracking ? tracking.runCode(entry.id, () => fn(input.variant, input.context, input)) : fn(input.variant, input.context, input);
  } else if (entry.kind === 'builtin') {
    text = render(source.template, entry.component.variables(input));
    reason = entry.component.emptyReason?.(input);
  } else {
    text = render(source.template, workspaceComponentVariables(input));
  }
  return { text, origin: source.origin, ...(source.file ? { file: source.file } : {}), ...(reason ? { reason } : {}) };
}

/**
 * Builds the final system prompt of a variant for a context, exactly as Cline's
 * PromptBuilder does (components, five placeholder layers, one template pass, cleanup),
 * and explains it: where every range of the text came from, what each component gave,
 * which layer supplied each placeholder, and what went wrong.
 */
export function buildVariantPrompt(input: VariantBuildInput): VariantBuildResult {
  const { variant, components: registry, tools: catalog } = input;
  const plainEnv = resolveEnvironment(input.context, input.options);
  // A tracking build reads the context and environment through proxies that record volatile reads.
  const tracking = input.trackVolatility ? new VolatilityTracking(input.context, plainEnv) : undefined;
  const context = tracking ? tracking.context : input.context;
  const env = tracking ? tracking.env : plainEnv;
  const warnings: BuildWarning[] = [];

  // Tools, computed once: TOOL_USE and TOOLS render them, native calls send them as JSON.
  const selection = selectTools(variant, context, catalog, tracking?.tracker);
  if (tracking) tracking.toolFields = selection.requirementFields ?? new Map();
  for (const ex of selection.excluded) {
    if (ex.code === 'TOOL_NOT_FOUND') {
      warnings.push({ code: 'TOOL_NOT_FOUND', severity: 'info', message: `Tool '${ex.id}' not found`, key: ex.id, detail: ex.reason });
    }
  }
  const native = context.enableNativeToolCalls === true;
  const enabledIds = selection.enabled.map((s) => s.id);
  const toolTexts = native
    ? []
    : selection.enabled.map((spec) => {
        if (tracking) return { spec, text: trackedToolText(spec, enabledIds, variant, tracking) };
        const defaultText = renderToolTextCached(spec, enabledIds, context);
        const override = variant.toolOverrides[spec.id]?.template;
        const text = override === undefined ? defaultText : renderTemplate(override, toolOverrideVariables(spec, defaultText, context));
        return { spec, text };
      });
  if (tracking)
    tracking.joinTools(
      orderWithOverrides(variant.tools, variant.toolOverrides).map((t) => t.id),
      toolTexts,
    );

  // 1. Components, in order, one after another.
  const sections: Record<string, string> = {};
  const componentInput: ComponentInput = {
    variant,
    context,
    env,
    tools: { catalog, selection, texts: toolTexts },
    sections,
    memo: new Map(),
    tracking,
  };
  const reports: ComponentReport[] = [];
  const origins = new Map<string, { origin: ComponentOrigin; file?: string | undefined }>();
  for (const { id, enabled } of orderWithOverrides(variant.componentOrder, variant.componentOverrides)) {
    const entry = registry.get(id);
    if (!enabled) {
      reports.push({ id, status: 'disabled', chars: 0, finalChars: 0, reason: 'disabled by the variant', inTemplate: false });
      continue;
    }
    if (!entry) {
      warnings.push({ code: 'COMPONENT_NOT_FOUND', severity: 'warning', message: `Warning: Component '${id}' not found`, componentId: id });
      reports.push({ id, status: 'missing', chars: 0, finalChars: 0, reason: 'no component with this id', inTemplate: false });
      continue;
    }
    try {
      const out = renderComponent(entry, componentInput, tracking);
      if (out.text?.trim()) {
        sections[id] = out.text;
        origins.set(id, { origin: out.origin, file: out.file });
        reports.push({ id, status: 'ok', origin: out.origin, file: out.file, chars: out.text.length, finalChars: 0, inTemplate: false });
      } else {
        const reason = out.reason ?? 'renders nothing for this context';
        warnings.push({
          code: 'COMPONENT_EMPTY',
          severity: 'info',
          message: `Component '${id}' is empty for this context`,
          componentId: id,
          detail: reason,
        });
        reports.push({ id, status: 'empty', origin: out.origin, file: out.file, chars: 0, finalChars: 0, reason, inTemplate: false });
      }
    } catch (error) {
      const detail = errorText(error);
      warnings.push({
        code: 'COMPONENT_FAILED',
        severity: 'warning',
        message: `Warning: Failed to build component '${id}':`,
        componentId: id,
        detail,
      });
      reports.push({ id, status: 'failed', chars: 0, finalChars: 0, reason: detail, inTemplate: false });
    }
  }

  // 2. Placeholders, five layers, later ones overwrite earlier ones (a plain object, as in the original).
  const placeholders: Record<string, unknown> = {};
  Object.assign(placeholders, variant.placeholders);
  const cwd = context.cwd || env.processCwd;
  placeholders.CWD = cwd;
  placeholders.SUPPORTS_BROWSER = context.supportsBrowserUse || false;
  placeholders.MODEL_FAMILY = variant.family;
  placeholders.CURRENT_DATE = env.currentDate;
  Object.assign(placeholders, sections);
  const defaulted = new Set<string>();
  for (const key of STANDARD_PLACEHOLDER_KEYS) {
    if (!placeholders[key]) {
      placeholders[key] = sections[key] || '';
      defaulted.add(key);
    }
  }
  const runtime = context.runtimePlaceholders;
  if (runtime) Object.assign(placeholders, runtime);

  const layerOf = (key: string): PlaceholderLayer => {
    const head = key.split('.', 1)[0]!;
    if (runtime && Object.prototype.hasOwnProperty.call(runtime, head)) return 'runtime';
    if (Object.prototype.hasOwnProperty.call(sections, head)) return 'component';
    if (defaulted.has(head)) return 'standard-default';
    if (LAYER2_KEYS.has(head)) return 'standard';
    if (Object.prototype.hasOwnProperty.call(variant.placeholders, head)) return 'variant';
    return 'inherited';
  };

  // 3. One pass over the base template; inserted text is not scanned again.
  const template = variant.baseTemplate;
  const sources: SourceRef[] = [{ kind: 'template', variantId: variant.id, file: variant.files?.template }];
  const sourceIndex = new Map<string, number>();
  const spans: Span[] = [];
  const parts: string[] = [];
  let length = 0;
  const seenKeys = new Map<string, PlaceholderValue>();
  const templateKeys = new Set<string>();
  const volatile: VolatileRange[] = [];
  const emit = (text: string, source: number, offset: number): void => {
    if (!text) return;
    parts.push(text);
    spans.push({ start: length, end: length + text.length, source, offset });
    length += text.length;
  };
  let at = 0;
  for (const tag of templateTags(template)) {
    emit(template.slice(at, tag.start), 0, at);
    at = tag.end;
    const key = tag.key;
    templateKeys.add(key);
    const value = lookupDotted(placeholders, key);
    if (value === undefined || value === null) {
      warnings.push({
        code: 'PLACEHOLDER_UNRESOLVED',
        severity: 'info',
        message: `Placeholder '{{${key}}}' is not resolved and stays in the prompt`,
        key,
        templateOffset: tag.start,
      });
      emit(template.slice(tag.start, tag.end), 0, tag.start);
      continue;
    }
    const text = formatValue(value);
    const layer = layerOf(key);
    if (tracking)
      markPlaceholder(tracking, volatile, { key, layer, text, at: length, templateOffset: tag.start, file: variant.files?.template });
    if (!seenKeys.has(key))
      seenKeys.set(key, {
        key,
        text: text.length > PLACEHOLDER_TEXT_LIMIT ? text.slice(0, PLACEHOLDER_TEXT_LIMIT) : text,
        length: text.length,
        layer,
      });
    let index = sourceIndex.get(key);
    if (index === undefined) {
      const origin = layer === 'component' && key === key.split('.', 1)[0] ? origins.get(key) : undefined;
      sources.push(
        origin ? { kind: 'component', componentId: key, origin: origin.origin, file: origin.file } : { kind: 'placeholder', key, layer },
      );
      index = sources.length - 1;
      sourceIndex.set(key, index);
    }
    emit(text, index, 0);
  }
  emit(template.slice(at), 0, at);

  // 4. Cleanup, carrying the spans through every pass.
  let mapped = spans;
  let volatileMapped = volatile;
  const text = runCleanup(parts.join(''), (_input, edits) => {
    mapped = mapSpans(mapped, edits);
    if (tracking) volatileMapped = mapRangesThroughEdits(volatileMapped, edits);
  });
  // Ranges that run on in the prompt and in their source are one range, whether or not a
  // cleanup pass edited anything (the map must not depend on, say, a trailing space).
  mapped = text ? mapSpans(mapped, []) : [];

  const finalChars = new Map<number, number>();
  const out: BuildSection[] = mapped.map((s) => {
    finalChars.set(s.source, (finalChars.get(s.source) ?? 0) + (s.end - s.start));
    return { start: s.start, end: s.end, source: sources[s.source]!, offset: s.offset };
  });
  for (const report of reports) {
    report.inTemplate = templateKeys.has(report.id);
    const index = sourceIndex.get(report.id);
    if (index !== undefined && sources[index]!.kind === 'component') report.finalChars = finalChars.get(index) ?? 0;
  }

  return {
    kind: 'variant',
    variantId: variant.id,
    family: variant.family,
    text,
    sections: out,
    components: reports,
    placeholders: [...seenKeys.values()],
    placeholderKeys: keysFound(placeholders),
    warnings,
    tools: {
      enabled: enabledIds,
      excluded: selection.excluded.map(({ id, reason }) => ({ id, reason })),
      native: native ? nativeToolDefinitions(selection.enabled, context) : undefined,
    },
    sizes: promptSizes(text),
    inputs: { currentDate: plainEnv.currentDate, cwd: input.context.cwd || plainEnv.processCwd },
    ...(tracking ? { volatile: finishRanges(volatileMapped, text) } : {}),
  };
}

/** Tool text in a tracking build: the default text (or the override over it), with ranges kept in `tracking.tools`. */
function trackedToolText(spec: ToolSpec, enabledIds: readonly string[], variant: Variant, tracking: VolatilityTracking): string {
  const origin = (overrideOffset: number): RangeOrigin => ({ kind: 'tool', toolId: spec.id, overrideOffset });
  const render = (part: ToolTextPart) =>
    tracking.render((textOffset) => ({ kind: 'tool', toolId: spec.id, family: spec.family, part: [...part], textOffset }));
  let out = renderToolTextTracked(spec, enabledIds, tracking.context, render, tracking.keptFields(spec));
  const override = variant.toolOverrides[spec.id]?.template;
  if (override !== undefined) {
    const vars = toolOverrideVariables(spec, out.text, tracking.context);
    out = renderTemplateTracked(override, vars, tracking.render(origin, new Map([['DEFAULT_TEXT', out]])));
  }
  tracking.tools.set(spec.id, out);
  return out.text;
}

function toolOverrideVariables(spec: ToolSpec, defaultText: string, context: SystemPromptContext): Record<string, unknown> {
  return { DEFAULT_TEXT: defaultText, id: spec.id, name: spec.name ?? spec.id, description: spec.description ?? '', context };
}

/** Marks the base template's insert of a placeholder: a section's own ranges, or the whole value when it is volatile. */
function markPlaceholder(
  tracking: VolatilityTracking,
  into: VolatileRange[],
  p: { key: string; layer: PlaceholderLayer; text: string; at: number; templateOffset: number; file?: string | undefined },
): void {
  const head = p.key.split('.', 1)[0]!;
  const origin: RangeOrigin = { kind: 'template', file: p.file, offset: p.templateOffset };
  let fields: readonly string[] = [];
  switch (p.layer) {
    case 'runtime':
      fields = [`runtimePlaceholders.${head}`];
      break;
    case 'component': {
      const section = tracking.sections.get(head);
      if (section && p.key === head && section.text === p.text) {
        shiftRanges(section.ranges, p.at, into);
        return;
      }
      fields = section ? unionFields(section.ranges) : [];
      break;
    }
    case 'standard-default': {
      const section = tracking.sections.get(head);
      if (section) shiftRanges(emptySection(section).ranges, p.at, into);
      return;
    }
    case 'standard':
      if (head === 'CWD') fields = tracking.tracker.run(() => tracking.context.cwd || tracking.env.processCwd).fields.size ? ['cwd'] : [];
      else if (head === 'CURRENT_DATE') fields = ['date'];
      break;
  }
  if (fields.length > 0) into.push({ start: p.at, end: p.at + p.text.length, fields, origin });
}

/**
 * The ranges of the final text, in order of position. Each takes in the line breaks and
 * separators next to it: cleanup joins blank lines and separators across a section that is
 * empty in one session and not in another, so that layout depends on the volatile text too.
 * (Spaces inside a line are never touched by cleanup; they stay out.)
 */
function finishRanges(ranges: readonly VolatileRange[], text: string): VolatileRange[] {
  const length = text.length;
  const loose = (i: number): boolean => {
    const c = text.charCodeAt(i);
    return c === 0x3d /* = */ || isJsWhitespace(c);
  };
  const structural = (from: number, to: number): boolean => from === 0 || to === length || /[\n=]/.test(text.slice(from, to));
  return ranges
    .map((r) => {
      let start = Math.min(r.start, length);
      let end = Math.min(Math.max(r.end, start), length);
      let a = start;
      while (a > 0 && loose(a - 1)) a--;
      if (a < start && structural(a, start)) start = a;
      let b = end;
      while (b < length && loose(b)) b++;
      if (b > end && structural(end, b)) end = b;
      return start === r.start && end === r.end ? r : { ...r, start, end };
    })
    .sort((a, b) => a.start - b.start || a.end - b.end);
}
/**
 * The keys lookupDotted finds a first step under in `placeholders`: its own, and those of the
 * objects it inherits from up to a plain object's prototype (a placeholder named `__proto__`
 * sets what it inherits). A plain object's own (`toString`, ...) are found in every build and
 * left out.
 */
function keysFound(placeholders: Record<string, unknown>): string[] {
  const keys: string[] = [];
  for (let o: object | null = placeholders; o && o !== Object.prototype; o = Object.getPrototypeOf(o) as object | null) {
    keys.push(...Object.getOwnPropertyNames(o));
  }
  return keys;
}

interface TemplateTag {
  start: number;
  end: number;
  /** The trimmed key. */
  key: string;
}
const templateTagCache = new Map<string, readonly TemplateTag[]>();

/** The `{{key}}` tags of a base template, found once per template text (it changes only when edited). */
function templateTags(template: string): readonly TemplateTag[] {
  let tags = templateTagCache.get(template);
  if (!tags) {
    if (templateTagCache.size >= 256) templateTagCache.clear();
    tags = [...scanTags(template)].map((t) => ({ start: t.start, end: t.end, key: t.raw.trim() }));
    templateTagCache.set(template, tags);
  }
  return tags;
}

import type { ContextPreset } from '../../domain/preset.js';
import type { Variant } from '../../domain/variant.js';
import { lintBudgets } from './lint-budgets.js';
import { contextWindowToCount, lintContextWindow } from './lint-context-window.js';
import { lintReachability } from './lint-reach.js';
import { lintCacheStability, trackedBuild } from './lint-cache.js';
import type { BuildOptions } from '../environment.js';
import { isStandardPlaceholder } from '../sections.js';
import { evaluateMatcher, matcherRegexRefusals } from '../selection/evaluate-matcher.js';
import { shadowedMatchers } from '../routing/routing-table.js';
import { parseTemplateCached } from '../template/component-template.js';
import { scanTags } from '../text/placeholder-scan.js';
import type { WorkspaceSnapshot } from '../workspace/workspace-snapshot.js';
import { positionOf } from '../workspace/yaml-file.js';
import { lineColumn, type LintCode, type LintFinding, type LintSeverity } from './lint-finding.js';

export interface LintOptions {
  /** Cline's strict mode: also the structural recommendations. */
  strict?: boolean | undefined;
  /** Presets to build every variant under, for the build-based checks (default: all of the workspace's). */
  presets?: readonly ContextPreset[] | undefined;
  /** Needed for the build-based checks; without it they are skipped. */
  buildOptions?: BuildOptions | undefined;
  /** Token counter (o200k) for the budget checks; without it budgets are not checked. */
  countTokens?: ((text: string) => number) | undefined;
  /** The workspace before an edit (e.g. as last saved): a stable prefix the edit shortened is reported. */
  before?: WorkspaceSnapshot | undefined;
  /** The routing list: with it, variants that none of these model ids reaches (under any preset) are reported. */
  modelIds?: readonly string[] | undefined;
}

const SEVERITY_ORDER: Record<LintSeverity, number> = { error: 0, warning: 1, info: 2 };

/** Findings for one variant's files. */
function lintVariant(variant: Variant, ws: WorkspaceSnapshot, strict: boolean): LintFinding[] {
  const findings: LintFinding[] = [];
  const configFile = variant.files?.config ?? `variants/${variant.id}/variant.yaml`;
  const templateFile = variant.files?.template ?? `variants/${variant.id}/template.md`;
  const positions = ws.positions.get(configFile) ?? {};
  const inConfig = (code: LintCode, severity: LintSeverity, message: string, path: (string | number)[], fix: string): void => {
    const pos = positionOf(positions, path);
    findings.push({ code, severity, message, file: configFile, line: pos?.line, column: pos?.column, variantId: variant.id, fix });
  };
  const inTemplate = (code: LintCode, severity: LintSeverity, message: string, offset: number, fix: string): void => {
    findings.push({ code, severity, message, file: templateFile, ...lineColumn(variant.baseTemplate, offset), variantId: variant.id, fix });
  };

  // Cline's validator: errors
  if (!variant.id) inConfig('MISSING_ID', 'error', 'the variant has no id', ['id'], "add `id:` with the variant folder's name");
  if (!variant.description.trim())
    inConfig(
      'MISSING_DESCRIPTION',
      'error',
      'the variant has no description',
      ['description'],
      'write what the variant is for under `description:`',
    );
  if (!variant.baseTemplate.trim())
    findings.push({
      code: 'MISSING_TEMPLATE',
      severity: 'error',
      message: 'the base template is empty',
      file: templateFile,
      variantId: variant.id,
      fix: 'write the base template: at least {{AGENT_ROLE_SECTION}} and {{SYSTEM_INFO_SECTION}}',
    });
  if (variant.componentOrder.length === 0)
    inConfig(
      'MISSING_COMPONENT_ORDER',
      'error',
      'componentOrder is empty',
      ['componentOrder'],
      'list the components to build under `componentOrder:`',
    );
  if (variant.version < 1)
    inConfig('INVALID_VERSION', 'error', `version must be 1 or more (is ${variant.version})`, ['version'], 'set `version:` to 1 or more');

  const keys: { key: string; offset: number }[] = [];
  for (const tag of scanTags(variant.baseTemplate)) keys.push({ key: tag.raw.trim(), offset: tag.start });
  const used = new Set(keys.map((k) => k.key));
  if (variant.baseTemplate.trim()) {
    if (!used.has('AGENT_ROLE_SECTION'))
      findings.push({
        code: 'TEMPLATE_MISSING_AGENT_ROLE',
        severity: 'error',
        message: 'the template does not use {{AGENT_ROLE_SECTION}}',
        file: templateFile,
        line: 1,
        column: 1,
        variantId: variant.id,
        fix: 'put {{AGENT_ROLE_SECTION}} in the template (Cline puts it first)',
      });
    if (!used.has('SYSTEM_INFO_SECTION'))
      findings.push({
        code: 'TEMPLATE_MISSING_SYSTEM_INFO',
        severity: 'error',
        message: 'the template does not use {{SYSTEM_INFO_SECTION}}',
        file: templateFile,
        line: 1,
        column: 1,
        variantId: variant.id,
        fix: 'put {{SYSTEM_INFO_SECTION}} in the template',
      });
  }
  const seenComponents = new Set<string>();
  variant.componentOrder.forEach((id, i) => {
    if (seenComponents.has(id))
      inConfig(
        'DUPLICATE_COMPONENT',
        'error',
        `component '${id}' appears twice in componentOrder`,
        ['componentOrder', i],
        'remove this second entry',
      );
    seenComponents.add(id);
    if (!ws.components.has(id))
      inConfig(
        'UNKNOWN_COMPONENT',
        'warning',
        `no component '${id}' is registered; the build will warn "Component '${id}' not found"`,
        ['componentOrder', i],
        `fix the id's spelling, add components/${id}.md, or remove it from componentOrder`,
      );
  });
  const seenTools = new Set<string>();
  variant.tools.forEach((id, i) => {
    if (seenTools.has(id))
      inConfig('DUPLICATE_TOOL', 'error', `tool '${id}' appears twice in tools`, ['tools', i], 'remove this second entry');
    seenTools.add(id);
    if (!ws.tools.has(id))
      inConfig(
        'UNKNOWN_TOOL',
        'warning',
        `no tool spec with id '${id}' (tools/${id}.yaml)`,
        ['tools', i],
        `fix the id's spelling, add tools/${id}.yaml, or remove it from tools`,
      );
  });

  // Cline's validator: warnings
  const componentSet = new Set(variant.componentOrder);
  for (const { key, offset } of keys) {
    if (!componentSet.has(key) && !isStandardPlaceholder(key) && !Object.prototype.hasOwnProperty.call(variant.placeholders, key)) {
      inTemplate(
        'UNKNOWN_PLACEHOLDER',
        'warning',
        `{{${key}}} is neither a component of this variant, a standard placeholder nor a variant placeholder`,
        offset,
        `fix its spelling, add ${key} to componentOrder, or give it a value under \`placeholders:\` in variant.yaml`,
      );
    }
  }
  variant.componentOrder.forEach((id, i) => {
    if (!used.has(id))
      inConfig(
        'COMPONENT_NOT_IN_TEMPLATE',
        'warning',
        `component '${id}' is built but the template never uses {{${id}}}`,
        ['componentOrder', i],
        `put {{${id}}} in the template where the section belongs, or remove it from componentOrder`,
      );
  });
  for (const [id, override] of Object.entries(variant.componentOverrides)) {
    if (!componentSet.has(id) && override.enabled !== false) {
      const message = `override for component '${id}', which is not in componentOrder`;
      const fix = `add ${id} to componentOrder, or delete the override`;
      if (override.templateFile)
        findings.push({
          code: 'UNUSED_COMPONENT_OVERRIDE',
          severity: 'warning',
          message,
          file: override.templateFile,
          variantId: variant.id,
          fix,
        });
      else inConfig('UNUSED_COMPONENT_OVERRIDE', 'warning', message, ['componentOverrides', id], fix);
    }
  }
  for (const [id, override] of Object.entries(variant.toolOverrides)) {
    if (!seenTools.has(id) && override.enabled !== false) {
      const message = `override for tool '${id}', which is not in tools`;
      const fix = `add ${id} to tools, or delete the override`;
      if (override.templateFile)
        findings.push({
          code: 'UNUSED_TOOL_OVERRIDE',
          severity: 'warning',
          message,
          file: override.templateFile,
          variantId: variant.id,
          fix,
        });
      else inConfig('UNUSED_TOOL_OVERRIDE', 'warning', message, ['toolOverrides', id], fix);
    }
  }

  // Block tags in override templates
  for (const [id, override] of Object.entries(variant.componentOverrides)) {
    if (override.template === undefined) continue;
    for (const problem of parseTemplateCached(override.template).problems) {
      const file = override.templateFile ?? configFile;
      const pos = override.templateFile
        ? lineColumn(override.template, problem.offset)
        : positionOf(positions, ['componentOverrides', id, 'template']);
      findings.push({
        code: 'TEMPLATE_BLOCK',
        severity: 'warning',
        message: `override of ${id}: ${problem.message}`,
        file,
        line: pos?.line,
        column: pos?.column,
        variantId: variant.id,
        fix: 'close or remove the block tag ({{#if}} … {{/if}}, {{#each}} … {{/each}})',
      });
    }
  }

  // Strict mode
  if (strict) {
    const order = variant.componentOrder;
    const missing = (id: string): string => `add ${id} to componentOrder (and {{${id}}} to the template)`;
    if (!order.includes('AGENT_ROLE_SECTION'))
      inConfig(
        'STRICT_MISSING_AGENT_ROLE',
        'warning',
        'componentOrder has no AGENT_ROLE_SECTION',
        ['componentOrder'],
        missing('AGENT_ROLE_SECTION'),
      );
    if (!order.includes('RULES_SECTION'))
      inConfig('STRICT_MISSING_RULES', 'warning', 'componentOrder has no RULES_SECTION', ['componentOrder'], missing('RULES_SECTION'));
    if (!order.includes('SYSTEM_INFO_SECTION'))
      inConfig(
        'STRICT_MISSING_SYSTEM_INFO',
        'warning',
        'componentOrder has no SYSTEM_INFO_SECTION',
        ['componentOrder'],
        missing('SYSTEM_INFO_SECTION'),
      );
    const role = order.indexOf('AGENT_ROLE_SECTION');
    if (role > 0)
      inConfig(
        'STRICT_AGENT_ROLE_NOT_FIRST',
        'warning',
        'AGENT_ROLE_SECTION should come first',
        ['componentOrder', role],
        'move AGENT_ROLE_SECTION to the top of componentOrder',
      );
    const toolUse = order.indexOf('TOOL_USE_SECTION');
    if (toolUse >= 0 && role >= 0 && toolUse < role)
      inConfig(
        'STRICT_TOOL_USE_BEFORE_AGENT_ROLE',
        'warning',
        'TOOL_USE_SECTION comes before AGENT_ROLE_SECTION',
        ['componentOrder', toolUse],
        'move TOOL_USE_SECTION after AGENT_ROLE_SECTION in componentOrder',
      );
    if (variant.description.trim().length < 20)
      inConfig(
        'STRICT_SHORT_DESCRIPTION',
        'warning',
        'the description is shorter than 20 characters',
        ['description'],
        'say in the description which models the variant is for and how it differs',
      );
    if (Object.keys(variant.labels).length === 0)
      inConfig(
        'STRICT_NO_LABELS',
        'warning',
        'the variant has no labels',
        ['labels'],
        'add `labels:` (e.g. `stable: 1`) naming the versions in use',
      );
  }
  return findings;
}

/** Matchers that cannot run, and matchers that can never win because an earlier one takes all their contexts. */
function lintMatchers(ws: WorkspaceSnapshot): LintFinding[] {
  const findings: LintFinding[] = [];
  const at = (variant: Variant) => {
    const file = variant.files?.config ?? `variants/${variant.id}/variant.yaml`;
    const pos = positionOf(ws.positions.get(file) ?? {}, ['matcher']);
    return { file, line: pos?.line, column: pos?.column, variantId: variant.id };
  };
  for (const variant of ws.variants) {
    if (!variant.matcher) continue;
    const refusals = matcherRegexRefusals(variant.matcher);
    for (const reason of refusals)
      findings.push({
        code: 'MATCHER_INVALID',
        severity: 'error',
        message: `the matcher cannot run (${reason}); selection skips this variant`,
        ...at(variant),
      });
    if (refusals.length > 0) continue;
    try {
      evaluateMatcher(variant.matcher, {});
    } catch (error) {
      findings.push({
        code: 'MATCHER_INVALID',
        severity: 'error',
        message: `the matcher cannot run (${error instanceof Error ? error.message : String(error)}); selection skips this variant`,
        ...at(variant),
        fix: 'correct the matcher (docs/workspace-format.md, "Matchers"): a valid regex, known fields, one condition per clause',
      });
    }
  }
  for (const shadow of shadowedMatchers(ws.variants)) {
    findings.push({
      code: 'MATCHER_SHADOWED',
      severity: 'warning',
      message: `the matcher can never win: ${shadow.reason}`,
      ...at(ws.variants.find((v) => v.id === shadow.variantId)!),
      fix: shadow.shadowedBy
        ? `move '${shadow.variantId}' before '${shadow.shadowedBy}' in selectionOrder (workspace.yaml), or narrow the matcher of '${shadow.shadowedBy}'`
        : 'give the variant a matcher that can say yes, or remove it if it is only a fallback',
    });
  }
  return findings;
}

/**
 * What builds under each preset reveal: keys left in the output, components that give nothing
 * or fail. Stops (yields) before each build: see lintWorkspaceSteps.
 */
function* lintBuilds(
  ws: WorkspaceSnapshot,
  presets: readonly ContextPreset[],
  options: BuildOptions,
  lint: LintOptions,
): Generator<LintPause, LintFinding[], void> {
  const findings: LintFinding[] = [];
  const seen = new Set<string>();
  const once = (f: LintFinding): void => {
    // A cache finding is about the variant's layout: once per variant and place, with the first preset that shows it.
    const key = f.code.startsWith('CACHE_')
      ? `${f.code}|${f.variantId}|${f.file}|${f.line}|${f.column}`
      : `${f.code}|${f.file}|${f.line}|${f.column}|${f.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      findings.push(f);
    }
  };
  for (const variant of ws.variants) {
    const configFile = variant.files?.config ?? `variants/${variant.id}/variant.yaml`;
    const templateFile = variant.files?.template ?? `variants/${variant.id}/template.md`;
    const positions = ws.positions.get(configFile) ?? {};
    for (const preset of presets) {
      yield;
      const result = trackedBuild(ws, variant, preset, options);
      const beforeVariant = lint.before?.variants.find((v) => v.id === variant.id);
      const beforePreset = lint.before?.presets.find((p) => p.name === preset.name);
      const before =
        lint.before && beforeVariant && beforePreset ? trackedBuild(lint.before, beforeVariant, beforePreset, options) : undefined;
      for (const f of lintCacheStability(ws, variant, preset, result, before)) once(f);
      if (lint.countTokens) {
        if (variant.budgets || contextWindowToCount(ws, variant, preset, result)) yield { counts: result.text };
        for (const f of lintBudgets(ws, variant, preset, result, lint.countTokens)) once(f);
        for (const f of lintContextWindow(ws, variant, preset, result, lint.countTokens)) once(f);
      }
      for (const w of result.warnings) {
        if (w.code === 'PLACEHOLDER_UNRESOLVED' && w.templateOffset !== undefined) {
          once({
            code: 'UNRESOLVED_IN_OUTPUT',
            severity: 'warning',
            message: `{{${w.key}}} stays unresolved in the final prompt`,
            file: templateFile,
            ...lineColumn(variant.baseTemplate, w.templateOffset),
            variantId: variant.id,
            preset: preset.name,
            fix: `give ${w.key} a value (variant placeholders, a component, or the context's runtimePlaceholders), or remove {{${w.key}}}`,
          });
        } else if (w.code === 'COMPONENT_EMPTY' || w.code === 'COMPONENT_FAILED') {
          const index = variant.componentOrder.indexOf(w.componentId ?? '');
          const pos = positionOf(positions, ['componentOrder', index]);
          once({
            code: w.code === 'COMPONENT_EMPTY' ? 'COMPONENT_EMPTY_FOR_CONTEXT' : 'COMPONENT_FAILS_FOR_CONTEXT',
            severity: w.code === 'COMPONENT_EMPTY' ? 'info' : 'error',
            message:
              w.code === 'COMPONENT_EMPTY'
                ? `component '${w.componentId}' produces nothing (${w.detail})`
                : `component '${w.componentId}' throws: ${w.detail}`,
            file: configFile,
            line: pos?.line,
            column: pos?.column,
            variantId: variant.id,
            preset: preset.name,
            fix:
              w.code === 'COMPONENT_EMPTY'
                ? 'nothing, if the section should be absent under this context; else change the context or the component'
                : 'fix the component (its template or code) so it renders under this context',
          });
        }
      }
      // Keys that only resolve through Object.prototype (constructor, toString, ...): Cline writes "undefined" or "{}".
      for (const p of result.placeholders) {
        if (p.layer === 'inherited') {
          const tag = [...scanTags(variant.baseTemplate)].find((t) => t.raw.trim() === p.key);
          once({
            code: 'INHERITED_KEY',
            severity: 'warning',
            message: `{{${p.key}}} resolves to a built-in object member and is written as ${JSON.stringify(p.text)}`,
            file: templateFile,
            ...(tag ? lineColumn(variant.baseTemplate, tag.start) : {}),
            variantId: variant.id,
            preset: preset.name,
            fix: `rename the key (e.g. ${p.key.toUpperCase()}_TEXT) and give it a value under placeholders`,
          });
        }
      }
    }
  }
  return findings;
}

/** Lints a loaded workspace: load problems, Cline's validator checks and ours. Sorted by file, position, severity. */
export function lintWorkspace(ws: WorkspaceSnapshot, options: LintOptions = {}): LintFinding[] {
  return runSteps(lintWorkspaceSteps(ws, options));
}

/** Runs the steps of a lint to the end, at once. */
/**
 * Where a check in steps stops: before a build (nothing said), or before it counts the tokens
 * of a build's text (`counts`): a caller that must stay responsive may count it first, in
 * slices, with the counter it gave the check, which then finds it counted.
 */
export type LintPause = { counts: string } | undefined;

export function runSteps<T>(steps: Generator<LintPause, T, void>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * lintWorkspace in steps: the generator stops before each build (a variant under a preset),
 * so that a caller that must stay responsive (the host) can let other work run in between;
 * its return value is lintWorkspace's.
 */
export function* lintWorkspaceSteps(ws: WorkspaceSnapshot, options: LintOptions = {}): Generator<LintPause, LintFinding[], void> {
  const findings: LintFinding[] = ws.problems.map((p) => ({
    code: 'LOAD_ERROR' as const,
    severity: p.severity,
    message: p.path ? `${p.message} (at ${p.path})` : p.message,
    file: p.file,
    line: p.line,
    column: p.column,
    fix: 'correct the file at this place (its JSON Schema is in schemas/); until then it is left out',
  }));
  for (const variant of ws.variants) findings.push(...lintVariant(variant, ws, options.strict === true));
  const matcherFindings = lintMatchers(ws);
  findings.push(...matcherFindings);
  if (options.modelIds)
    findings.push(
      ...lintReachability(ws, options.presets ?? ws.presets, options.modelIds, new Set(matcherFindings.map((f) => f.variantId!))),
    );
  if (options.buildOptions) findings.push(...(yield* lintBuilds(ws, options.presets ?? ws.presets, options.buildOptions, options)));
  return findings.sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
      a.code.localeCompare(b.code),
  );
}

export { lintVariant };

/**
 * variant-studio/engine: load a workspace, select a variant, build its prompt, lint it.
 * Pure: no filesystem, clock or process access; those come in as arguments.
 *
 *   const ws = loadWorkspace(memoryFileSource(files));          // or the host's folder source
 *   const context = parseContext(ws.presets[0].context);
 *   const out = buildForContext(ws, context, { now: new Date(), processCwd: process.cwd() });
 *   if (out.ok) console.log(out.result.text);
 */
export * from '../domain/context.js';
export * from '../domain/matcher.js';
export * from '../domain/tool.js';
export * from '../domain/variant.js';
export * from '../domain/preset.js';
export * from '../domain/problems.js';
export * from '../domain/file-source.js';
export { parseContext } from '../domain/parse-context.js';

export { SECTION_IDS, STANDARD_PLACEHOLDER_KEYS, isStandardPlaceholder, type SectionId } from './sections.js';
export { resolveEnvironment, type BuildOptions, type BuildEnvironment } from './environment.js';
export { ComponentRegistry } from './components/component-registry.js';
export type { BuiltinComponent, ComponentFunction, ComponentEntry, ComponentInput, ComponentOrigin } from './components/component-types.js';
export { BUILTIN_COMPONENTS, createBuiltinRegistry } from './components/builtin/index.js';
export { BASE_VARIABLE_NAMES, baseVariables, variableNames } from './components/base-variables.js';
export { renderTemplate, parseTemplate, templateKeys } from './template/component-template.js';
export { buildVariantPrompt, type VariantBuildInput } from './build/build-variant-prompt.js';
export { buildWorkspaceVariant, buildForContext, type WorkspaceBuildOutcome } from './build/build-from-workspace.js';
export type * from './build/build-result.js';
export { PLACEHOLDER_TEXT_LIMIT } from './build/build-result.js';
export { selectVariant, type SelectionResult, type SelectionStep } from './selection/select-variant.js';
export { evaluateMatcher, type MatcherVerdict } from './selection/evaluate-matcher.js';
export { selectTools, specForFamily, type ToolCatalog, type ToolSelection } from './tools/tool-catalog.js';
export { renderToolText } from './tools/tool-text.js';
export { nativeToolDefinitions, type NativeToolDefinitions } from './tools/native-tools.js';
export { loadWorkspace, type LoadWorkspaceOptions } from './workspace/load-workspace.js';
export { withEditedFiles } from './workspace/edited-files.js';
export { YamlParseCache } from './workspace/yaml-file.js';
export type { WorkspaceSnapshot } from './workspace/workspace-snapshot.js';
export { WorkspaceConfigSchema, type WorkspaceConfig } from './workspace/workspace-config.js';
export { lintWorkspace, type LintOptions } from './lint/lint-workspace.js';
export { checkWorkspace, type CheckOptions } from './lint/check-workspace.js';
export { formatFinding, type LintFinding, type LintCode, type LintSeverity } from './lint/lint-finding.js';
export { workspaceJsonSchemas } from './workspace/json-schemas.js';
export type { StackPreset } from './workspace/workspace-snapshot.js';
export * as stack from '../stack/index.js';

import type { ComponentInput } from './component-types.js';
import { tableVariables, type VariableTable } from './variable-table.js';
import { joinToolTexts } from './tool-texts.js';

/** The names of the variables every component template can read (see the workspace format). */
export const BASE_VARIABLE_NAMES = [
  'CWD',
  'OS',
  'SHELL',
  'HOME_DIR',
  'PLATFORM',
  'CURRENT_DATE',
  'MODEL_FAMILY',
  'SUPPORTS_BROWSER',
  'MODE',
  'YOLO',
  'TOOLS',
  'context',
  'variant',
  'sections',
] as const;

type BaseName = (typeof BASE_VARIABLE_NAMES)[number];

const variantViews = new WeakMap<ComponentInput['variant'], Record<string, unknown>>();

/** What a template sees of the variant (one object per variant, not per build). */
function variantView(variant: ComponentInput['variant']): Record<string, unknown> {
  let view = variantViews.get(variant);
  if (!view) {
    view = { id: variant.id, family: variant.family, version: variant.version, config: variant.config, placeholders: variant.placeholders };
    variantViews.set(variant, view);
  }
  return view;
}

/** How each base variable is computed: the machine facts, the working directory, the date, the family, the context. */
export const BASE_VARIABLE_TABLE: Readonly<Record<BaseName, (input: ComponentInput) => unknown>> = {
  CWD: (i) => i.context.cwd || i.env.processCwd,
  OS: (i) => i.env.machine.os,
  SHELL: (i) => i.env.machine.shell,
  HOME_DIR: (i) => i.env.machine.homeDir,
  PLATFORM: (i) => i.env.machine.platform,
  CURRENT_DATE: (i) => i.env.currentDate,
  MODEL_FAMILY: (i) => i.variant.family,
  SUPPORTS_BROWSER: (i) => i.context.supportsBrowserUse === true,
  MODE: (i) => i.context.providerInfo?.mode ?? 'act',
  YOLO: (i) => i.context.yoloModeToggled === true,
  /** The enabled tools' prompt texts, joined by blank lines ('' with native tool calls). */
  TOOLS: joinToolTexts,
  context: (i) => i.context,
  variant: (i) => variantView(i.variant),
  sections: (i) => i.sections,
};

/**
 * Variables every component template can use, whatever the component: the machine facts,
 * the working directory, the date, the family, and the whole context and variant for blocks.
 * Computed once per build; each call gets a fresh object that inherits them, so a caller
 * may add its own variables without touching the shared ones.
 */
export function baseVariables(input: ComponentInput): Record<string, unknown> {
  return Object.create(tableVariables(input, 'baseVariables', BASE_VARIABLE_TABLE as VariableTable)) as Record<string, unknown>;
}

/**
 * The variables of a workspace component: the variant's placeholders over the base
 * variables, made once per build and shared by every workspace component. The placeholders
 * sit on an object that inherits the base variables: copying those and adding keys to the
 * copy, per component, was most of the fixed cost of a small build.
 */
export function workspaceComponentVariables(input: ComponentInput): Record<string, unknown> {
  const memo = input.memo;
  let merged = memo?.get(WORKSPACE_VARIABLES) as Record<string, unknown> | undefined;
  if (!merged) {
    const base = tableVariables(input, 'baseVariables', BASE_VARIABLE_TABLE as VariableTable);
    merged = Object.assign(Object.create(base) as Record<string, unknown>, input.variant.placeholders);
    memo?.set(WORKSPACE_VARIABLES, merged);
  }
  return merged;
}
const WORKSPACE_VARIABLES = 'workspaceVariables';

/** Names of the variables a component template can read (own and inherited keys). */
export function variableNames(vars: Record<string, unknown>): string[] {
  const names: string[] = [];
  for (const key in vars) names.push(key);
  return names.sort();
}

import { memoized, type ComponentInput } from './component-types.js';

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

/**
 * Variables every component template can use, whatever the component: the machine facts,
 * the working directory, the date, the family, and the whole context and variant for blocks.
 */
export function baseVariables(input: ComponentInput): Record<string, unknown> {
  // Computed once per build, then a fresh plain copy per call: components add their own variables to it.
  return { ...memoized(input, 'baseVariables', () => compute(input)) };
}

function compute(input: ComponentInput): Record<(typeof BASE_VARIABLE_NAMES)[number], unknown> {
  const { context, env, variant } = input;
  return {
    CWD: context.cwd || env.processCwd,
    OS: env.machine.os,
    SHELL: env.machine.shell,
    HOME_DIR: env.machine.homeDir,
    PLATFORM: env.machine.platform,
    CURRENT_DATE: env.currentDate,
    MODEL_FAMILY: variant.family,
    SUPPORTS_BROWSER: context.supportsBrowserUse === true,
    MODE: context.providerInfo?.mode ?? 'act',
    YOLO: context.yoloModeToggled === true,
    /** The enabled tools' prompt texts, joined by blank lines ('' with native tool calls). */
    TOOLS: input.tools.texts
      .map((t) => t.text)
      .filter(Boolean)
      .join('\n\n'),
    context,
    variant: {
      id: variant.id,
      family: variant.family,
      version: variant.version,
      config: variant.config,
      placeholders: variant.placeholders,
    },
    sections: input.sections,
  };
}

/** Names of the variables a component template can read (own and inherited keys). */
export function variableNames(vars: Record<string, unknown>): string[] {
  const names: string[] = [];
  for (const key in vars) names.push(key);
  return names.sort();
}

import type { MachineInfo, SystemPromptContext } from '../domain/context.js';
import type { BuildOptions } from '../engine/environment.js';
import { isAbsolutePath } from '../stack/path.js';
import { HARNESS_OS, HarnessContextSchema, type HarnessOs } from './context.js';
import { CLINE_RULE_FIELDS } from './loaders/cline-classic.js';
import type { HarnessProfile } from './profile/schema.js';
import type { HarnessResult } from './result.js';
import { clineRuleFieldsOf, type HarnessRunOptions } from './run.js';

/**
 * A Cline-style context whose `repository` names rules files: the classic Cline loader reads
 * them (harness profile `cline-classic` unless the repository names another of that loader),
 * and its blocks replace the context's rule-text fields, so the USER_INSTRUCTIONS component
 * shows exactly what Cline would send for that repository.
 */
export type RepositoryRules = { ok: true; context: SystemPromptContext; result?: HarnessResult | undefined } | { ok: false; error: string };

export async function withRepositoryRules(
  context: SystemPromptContext,
  harnesses: readonly HarnessProfile[],
  options: HarnessRunOptions & { machine?: MachineInfo | undefined } = {},
): Promise<RepositoryRules> {
  const repo = context.repository;
  if (repo === undefined) return { ok: true, context };
  const profile = harnesses.find((h) => h.id === repo.harness);
  if (!profile)
    return {
      ok: false,
      error: `repository: no harness profile '${repo.harness}' (harnesses: ${harnesses.map((h) => h.id).join(', ') || 'none'})`,
    };
  if (profile.loader !== 'cline-classic')
    return {
      ok: false,
      error: `repository: harness profile '${repo.harness}' is ${profile.name}; the rule-text fields need a cline-classic profile`,
    };
  // The machine facts the build will use: the context's, else the build options'.
  const platform = context.machine?.platform ?? options.machine?.platform;
  const os: HarnessOs = (HARNESS_OS as readonly string[]).includes(platform ?? '') ? (platform as HarnessOs) : 'linux';
  const machineHome = context.machine?.homeDir ?? options.machine?.homeDir;
  const harnessContext = HarnessContextSchema.parse({
    files: repo.files,
    symlinks: repo.symlinks,
    cwd: context.cwd && isAbsolutePath(context.cwd) ? context.cwd : '/',
    home: repo.home ?? (machineHome && isAbsolutePath(machineHome) ? machineHome : '/home/user'),
    os,
    env: repo.env,
    settings: repo.settings,
  });
  const { fields, result } = await clineRuleFieldsOf(profile, harnessContext, options);
  const next: SystemPromptContext = { ...context };
  for (const key of CLINE_RULE_FIELDS) {
    const value = fields[key];
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  return { ok: true, context: next, result };
}

/** The options a variant build's repository rules are read with: the build's date and machine facts. */
export function repositoryRulesOptions(options: BuildOptions): HarnessRunOptions & { machine?: MachineInfo | undefined } {
  const today = typeof options.now === 'string' ? options.now : options.now.toISOString().slice(0, 10);
  return { today, machine: options.machine };
}

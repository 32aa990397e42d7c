import type { MachineInfo, SystemPromptContext } from '../domain/context.js';
import type { BuildOptions } from '../engine/environment.js';
import { isAbsolutePath } from '../stack/path.js';
import type { InstructionFs } from '../stack/instruction-fs.js';
import { HARNESS_OS, HarnessContextSchema, type HarnessContext, type HarnessOs, type HarnessRepository } from './context.js';
import { CLINE_RULE_FIELDS, type ClineRuleFields } from './loaders/cline-classic.js';
import type { ClineClassicProfile } from './profile/cline-classic.js';
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

/**
 * How a `discovery: real` repository is read: the host gives the harness context and the
 * confined filesystem of the working folder on its disk (or says why it cannot).
 */
export type RealRepository = (
  profile: ClineClassicProfile,
  repository: HarnessRepository,
  cwd: string,
) => Promise<{ ok: true; context: HarnessContext; fs: InstructionFs } | { ok: false; error: string }>;

export async function withRepositoryRules(
  context: SystemPromptContext,
  harnesses: readonly HarnessProfile[],
  options: HarnessRunOptions & { machine?: MachineInfo | undefined; real?: RealRepository | undefined } = {},
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
  if (repo.discovery === 'real') {
    if (!options.real) return { ok: false, error: 'repository: reading a folder on disk is not available here' };
    const setup = await options.real(profile, repo, context.cwd ?? '');
    if (!setup.ok) return { ok: false, error: `repository: ${setup.error}` };
    const { fields, result } = await clineRuleFieldsOf(profile, setup.context, { ...options, fs: setup.fs });
    return { ok: true, context: applyFields(context, fields), result };
  }
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
  return { ok: true, context: applyFields(context, fields), result };
}

/** The context with its rule-text fields replaced by the blocks found. */
function applyFields(context: SystemPromptContext, fields: ClineRuleFields): SystemPromptContext {
  const next: SystemPromptContext = { ...context };
  for (const key of CLINE_RULE_FIELDS) {
    const value = fields[key];
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  return next;
}

/** The options a variant build's repository rules are read with: the build's date and machine facts. */
export function repositoryRulesOptions(options: BuildOptions): HarnessRunOptions & { machine?: MachineInfo | undefined } {
  const today = typeof options.now === 'string' ? options.now : options.now.toISOString().slice(0, 10);
  return { today, machine: options.machine };
}

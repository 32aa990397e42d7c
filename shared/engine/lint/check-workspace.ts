import { deterministicBuildOptions } from '../snapshots/snapshot-files.js';
import type { WorkspaceSnapshot } from '../workspace/workspace-snapshot.js';
import type { LintFinding } from './lint-finding.js';
import { catalogModelIds } from './lint-reach.js';
import { lintWorkspaceSteps, runSteps, type LintPause } from './lint-workspace.js';

export interface CheckOptions {
  /** Cline's strict checks too. */
  strict: boolean;
  /** The date builds use when a preset sets none (default: the snapshots' fixed date). */
  date?: string | undefined;
  /** Token counter (o200k): with it, the token budgets are checked. */
  countTokens?: ((text: string) => number) | undefined;
  /** The workspace before the change: a shortened stable prefix is reported. */
  before?: WorkspaceSnapshot | undefined;
  /** The routing list: variants none of these ids reaches are reported (default: the built-in model catalog's ids). */
  modelIds?: readonly string[] | undefined;
}

/**
 * What `variant-studio check` reports for a workspace. The app's Problems panel calls the
 * same function on the workspace as edited, so the two agree finding for finding.
 */
export function checkWorkspace(snapshot: WorkspaceSnapshot, options: CheckOptions): LintFinding[] {
  return runSteps(checkWorkspaceSteps(snapshot, options));
}

/** checkWorkspace in steps, one build each (lintWorkspaceSteps): the host lets other work run between them. */
export function checkWorkspaceSteps(snapshot: WorkspaceSnapshot, options: CheckOptions): Generator<LintPause, LintFinding[], void> {
  return lintWorkspaceSteps(snapshot, {
    strict: options.strict,
    buildOptions: deterministicBuildOptions(options.date),
    countTokens: options.countTokens,
    before: options.before,
    modelIds: options.modelIds ?? catalogModelIds(),
  });
}

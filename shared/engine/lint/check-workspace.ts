import type { BuildOptions } from '../environment.js';
import type { WorkspaceSnapshot } from '../workspace/workspace-snapshot.js';
import type { LintFinding } from './lint-finding.js';
import { lintWorkspace } from './lint-workspace.js';

/** The date snapshots and checks use when neither the preset nor the caller sets one. */
export const DETERMINISTIC_DATE = '2026-01-15';

/**
 * Build options that do not depend on this machine or today, so a snapshot rendered or a
 * check run anywhere is the same: the engine's default machine facts, a fixed fallback cwd
 * and a fixed date (presets that set `date` or `machine` still win).
 */
export function deterministicBuildOptions(date?: string): BuildOptions {
  return { now: date ?? DETERMINISTIC_DATE, processCwd: '/workspace' };
}

/**
 * What `variant-studio check` reports for a workspace (with `strict`, Cline's strict checks
 * too). The app's Problems panel calls the same function on the workspace as edited, so the
 * two agree finding for finding.
 */
export function checkWorkspace(snapshot: WorkspaceSnapshot, options: { strict: boolean; date?: string | undefined }): LintFinding[] {
  return lintWorkspace(snapshot, { strict: options.strict, buildOptions: deterministicBuildOptions(options.date) });
}

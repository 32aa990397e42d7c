import type { BuildOptions } from '../environment.js';

/** The date snapshots and rendered bundle prompts use when neither the preset nor the caller sets one. */
export const SNAPSHOT_DEFAULT_DATE = '2026-01-15';

/**
 * Build options that do not depend on this machine or today, so a prompt rendered anywhere
 * is the same: the engine's default machine facts, a fixed fallback cwd and a fixed date
 * (presets that set `date` or `machine` still win).
 */
export function deterministicBuildOptions(date?: string): BuildOptions {
  return { now: date ?? SNAPSHOT_DEFAULT_DATE, processCwd: '/workspace' };
}

import type { BuildOptions } from '../environment.js';

/**
 * The prompt snapshots of a workspace, as the CLI's `snapshot` command and the app's matrix
 * both read and write them: `<workspace>/snapshots/<variant>/<preset>.md`, each the prompt
 * built with deterministic options plus one final newline.
 */
export const SNAPSHOT_DIR = 'snapshots';

/** The date snapshots use when neither the preset nor --date sets one. */
export const SNAPSHOT_DEFAULT_DATE = '2026-01-15';

/**
 * Build options that do not depend on this machine or today, so a snapshot rendered
 * anywhere is the same: the engine's default machine facts, a fixed fallback cwd and a
 * fixed date (presets that set `date` or `machine` still win).
 */
export function deterministicBuildOptions(date?: string): BuildOptions {
  return { now: date ?? SNAPSHOT_DEFAULT_DATE, processCwd: '/workspace' };
}

/** A snapshot's path inside the snapshot folder. */
export function snapshotRelPath(variantId: string, preset: string): string {
  return `${variantId}/${preset}.md`;
}

/** The file text of a snapshot of a prompt. */
export function snapshotFileText(prompt: string): string {
  return `${prompt}\n`;
}

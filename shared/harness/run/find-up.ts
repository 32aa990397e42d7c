import type { InstructionFs } from '../../stack/instruction-fs.js';
import { ancestorsUpTo, joinPath } from '../../stack/path.js';
import { DEFAULT_RUN_LIMITS } from './budget.js';
import { probe, type Probe } from './read.js';

/**
 * The one upward walk the loaders use to find a root: the nearest folder at or above `start`
 * that holds a marker (`.git`, a configured marker, a repository git itself would accept).
 * Every probe error counts as "not there", as the agents treat it; the walk is bounded
 * (RunLimits.walkFolders), so a very deep virtual tree cannot make it run long.
 */

/** The folders from `start` up to `stop` (inclusive; the filesystem root without one), nearest first, within the walk bound. */
function walkUp(start: string, stop?: string): string[] {
  return ancestorsUpTo(start, stop, DEFAULT_RUN_LIMITS.walkFolders);
}

/** How a marker's probe decides that a folder is a root. */
export type MarkerTest = (found: Probe, dir: string) => boolean | Promise<boolean>;

/** Something of that name is there (a file or a folder); errors count as absent. */
export const exists: MarkerTest = (found) => found.kind !== 'missing' && found.kind !== 'error';

/** The nearest folder at or above `start` where one of `markers` passes `test`. */
export async function findUp(
  fs: InstructionFs,
  start: string,
  markers: readonly string[],
  test: MarkerTest = exists,
): Promise<string | undefined> {
  if (markers.length === 0) return undefined;
  for (const dir of walkUp(start)) if (await hasMarker(fs, dir, markers, test)) return dir;
  return undefined;
}

export async function hasMarker(fs: InstructionFs, dir: string, markers: readonly string[], test: MarkerTest = exists): Promise<boolean> {
  for (const marker of markers) if (await test(await probe(fs, joinPath(dir, marker)), dir)) return true;
  return false;
}

/**
 * What makes `.git` a repository:
 * - `entry`: a `.git` folder or file of any content (an empty `.git/` counts);
 * - `head`: a `.git` file (worktree, submodule), or a folder holding `HEAD`;
 * - `git`: what git itself accepts — a `.git` file, or a folder with `HEAD`, `objects/` and
 *   `refs/` (an empty `.git/` is not a repository to agents that ask git).
 */
export type GitCheck = 'entry' | 'head' | 'git';

export function gitMarker(fs: InstructionFs, check: GitCheck): MarkerTest {
  return async (found, dir) => {
    if (found.kind === 'file') return true;
    if (found.kind !== 'directory') return false;
    if (check === 'entry') return true;
    const git = joinPath(dir, '.git');
    if ((await probe(fs, joinPath(git, 'HEAD'))).kind !== 'file') return false;
    if (check === 'head') return true;
    return (
      (await probe(fs, joinPath(git, 'objects'))).kind === 'directory' && (await probe(fs, joinPath(git, 'refs'))).kind === 'directory'
    );
  };
}

/** The nearest repository root at or above `start`, by `check`. */
export function findGitRoot(fs: InstructionFs, start: string, check: GitCheck): Promise<string | undefined> {
  return findUp(fs, start, ['.git'], gitMarker(fs, check));
}

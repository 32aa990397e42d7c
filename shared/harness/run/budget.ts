import { ancestorsUpTo } from '../../stack/path.js';
import type { HarnessFileReport, HarnessTruncated } from '../result.js';
import type { RunRecorder } from './recorder.js';

/**
 * What one harness run may cost, whatever the tree holds (docs/harnesses.md, "Limits of the
 * engine"): imports expanded (files, bytes, depth), time, and the folders of one walk. Import
 * checks along one chain stop cycles but not fan-out (six files importing the next level 40
 * times, five levels deep, is 40^5 imports); this budget is shared by the whole run, and when
 * it is spent the run stops expanding, keeps what it has, and reports the truncation.
 */

export interface RunLimits {
  /** Imported files expanded in one run (each expansion counts, the same file again too). */
  importFiles: number;
  /** Bytes of imported text expanded in one run. */
  importBytes: number;
  /** Import depth where a harness has no limit of its own (the top-level file is 0). */
  importDepth: number;
  /** Folders of one upward walk (more than a real disk can nest: only virtual trees reach it). */
  walkFolders: number;
  /** Milliseconds one run may take, with a clock (`now`). */
  timeMs: number;
}

export const DEFAULT_RUN_LIMITS: RunLimits = {
  importFiles: 1000,
  importBytes: 8 * 1024 * 1024,
  importDepth: 20,
  walkFolders: 2048,
  timeMs: 5000,
};

export class RunBudget {
  readonly limits: RunLimits;
  private files = 0;
  private bytes = 0;
  private readonly started: number | undefined;
  private cutWalks = false;
  truncated: HarnessTruncated | undefined;

  constructor(
    private readonly rec: RunRecorder,
    limits: Partial<RunLimits> = {},
    private readonly now?: (() => number) | undefined,
  ) {
    this.limits = { ...DEFAULT_RUN_LIMITS, ...limits };
    this.started = now?.();
  }

  /** False once any budget is spent (and from then on): the caller leaves the import as written. */
  takeImport(bytes: number): boolean {
    if (this.truncated !== undefined) return false;
    if (this.files + 1 > this.limits.importFiles)
      return this.stop('import-files', `more than ${this.limits.importFiles} imports in one run`);
    if (this.bytes + bytes > this.limits.importBytes)
      return this.stop('import-bytes', `more than ${this.limits.importBytes} bytes of imported text in one run`);
    if (this.outOfTime()) return false;
    this.files += 1;
    this.bytes += bytes;
    return true;
  }

  /** False once an import budget or the time is spent: the caller stops expanding. */
  inBudget(): boolean {
    if (this.truncated !== undefined) return this.truncated.budget === 'walk';
    return !this.outOfTime();
  }

  private outOfTime(): boolean {
    if (this.now === undefined || this.started === undefined) return false;
    if (this.now() - this.started <= this.limits.timeMs) return false;
    this.stop('time', `the run took more than ${this.limits.timeMs} ms`);
    return true;
  }

  private stop(budget: HarnessTruncated['budget'], why: string): false {
    const message = `${why}: expansion stopped here; what was expanded so far is shown and later imports stay as written`;
    this.truncated = { budget, message };
    this.rec.warn('run-budget', message, undefined, 'error');
    return false;
  }

  /** The folders from `start` up to `stop`, nearest first, cut (and reported once) at the walk bound. */
  walkUp(start: string, stop?: string): string[] {
    const all = ancestorsUpTo(start, stop, this.limits.walkFolders + 1);
    if (all.length <= this.limits.walkFolders) return all;
    if (!this.cutWalks) {
      this.cutWalks = true;
      this.rec.warn(
        'walk-bound',
        `a walk up from ${start} passes more than ${this.limits.walkFolders} folders: only the nearest ${this.limits.walkFolders} are looked in`,
        start,
        'error',
      );
      this.truncated ??= { budget: 'walk', message: `walks stop after ${this.limits.walkFolders} folders` };
    }
    return all.slice(0, this.limits.walkFolders);
  }
}

/** The report of an import left as written because the run's budget is spent. */
export function budgetReport(ctx: { budget: RunBudget; group: string }, path: string, importer: string): HarnessFileReport {
  return {
    path,
    group: ctx.group,
    status: 'skipped',
    reason: `not expanded: ${ctx.budget.truncated?.message ?? 'the run budget is spent'}`,
    importedBy: importer,
    importProblem: 'budget',
  };
}

import type { BuildInputs } from '../build-runner.js';
import type { EvalSummary } from '../../../shared/wire/run-result.js';
import { columnRequest, type ColumnRequestOutcome } from './column-request.js';
import { cellBuildKey, runCells, type CellRunDeps } from './eval-cells.js';
import type { EvalCell } from './eval-plan.js';

/**
 * An eval on the host's thread (the CLI's, and the host's when there is no built worker):
 * its columns built here, its cells run by eval-cells.ts.
 */

export interface EvalDeps extends CellRunDeps {
  inputs: BuildInputs;
  /**
   * Variant and model columns' builds by column and API; pass the same map to evals of the
   * same workspace state (run-service.ts keeps one per snapshot) and an eval builds only what
   * changed. Profile columns are built each eval (real discovery reads the disk, which changes
   * without the workspace). Default: a fresh one.
   */
  builds?: Map<string, Promise<ColumnRequestOutcome>> | undefined;
}

/**
 * A cell's builds, from `builds` (variant and model columns) or a map of this eval's own
 * (profile columns: real discovery reads the disk, which changes without the workspace).
 */
export function cellBuilds(
  inputs: BuildInputs,
  builds: Map<string, Promise<ColumnRequestOutcome>> | undefined,
): (cell: EvalCell) => Promise<ColumnRequestOutcome> {
  const ownBuilds = new Map<string, Promise<ColumnRequestOutcome>>();
  return (cell) => {
    const buildKey = cellBuildKey(cell);
    const map = cell.column.kind === 'profile' ? ownBuilds : (builds ?? ownBuilds);
    let build = map.get(buildKey);
    if (!build) {
      map.set(buildKey, (build = columnRequest(inputs, cell.column, cell.connection.api)));
      // A build that threw is not kept: the next eval tries again.
      build.catch(() => map.delete(buildKey));
    }
    return build;
  };
}

export function runEval(cells: readonly EvalCell[], deps: EvalDeps): Promise<EvalSummary> {
  return runCells(cells, cellBuilds(deps.inputs, deps.builds), deps);
}

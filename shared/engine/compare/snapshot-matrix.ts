import type { ContextPreset } from '../../domain/preset.js';
import type { Variant } from '../../domain/variant.js';
import { buildVariantPrompt } from '../build/build-variant-prompt.js';
import type { VariantBuildResult } from '../build/build-result.js';
import type { BuildOptions } from '../environment.js';
import { snapshotFileText, snapshotRelPath } from '../snapshots/snapshot-files.js';
import type { WorkspaceSnapshot } from '../workspace/workspace-snapshot.js';

/** One variant under one preset, against its stored snapshot and against the build from the files as last saved. */
export interface MatrixCell {
  variantId: string;
  preset: string;
  chars: number;
  /** Build warnings (severity warning: missing or failing components). */
  warnings: number;
  /** The stored snapshot file: the same text, another text, or none. */
  snapshot: 'same' | 'differs' | 'missing';
  /** The build from the saved files: the same text, another one, or no such variant/preset when last saved. */
  saved: 'same' | 'differs' | 'new';
}

export interface SnapshotMatrix {
  variants: string[];
  presets: string[];
  /** Row by row: variants[i] x presets[j] at cells[i * presets.length + j]. */
  cells: MatrixCell[];
}

export interface MatrixInputs {
  workspace: WorkspaceSnapshot;
  /** The workspace as last saved (omit when nothing is unsaved: every cell is then `same`). */
  saved?: WorkspaceSnapshot | undefined;
  options: BuildOptions;
  /** The stored snapshot file at `<variant>/<preset>.md`, if any. */
  stored(relPath: string): string | undefined;
}

/** Whether a stored snapshot file holds this prompt (without building the file's text). */
export function sameSnapshot(stored: string, prompt: string): boolean {
  return stored.length === prompt.length + 1 && stored.startsWith(prompt) && stored.endsWith(snapshotFileText(''));
}

function build(ws: WorkspaceSnapshot, variant: Variant, preset: ContextPreset, options: BuildOptions): VariantBuildResult {
  return buildVariantPrompt({ variant, context: preset.context, components: ws.components, tools: ws.tools, options });
}

/** One cell as built: the cell, its prompt, and its build (kept by callers only where budgets need its sections). */
export interface BuiltMatrixCell {
  cell: MatrixCell;
  text: string;
  result: VariantBuildResult;
}

/** The matrix's rows and columns: every variant, every (Cline-style) context preset. */
export function matrixAxes(ws: WorkspaceSnapshot): Pick<SnapshotMatrix, 'variants' | 'presets'> {
  return { variants: ws.variants.map((v) => v.id), presets: ws.presets.map((p) => p.name) };
}

/**
 * The cells of the matrix one at a time, row by row (the order of `cells`): a caller can
 * stop between any two, and holds no more of them than it keeps. The host builds them in
 * time slices (electron/host/matrix-builds.ts); snapshotMatrix takes them all at once.
 */
export function* matrixCells(inputs: MatrixInputs): Generator<BuiltMatrixCell, void, undefined> {
  const { workspace: ws, saved, options } = inputs;
  for (const variant of ws.variants) {
    const savedVariant = saved?.variants.find((v) => v.id === variant.id);
    for (const preset of ws.presets) {
      const result = build(ws, variant, preset, options);
      const stored = inputs.stored(snapshotRelPath(variant.id, preset.name));
      let savedState: MatrixCell['saved'] = 'same';
      if (saved) {
        const savedPreset = saved.presets.find((p) => p.name === preset.name);
        savedState =
          savedVariant && savedPreset
            ? build(saved, savedVariant, savedPreset, options).text === result.text
              ? 'same'
              : 'differs'
            : 'new';
      }
      const cell: MatrixCell = {
        variantId: variant.id,
        preset: preset.name,
        chars: result.text.length,
        warnings: result.warnings.filter((w) => w.severity === 'warning').length,
        snapshot: stored === undefined ? 'missing' : sameSnapshot(stored, result.text) ? 'same' : 'differs',
        saved: savedState,
      };
      yield { cell, text: result.text, result };
    }
  }
}

/**
 * Every variant x every (Cline-style) context preset, built with the snapshot options:
 * sizes, warnings, and whether the prompt differs from its stored snapshot and from the
 * last save. `texts` holds each cell's prompt (same order) for diffs and token counts; `results` its build where
 * the variant has budgets.
 */
export function snapshotMatrix(inputs: MatrixInputs): SnapshotMatrix & { texts: string[]; results: (VariantBuildResult | undefined)[] } {
  const cells: MatrixCell[] = [];
  const texts: string[] = [];
  // Builds are kept only where budgets need their sections: holding 56 results alive makes every collection copy them.
  const results: (VariantBuildResult | undefined)[] = [];
  const budgeted = new Set(inputs.workspace.variants.filter((v) => v.budgets).map((v) => v.id));
  for (const built of matrixCells(inputs)) {
    cells.push(built.cell);
    texts.push(built.text);
    results.push(budgeted.has(built.cell.variantId) ? built.result : undefined);
  }
  return { ...matrixAxes(inputs.workspace), cells, texts, results };
}

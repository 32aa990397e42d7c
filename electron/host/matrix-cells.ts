import type { ContextPreset } from '../../shared/domain/preset.js';
import type { Variant } from '../../shared/domain/variant.js';
import type { MatrixCellView } from '../../shared/ipc/contract.js';
import { sameSnapshot, type MatrixCell } from '../../shared/engine/compare/snapshot-matrix.js';
import { snapshotRelPath } from '../../shared/engine/snapshots/snapshot-files.js';
import type { WorkspaceSnapshot } from '../../shared/engine/workspace/workspace-snapshot.js';
import { contentHash } from './hash.js';
import type { DigestedBuild, MatrixCellMemo } from './matrix-cell-memo.js';

export interface HostMatrixInputs {
  workspace: WorkspaceSnapshot;
  /** The workspace as last saved (omit when nothing is unsaved: every cell is then `same`). */
  saved?: WorkspaceSnapshot | undefined;
  /** The stored snapshot file at `<variant>/<preset>.md`, if any. */
  stored(relPath: string): string | undefined;
}

/** The first of each id, as Array#find would pick it. */
function firstBy<T>(items: readonly T[] | undefined, key: (item: T) => string): Map<string, T> {
  const out = new Map<string, T>();
  for (const item of items ?? []) if (!out.has(key(item))) out.set(key(item), item);
  return out;
}

/** Builds of one variant under some presets, made from one workspace snapshot (the workspace now, or as saved). */
export interface NeededRow {
  ws: WorkspaceSnapshot;
  variant: Variant;
  presets: ContextPreset[];
}

/**
 * The builds hostMatrixCells will ask the memo for that it does not know yet, a variant at a
 * time (a caller can pause between any two): every cell of the workspace now, and the saved side
 * of each cell whose objects differ from it. Yields the variant's rows (none when it knows them all).
 */
export function* neededBuilds(memo: MatrixCellMemo, inputs: Omit<HostMatrixInputs, 'stored'>): Generator<NeededRow[], void, undefined> {
  const { workspace: ws, saved } = inputs;
  const savedVariants = firstBy(saved?.variants, (v) => v.id);
  const savedPresets = firstBy(saved?.presets, (p) => p.name);
  for (const variant of ws.variants) {
    const now: ContextPreset[] = [];
    const before: ContextPreset[] = [];
    const savedVariant = savedVariants.get(variant.id);
    for (const preset of ws.presets) {
      if (!memo.known(ws, variant, preset)) now.push(preset);
      const savedPreset = savedPresets.get(preset.name);
      if (!saved || !savedVariant || !savedPreset) continue;
      const same = savedVariant === variant && savedPreset === preset && saved.components === ws.components && saved.tools === ws.tools;
      if (!same && !memo.known(saved, savedVariant, savedPreset)) before.push(savedPreset);
    }
    const rows: NeededRow[] = [];
    if (now.length) rows.push({ ws, variant, presets: now });
    if (saved && savedVariant && before.length) rows.push({ ws: saved, variant: savedVariant, presets: before });
    yield rows;
  }
}

/**
 * The cells of the host's matrix one at a time, row by row: the cells snapshotMatrix
 * (shared/engine/compare/snapshot-matrix.ts) makes, with the hashes approval checks. Builds
 * come from the memo where what they are made from did not change; a remembered prompt is
 * told from its stored snapshot, and from its build as saved, by hash (exact: the memo only
 * keeps prompts whose hash identifies them, and a stored file is decoded UTF-8).
 */
export function* hostMatrixCells(memo: MatrixCellMemo, inputs: HostMatrixInputs): Generator<MatrixCellView, void, undefined> {
  const { workspace: ws, saved } = inputs;
  const savedVariants = firstBy(saved?.variants, (v) => v.id);
  const savedPresets = firstBy(saved?.presets, (p) => p.name);
  for (const variant of ws.variants) {
    const savedVariant = savedVariants.get(variant.id);
    for (const preset of ws.presets) {
      const now = memo.digest(ws, variant, preset);
      const { chars, warnings, promptHash } = now.digest;
      const file = inputs.stored(snapshotRelPath(variant.id, preset.name));
      let snapshot: MatrixCell['snapshot'] = 'missing';
      let storedHash: string | null = null;
      if (file !== undefined) {
        // A prompt built now is compared as text; a remembered one by hash (the file's hash is needed then anyway).
        const same = now.text !== undefined ? sameSnapshot(file, now.text) : (storedHash = contentHash(file)) === promptHash;
        storedHash = same ? promptHash : (storedHash ?? contentHash(file));
        snapshot = same ? 'same' : 'differs';
      }
      const savedPreset = savedPresets.get(preset.name);
      let savedState: MatrixCell['saved'] = 'same';
      if (saved)
        savedState = savedVariant && savedPreset ? savedVerdict(memo, inputs, now, savedVariant, savedPreset, [variant, preset]) : 'new';
      yield { variantId: variant.id, preset: preset.name, chars, warnings, snapshot, saved: savedState, promptHash, storedHash };
    }
  }
}

/** Whether the build as saved gives the same prompt as the build now. */
function savedVerdict(
  memo: MatrixCellMemo,
  inputs: HostMatrixInputs,
  now: DigestedBuild,
  savedVariant: Variant,
  savedPreset: ContextPreset,
  [variant, preset]: [Variant, ContextPreset],
): 'same' | 'differs' {
  const { workspace: ws, saved } = inputs as Required<HostMatrixInputs>;
  // The same objects make the same build.
  if (savedVariant === variant && savedPreset === preset && saved.components === ws.components && saved.tools === ws.tools) return 'same';
  const before = memo.digest(saved, savedVariant, savedPreset);
  if (now.exact && before.exact) return before.digest.promptHash === now.digest.promptHash ? 'same' : 'differs';
  const textNow = now.text ?? memo.text(ws, variant, preset);
  return (before.text ?? memo.text(saved, savedVariant, savedPreset)) === textNow ? 'same' : 'differs';
}

import type { MatrixCellView, MatrixProgress, MatrixTokens, MatrixView } from '../../../../shared/ipc/contract';
import { call } from '../api';
import type { SliceCreator } from '../types';

export interface MatrixCellDetail {
  variantId: string;
  preset: string;
  /** The snapshot file text the prompt would be written as, and the stored one (null: none). */
  text: string;
  stored: string | null;
}

/** The snapshot matrix: every variant x preset against the stored snapshots; a cell's diff; approval. */
export interface MatrixSlice {
  matrix: MatrixView | null;
  matrixTokens: MatrixTokens | null;
  /** A build newer than the matrix shown, and how far it got (the host builds in time slices). */
  matrixProgress: MatrixProgress | null;
  matrixCell: MatrixCellDetail | null;
  loadMatrix(): Promise<void>;
  openMatrixCell(variantId: string, preset: string): Promise<void>;
  closeMatrixCell(): void;
  /** Writes the cells' snapshots (the files the CLI checks); reloads the matrix. */
  approveCells(cells: readonly MatrixCellView[]): Promise<void>;
  applyMatrixTokens(tokens: MatrixTokens): void;
  applyMatrixProgress(progress: MatrixProgress): void;
}

export const createMatrixSlice: SliceCreator<MatrixSlice> = (set, get) => {
  /** Counts that came before the matrix they belong to. */
  let early: MatrixTokens | null = null;
  return {
    matrix: null,
    matrixTokens: null,
    matrixProgress: null,
    matrixCell: null,
    async loadMatrix() {
      const m = await call('compare:matrix', {});
      // Never an older matrix over a newer one (answers of overlapping requests can cross).
      if (!m || m.version < (get().matrix?.version ?? 0)) return;
      const progress = get().matrixProgress;
      set({
        matrix: m,
        matrixTokens: early?.version === m.version ? early : get().matrixTokens?.version === m.version ? get().matrixTokens : null,
        matrixProgress: progress && progress.version > m.version ? progress : null,
      });
      early = null;
      const open = get().matrixCell;
      if (open) await get().openMatrixCell(open.variantId, open.preset);
    },
    async openMatrixCell(variantId, preset) {
      const r = await call('compare:matrixCell', { variantId, preset });
      set({ matrixCell: r ? { variantId, preset, ...r } : null });
    },
    closeMatrixCell() {
      set({ matrixCell: null });
    },
    async approveCells(cells) {
      if (cells.length === 0) return;
      const r = await call('compare:approve', {
        cells: cells.map((c) => ({ variantId: c.variantId, preset: c.preset, promptHash: c.promptHash, storedHash: c.storedHash })),
      });
      if (!r) return;
      if (r.skipped.length > 0)
        get().notify('error', `Not approved: ${r.skipped.map((s) => `${s.variantId} × ${s.preset} (${s.reason})`).join('; ')}`);
      get().announce(`${r.written.length} snapshot${r.written.length === 1 ? '' : 's'} written`);
      await get().loadMatrix();
    },
    applyMatrixTokens(tokens) {
      const shown = get().matrix?.version ?? 0;
      if (shown === tokens.version) set({ matrixTokens: tokens });
      else if (tokens.version > shown) early = tokens;
    },
    applyMatrixProgress(progress) {
      if (progress.version > (get().matrix?.version ?? 0) && progress.version >= (get().matrixProgress?.version ?? 0))
        set({ matrixProgress: progress });
    },
  };
};

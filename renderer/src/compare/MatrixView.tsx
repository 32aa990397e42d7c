import { useEffect } from 'react';
import type { MatrixCellView } from '../../../shared/ipc/contract';
import { formatCount } from '../ui/format';
import { studio, useStudio } from '../store';
import { LineDiff } from './LineDiff';

const SNAPSHOT_LABEL = { same: 'matches', differs: 'differs', missing: 'no snapshot' } as const;
const SAVED_LABEL = { same: 'as saved', differs: 'unsaved change', new: 'new' } as const;

function Cell({ cell, index }: { cell: MatrixCellView; index: number }) {
  const tokens = useStudio((s) => s.matrixTokens?.tokens[index]);
  const over = useStudio((s) => s.matrixTokens?.budgetsOver[index] ?? 0);
  const selected = useStudio((s) => s.matrixCell?.variantId === cell.variantId && s.matrixCell.preset === cell.preset);
  return (
    <td
      className={`matrix-cell ${cell.snapshot}${selected ? ' selected' : ''}`}
      data-testid="matrix-cell"
      data-cell={`${cell.variantId}/${cell.preset}`}
    >
      <button
        className="matrix-open"
        onClick={() => void studio.getState().openMatrixCell(cell.variantId, cell.preset)}
        title="Show the prompt and its diff against the stored snapshot"
      >
        <span>{formatCount(cell.chars)} ch</span>
        <span>{tokens === undefined ? '…' : `${formatCount(tokens)} tok`}</span>
        <span className={`badge ${cell.snapshot === 'same' ? '' : 'warn'}`} data-snapshot={cell.snapshot}>
          {SNAPSHOT_LABEL[cell.snapshot]}
        </span>
        {cell.saved !== 'same' && <span className="badge">{SAVED_LABEL[cell.saved]}</span>}
        {cell.warnings > 0 && (
          <span className="badge error">
            {cell.warnings} warning{cell.warnings === 1 ? '' : 's'}
          </span>
        )}
        {over > 0 && (
          <span className="badge error">
            over {over} budget{over === 1 ? '' : 's'}
          </span>
        )}
      </button>
    </td>
  );
}

function CellDetail({ readOnly }: { readOnly: boolean }) {
  const detail = useStudio((s) => s.matrixCell);
  const matrix = useStudio((s) => s.matrix);
  if (!detail || !matrix) return null;
  const cell = matrix.cells.find((c) => c.variantId === detail.variantId && c.preset === detail.preset);
  const s = studio.getState();
  return (
    <section className="matrix-detail" data-testid="matrix-detail" aria-label={`${detail.variantId} × ${detail.preset}`}>
      <div className="row">
        <h4>
          {detail.variantId} × {detail.preset}
        </h4>
        <span className="muted">
          {matrix.dir}/{detail.variantId}/{detail.preset}.md
        </span>
        <span className="spacer" />
        {cell && cell.snapshot !== 'same' && (
          <button className="small primary" disabled={readOnly} onClick={() => void s.approveCells([cell])} data-testid="approve-cell">
            Approve this prompt
          </button>
        )}
        <button className="small" onClick={() => s.closeMatrixCell()}>
          Close
        </button>
      </div>
      {detail.stored === null ? (
        <>
          <p className="muted">No stored snapshot yet. The prompt:</p>
          <pre className="line-diff">{detail.text}</pre>
        </>
      ) : detail.stored === detail.text ? (
        <p className="muted">The prompt matches its stored snapshot.</p>
      ) : (
        <LineDiff before={detail.stored} after={detail.text} testId="matrix-diff" />
      )}
    </section>
  );
}

/** Every variant x every preset: sizes, warnings, and whether the prompt differs from its stored snapshot and from the last save. */
export function MatrixView() {
  const matrix = useStudio((s) => s.matrix);
  const workspaceVersion = useStudio((s) => s.workspace);
  useEffect(() => {
    void studio.getState().loadMatrix();
  }, [workspaceVersion]);
  if (!matrix) return <p className="muted pad">Building every variant under every preset…</p>;
  const s = studio.getState();
  const pending = matrix.cells.filter((c) => c.snapshot !== 'same');
  const rowCells = (variantId: string) => matrix.cells.filter((c) => c.variantId === variantId && c.snapshot !== 'same');
  return (
    <div className="matrix pad" data-testid="matrix">
      <div className="row">
        <span>
          {matrix.variants.length} variants × {matrix.presets.length} presets; {pending.length} differ from {matrix.dir}/
        </span>
        <span className="spacer" />
        <button className="small" onClick={() => void s.loadMatrix()}>
          Rebuild
        </button>
        <button
          className="small primary"
          disabled={matrix.readOnly || pending.length === 0}
          onClick={() => void s.approveCells(pending)}
          data-testid="approve-all"
        >
          Approve everything ({pending.length})
        </button>
      </div>
      {matrix.readOnly && (
        <p className="muted">The built-in variants are read-only: copy them into a workspace of your own to approve snapshots.</p>
      )}
      <div className="matrix-scroll">
        <table className="grid matrix-table" data-testid="matrix-table">
          <thead>
            <tr>
              <th>variant \ preset</th>
              {matrix.presets.map((p) => (
                <th key={p}>{p}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {matrix.variants.map((v, vi) => (
              <tr key={v} data-variant={v}>
                <th>
                  {v}
                  <button
                    className="link"
                    disabled={matrix.readOnly || rowCells(v).length === 0}
                    onClick={() => void s.approveCells(rowCells(v))}
                    aria-label={`Approve the row ${v}`}
                  >
                    approve row
                  </button>
                </th>
                {matrix.presets.map((p, pi) => {
                  const index = vi * matrix.presets.length + pi;
                  return <Cell key={p} cell={matrix.cells[index]!} index={index} />;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <CellDetail readOnly={matrix.readOnly} />
    </div>
  );
}

import { useEffect, useLayoutEffect, useRef, useState, type RefObject, type UIEvent } from 'react';
import type { MatrixCellView } from '../../../shared/ipc/contract';
import { formatCount } from '../ui/format';
import { studio, useStudio } from '../store';
import { LineDiff } from './LineDiff';
import { matrixInputsKey } from './matrix-inputs';

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

/** Tables of more rows than this render only the rows in view (500 variants x 20 presets took Chromium 4 s to render whole). */
const WINDOW_FROM = 100;
/** Rows rendered above and below the ones in view; rows assumed when the view has no height yet. */
const OVERSCAN = 8;
const ROWS_WITHOUT_HEIGHT = 30;

/** The rows to render of a long table: those in view of its scroll box, and the heights of the rows left out above and below. */
function useRowWindow(rows: number, box: RefObject<HTMLDivElement | null>) {
  const [view, setView] = useState({ top: 0, height: 0 });
  const [rowHeight, setRowHeight] = useState(64);
  const windowed = rows > WINDOW_FROM;
  // The box's height and a row's, measured when laid out (and again when the box is resized).
  useLayoutEffect(() => {
    const el = box.current;
    if (!windowed || !el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const row = el.querySelector<HTMLElement>('tbody tr[data-variant]');
      if (row && row.offsetHeight > 0) setRowHeight(row.offsetHeight);
      setView({ top: el.scrollTop, height: el.clientHeight });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [windowed, box]);
  if (!windowed) return { windowed, first: 0, last: rows, above: 0, below: 0, onScroll: undefined };
  const inView = view.height > 0 ? Math.ceil(view.height / rowHeight) : ROWS_WITHOUT_HEIGHT;
  const first = Math.max(0, Math.min(rows - 1, Math.floor(view.top / rowHeight) - OVERSCAN));
  const last = Math.min(rows, first + inView + 2 * OVERSCAN);
  return {
    windowed,
    first,
    last,
    above: first * rowHeight,
    below: (rows - last) * rowHeight,
    onScroll: (e: UIEvent<HTMLDivElement>) => setView({ top: e.currentTarget.scrollTop, height: e.currentTarget.clientHeight }),
  };
}

function BuildProgress() {
  const progress = useStudio((s) => s.matrixProgress);
  if (!progress) return null;
  return (
    <p className="muted" role="status" data-testid="matrix-progress">
      Building the matrix: {formatCount(progress.done)} of {formatCount(progress.total)} cells…
    </p>
  );
}

/** Every variant x every preset: sizes, warnings, and whether the prompt differs from its stored snapshot and from the last save. */
export function MatrixView() {
  const matrix = useStudio((s) => s.matrix);
  // A newer matrix is building: the one shown may be out of date, so it is dimmed and not approved from.
  const building = useStudio((s) => s.matrixProgress !== null);
  // A new matrix when what it is made from changed, not at every view the host sends.
  const inputs = useStudio((s) => matrixInputsKey(s.workspace));
  useEffect(() => {
    void studio.getState().loadMatrix();
  }, [inputs]);
  const box = useRef<HTMLDivElement>(null);
  const rows = useRowWindow(matrix?.variants.length ?? 0, box);
  if (!matrix)
    return (
      <div className="pad">
        <p className="muted">Building every variant under every preset…</p>
        <BuildProgress />
      </div>
    );
  const s = studio.getState();
  const pending = matrix.cells.filter((c) => c.snapshot !== 'same');
  const width = matrix.presets.length;
  const rowCells = (vi: number) => matrix.cells.slice(vi * width, (vi + 1) * width).filter((c) => c.snapshot !== 'same');
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
          disabled={matrix.readOnly || building || pending.length === 0}
          onClick={() => void s.approveCells(pending)}
          data-testid="approve-all"
        >
          Approve everything ({pending.length})
        </button>
      </div>
      <BuildProgress />
      {matrix.readOnly && (
        <p className="muted">The built-in variants are read-only: copy them into a workspace of your own to approve snapshots.</p>
      )}
      <div
        className={`matrix-scroll${rows.windowed ? ' windowed' : ''}${building ? ' building' : ''}`}
        ref={box}
        onScroll={rows.onScroll}
        aria-busy={building}
      >
        <table className="grid matrix-table" data-testid="matrix-table" aria-rowcount={matrix.variants.length + 1}>
          <thead>
            <tr>
              <th>variant \ preset</th>
              {matrix.presets.map((p) => (
                <th key={p}>{p}</th>
              ))}
              <th>
                <span className="sr-only">approve</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.above > 0 && <tr aria-hidden="true" style={{ height: rows.above }} />}
            {matrix.variants.slice(rows.first, rows.last).map((v, i) => {
              const vi = rows.first + i;
              const approvable = rowCells(vi);
              return (
                <tr key={v} data-variant={v} aria-rowindex={vi + 2}>
                  {/* The row's header is the variant's id alone; its approve button has a cell of its own. */}
                  <th scope="row">{v}</th>
                  {matrix.presets.map((p, pi) => {
                    const index = vi * width + pi;
                    return <Cell key={p} cell={matrix.cells[index]!} index={index} />;
                  })}
                  <td>
                    <button
                      className="link"
                      disabled={matrix.readOnly || building || approvable.length === 0}
                      onClick={() => void s.approveCells(approvable)}
                      aria-label={`Approve the row ${v}`}
                    >
                      Approve the row
                    </button>
                  </td>
                </tr>
              );
            })}
            {rows.below > 0 && <tr aria-hidden="true" style={{ height: rows.below }} />}
          </tbody>
        </table>
      </div>
      <CellDetail readOnly={matrix.readOnly} />
    </div>
  );
}

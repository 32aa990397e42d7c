import { memo, useState } from 'react';
import type { CompareCell, CompareColumnSpec, CompareColumnView } from '../../../shared/ipc/contract';
import { MAX_COMPARE_COLUMNS } from '../../../shared/ipc/limits';
import { formatCount } from '../ui/format';
import { ContextWindowNotice } from '../ui/ContextWindowNotice';
import { useCommitMark } from '../ui/commit-mark';
import { NONE, studio, useStudio, type StudioState } from '../store';
import { useFrameValue } from '../ui/frame-value';
import { BudgetLines } from './BudgetLines';
import { SizeTable } from './SizeTable';
import { columnActions, columnsRunBar, columnsRunRow } from './slots';
import { CellText, CellWordDiff } from './CellWordDiff';

/**
 * No column gets narrower than this (about 40 characters of the cell's 12 px monospace text):
 * where the view has less room, it scrolls sideways (the section names stay at the left).
 * Four columns fit side by side over the whole window at 1440 px.
 */
export const COMPARE_COLUMN_MIN_PX = 320;
/** The section names' column. */
const SECTION_COLUMN_PX = 128;

function specLabel(spec: CompareColumnSpec): string {
  return spec.kind === 'variant' ? spec.variantId : spec.kind === 'model' ? spec.modelId : `profile ${spec.profileId}`;
}

interface HeaderProps {
  view: CompareColumnView;
  index: number;
  count: number;
}

/** The column's size: the one part of its header that changes while typing. */
function ColumnSize({ index }: { index: number }) {
  const chars = useStudio((s) => s.compareResult?.columns[index]?.chars ?? 0);
  const tokens = useStudio((s) => s.compareTokens?.totals[index] ?? null);
  return (
    <span className="muted">
      {formatCount(chars)} chars{tokens !== null ? ` · ${formatCount(tokens)} tok` : ''}
    </span>
  );
}

/** The view without its size (ColumnSize shows that). */
const headerShows = (view: CompareColumnView): string => JSON.stringify({ ...view, chars: undefined });

/** Every result brings new column views: a header renders again only when what it shows changed, not for every keystroke. */
function sameHeader(a: HeaderProps, b: HeaderProps): boolean {
  return a.index === b.index && a.count === b.count && headerShows(a.view) === headerShows(b.view);
}

/** The column's header: what it is, why, its own preset, sizes and budgets; the place for per-column actions. */
const ColumnHeader = memo(function ColumnHeader({ view, index, count }: HeaderProps) {
  const presets = useStudio((s) => s.workspace?.presets ?? NONE);
  const budgets = useStudio((s) => s.compareTokens?.budgets[index] ?? null);
  const contextWindow = useStudio((s) => s.compareTokens?.contextWindows?.[index] ?? null);
  const spec = view.spec;
  // The state at the click, not at the last render (a memoised header may be older than the columns).
  const setPreset = (preset: string) => {
    const columns = [...studio.getState().compareColumns];
    columns[index] = { ...spec, preset: preset || undefined } as CompareColumnSpec;
    studio.getState().setCompareColumns(columns);
  };
  return (
    <div className="compare-col-head" data-testid="compare-column-header" role="columnheader">
      <div className="compare-col-title">
        <strong title={view.label}>{view.label}</strong>
        <span className="compare-col-actions">
          <button
            className="icon"
            aria-label={`Move ${view.label} left`}
            disabled={index === 0}
            onClick={() => studio.getState().moveCompareColumn(index, -1)}
          >
            ◀
          </button>
          <button
            className="icon"
            aria-label={`Move ${view.label} right`}
            disabled={index === count - 1}
            onClick={() => studio.getState().moveCompareColumn(index, 1)}
          >
            ▶
          </button>
          <button className="icon" aria-label={`Remove ${view.label}`} onClick={() => studio.getState().removeCompareColumn(index)}>
            ×
          </button>
        </span>
      </div>
      <div className="muted compare-why" data-testid="compare-why">
        {view.error ? <span className="error">{view.error}</span> : view.why}
      </div>
      <div className="row compare-col-meta">
        <select aria-label={`Preset of ${view.label}`} value={spec.preset ?? ''} onChange={(e) => setPreset(e.target.value)}>
          <option value="">context of the view</option>
          {presets
            .filter((p) => (spec.kind === 'profile' ? true : p.kind === 'variant'))
            .map((p) => (
              <option key={p.name} value={p.name}>
                {p.name}
              </option>
            ))}
        </select>
        <ColumnSize index={index} />
      </div>
      {!view.error && <columnActions.Render column={index} label={view.label} />}
      {budgets && <BudgetLines lines={budgets} compact />}
      <ContextWindowNotice check={contextWindow} compact />
    </div>
  );
}, sameHeader);

/** A cell's text, with what differs from the first column marked (word level): added text highlighted, removed text struck through. */
interface RowProps {
  rowKey: string;
  cells: CompareCell[];
  tokens: (number | null)[] | undefined;
  /** What each cell puts into the prompt, all its uses (the host's section sizes); absent: not counted yet. */
  chars: (number | null)[] | undefined;
}

/** Rows come as new objects with every result: compare what they show, so only changed rows render again while typing. */
function sameRow(a: RowProps, b: RowProps): boolean {
  if (a.rowKey !== b.rowKey || a.cells.length !== b.cells.length) return false;
  for (let i = 0; i < a.cells.length; i++) {
    const x = a.cells[i]!;
    const y = b.cells[i]!;
    if ('text' in x ? !('text' in y) || x.text !== y.text || x.uses !== y.uses : 'text' in y || x.reason !== y.reason) return false;
    if (a.tokens?.[i] !== b.tokens?.[i] || a.chars?.[i] !== b.chars?.[i]) return false;
  }
  return true;
}

/** One aligned section: a cell per column; a column without it keeps a gap of the row's height with the reason. */
const Row = memo(function Row({ rowKey, cells, tokens, chars }: RowProps) {
  const first = cells[0] && 'text' in cells[0] ? cells[0] : null;
  return (
    <div className="compare-row" role="row" data-row={rowKey}>
      <div className="compare-row-key" role="rowheader">
        {rowKey}
      </div>
      {cells.map((cell, i) => (
        <div
          key={i}
          role="cell"
          className={`compare-cell${'text' in cell ? '' : ' gap'}`}
          data-testid={'text' in cell ? 'compare-cell' : 'compare-gap'}
        >
          {'text' in cell ? (
            <>
              <div className="compare-cell-size muted">
                {formatCount(chars?.[i] ?? cell.text.length)} chars
                {tokens?.[i] != null ? ` · ${formatCount(tokens[i]!)} tok` : ''}
                {/* A placeholder the template uses more than once: its value shown once, the sizes count every use. */}
                {cell.uses !== undefined && cell.uses > 1 ? ` · used ${cell.uses}×` : ''}
              </div>
              <pre className="compare-text">
                {i === 0 || !first ? <CellText cell={cell} /> : <CellWordDiff first={first} cell={cell} />}
              </pre>
            </>
          ) : (
            <div className="compare-gap-reason">{cell.reason}</div>
          )}
        </div>
      ))}
    </div>
  );
}, sameRow);

/** Adds a column: a variant, a model id (routed through selection) or a stack profile, with an optional preset. */
function AddColumn() {
  const variants = useStudio((s) => s.workspace?.variants ?? NONE);
  const profiles = useStudio((s) => s.workspace?.profiles ?? NONE);
  const catalog = useStudio((s) => s.modelCatalog);
  const full = useStudio((s) => s.compareColumns.length >= MAX_COMPARE_COLUMNS);
  const [kind, setKind] = useState<'variant' | 'model' | 'profile'>('variant');
  const [value, setValue] = useState('');
  const add = () => {
    const v = value.trim() || (kind === 'variant' ? variants[0]?.id : kind === 'profile' ? profiles[0]?.id : '') || '';
    if (!v) return;
    const column: CompareColumnSpec =
      kind === 'variant' ? { kind, variantId: v } : kind === 'model' ? { kind, modelId: v } : { kind, profileId: v };
    studio.getState().addCompareColumn(column);
    setValue('');
  };
  return (
    <div className="row compare-add" data-testid="compare-add">
      <select aria-label="Column kind" value={kind} onChange={(e) => (setKind(e.target.value as typeof kind), setValue(''))}>
        <option value="variant">variant</option>
        <option value="model">model id</option>
        <option value="profile">stack profile</option>
      </select>
      {kind === 'model' ? (
        <>
          <input
            aria-label="Model id"
            list="compare-model-ids"
            placeholder="gpt-5"
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
          <datalist id="compare-model-ids">
            {catalog
              .flatMap((p) => p.models)
              .map((m) => (
                <option key={m} value={m} />
              ))}
          </datalist>
        </>
      ) : (
        <select aria-label={kind === 'variant' ? 'Variant' : 'Profile'} value={value} onChange={(e) => setValue(e.target.value)}>
          {(kind === 'variant' ? variants.map((v) => v.id) : profiles.map((p) => p.id)).map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </select>
      )}
      <button className="small" disabled={full} onClick={add} title={full ? `At most ${MAX_COMPARE_COLUMNS} columns` : undefined}>
        Add column
      </button>
    </div>
  );
}

/** Columns side by side: sections aligned by component id, differences against the first column, one scroll for all. */
const compareResultOf = (s: StudioState): StudioState['compareResult'] => s.compareResult;

export function ColumnsView() {
  // One render per frame, however many results came in it.
  const result = useFrameValue(studio, compareResultOf);
  const tokens = useStudio((s) => s.compareTokens);
  const columns = useStudio((s) => s.compareColumns);
  useCommitMark('commit:compare', result);
  const n = result?.columns.length ?? 0;
  const grid = {
    gridTemplateColumns: `${SECTION_COLUMN_PX}px repeat(${Math.max(n, 1)}, minmax(${COMPARE_COLUMN_MIN_PX}px, 1fr))`,
  };
  return (
    <div className="compare-columns" data-testid="compare-columns">
      <AddColumn />
      <columnsRunBar.Render />
      {columns.length === 0 && <p className="muted">No columns: add a variant, a model id or a profile.</p>}
      {result && n > 0 && (
        <div className="compare-scroll" data-testid="compare-scroll">
          <div className="compare-grid" role="table" aria-label="Sections side by side" style={grid}>
            <div className="compare-head-row" role="row">
              <div className="compare-row-key" role="columnheader">
                section
              </div>
              {result.columns.map((view, i) => (
                <ColumnHeader key={`${i}:${specLabel(view.spec)}`} view={view} index={i} count={n} />
              ))}
            </div>
            <columnsRunRow.Render columns={n} />
            {result.rows.map((row, r) => (
              <Row key={row.key} rowKey={row.key} cells={row.cells} tokens={tokens?.rows[r]} chars={tokens?.chars?.[r]} />
            ))}
          </div>
          <SizeTable />
        </div>
      )}
    </div>
  );
}

import { studio, useStudio } from '../store';
import type { StudioState } from '../store/types';
import { columnPlace, columnRunRequests, type RunRequestOf } from '../store/run/playground-slice';
import { RunChecks } from './RunChecks';
import { ConnectionPick, MessageInput, SendButton } from './RunInputs';
import { RunResult } from './RunResult';
import './run.css';

/** The place of a built column (null when the column did not build). */
function placeOf(s: StudioState, column: number): string | null {
  const view = s.compareResult?.columns[column];
  return view && !view.error ? columnPlace(view.spec) : null;
}

function requestOf(column: number): RunRequestOf | null {
  const s = studio.getState();
  const view = s.compareResult?.columns[column];
  if (!view || view.error) return null;
  return { column: view.spec, context: s.contextSpec(), label: view.label };
}

/** The first column's finished reply: the others show their differences from it. */
function baseReply(s: StudioState, column: number): string | null {
  if (column === 0) return null;
  const first = placeOf(s, 0);
  const slot = first ? s.runs[first] : undefined;
  return slot?.state === 'done' && slot.record?.result.status === 'ok' ? slot.reply.text : null;
}

/** A compare column's Run: its own connection and Send, its reply (with its differences from the first column's). */
export function ColumnRun({ column, label }: { column: number; label: string }) {
  const place = useStudio((s) => placeOf(s, column));
  const slot = useStudio((s) => (place ? s.runs[place] : undefined));
  const base = useStudio((s) => baseReply(s, column));
  const estimate = useStudio((s) => s.compareTokens?.totals[column] ?? null);
  if (!place) return null;
  const send = () => {
    const r = requestOf(column);
    if (r) void studio.getState().sendRun(place, r);
  };
  return (
    <div className="column-run" data-testid="column-run" aria-label={`Run of ${label}`} role="group">
      <div className="row">
        <ConnectionPick place={place} label={label} />
        <SendButton place={place} label={label} onSend={send} />
      </div>
      {slot && <RunResult slot={slot} base={base} />}
      <details className="column-run-checks">
        <summary>Checks</summary>
        <RunChecks place={place} request={() => requestOf(column)} estimate={estimate} />
      </details>
    </div>
  );
}

/** Above the columns: the message every column sends, Send to all, Cancel all. */
export function ColumnsRunBar() {
  const columns = useStudio((s) => columnRunRequests(s).length);
  const running = useStudio((s) => Object.values(s.runs).some((r) => r.state === 'running'));
  const sendAll = () => void studio.getState().sendAllColumns();
  return (
    <div className="columns-run-bar" data-testid="columns-run-bar">
      <MessageInput onSend={sendAll} />
      <div className="row">
        <button className="small primary" disabled={columns === 0} onClick={sendAll} data-testid="run-send-all">
          Send to every column
        </button>
        <button className="small" disabled={!running} onClick={() => void studio.getState().cancelAllRuns()}>
          Cancel all
        </button>
        <span className="muted">Each column sends its own exact request to its own connection.</span>
      </div>
    </div>
  );
}

/** The run row of the compare grid: a key cell, then each column's Run (its grid's columns, in order). */
export function ColumnsRunRow({ columns }: { columns: number }) {
  const labels = useStudio((s) => (s.compareResult?.columns ?? []).map((c) => (c.error ? '' : c.label)).join('\u0000'));
  const list = labels.split('\u0000');
  return (
    <div className="run-grid-row" role="row" data-testid="compare-run-row">
      <div className="run-grid-key" role="rowheader">
        run
      </div>
      {Array.from({ length: columns }, (_, i) => (
        <div key={i} role="cell" className="run-grid-cell">
          {list[i] ? <ColumnRun column={i} label={list[i]} /> : <p className="muted">not built: nothing to send</p>}
        </div>
      ))}
    </div>
  );
}

import { useEffect, useMemo } from 'react';
import { formatCost } from '../../../shared/wire/prices';
import type { EvalCellView, RunMode } from '../../../shared/wire/run-result';
import { formatCount } from '../ui/format';
import { FullScreenView } from '../ui/FullScreenView';
import { studio, useStudio } from '../store';
import { AssertionList, ReplyText, RequestDetails, ToolCallList, UsageLine } from './ReplyParts';
import './run.css';

const MODES: [RunMode, string][] = [
  ['replay', 'Replay recordings (offline)'],
  ['record', 'Call the models and record the replies'],
  ['live', 'Call the models (no recording)'],
];

/** What a cell says in the matrix. */
export function cellVerdict(cell: EvalCellView): { text: string; kind: string } {
  if (cell.pass === true) return { text: '✓ pass', kind: 'pass' };
  switch (cell.status) {
    case 'ok':
      return { text: '✗ fail', kind: 'fail' };
    case 'needs-recording':
      return { text: 'needs recording', kind: 'needs-recording' };
    case 'build-failed':
      return { text: '✗ build failed', kind: 'fail' };
    case 'error':
      return { text: '✗ error', kind: 'fail' };
    case 'cancelled':
      return { text: 'cancelled', kind: 'skipped' };
    case 'not-sent':
      return { text: 'not sent', kind: 'skipped' };
  }
}

function seconds(ms: number): string {
  return ms < 60_000 ? `${Math.ceil(ms / 1000)} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

function Progress() {
  const run = useStudio((s) => s.evalRun);
  if (!run) return null;
  const p = run.progress;
  const summary = run.summary;
  return (
    <div className="eval-progress" data-testid="eval-progress" aria-live="polite">
      {p && <progress max={Math.max(1, p.total)} value={p.done} aria-label="Cells done" />}
      {p && (
        <span>
          {formatCount(p.done)} / {formatCount(p.total)} cells · {formatCount(p.tokens)} tokens · {formatCost(p.spentUsd)} spent
          {run.running && p.remainingMs !== null && ` · about ${seconds(p.remainingMs)} left`}
          {!run.running && ` · ${seconds(p.elapsedMs)}`}
        </span>
      )}
      {run.running && !p && <span className="muted">starting…</span>}
      {run.cancelling && run.running && <span className="muted"> · cancelling…</span>}
      {summary && (
        <strong data-testid="eval-summary">
          {' '}
          {summary.passed} passed · {summary.failed} failed · {summary.errors} errors · {summary.needsRecording} need recording
          {summary.notRun ? ` · ${summary.notRun} not run` : ''}
          {summary.cancelled ? ' (cancelled)' : ''}
        </strong>
      )}
      {run.error && (
        <p className="error" role="alert" data-testid="eval-error">
          {run.error}
        </p>
      )}
    </div>
  );
}

/** The pass/fail matrix: a row per test, a column per column (and connection); a cell opens its request, reply and verdicts. */
function Matrix() {
  const cells = useStudio((s) => s.evalRun?.cells);
  const opened = useStudio((s) => s.evalCell);
  const { tests, columns, byKey } = useMemo(() => {
    const list = cells ?? [];
    const t: string[] = [];
    const c: string[] = [];
    const map = new Map<string, EvalCellView>();
    for (const cell of list) {
      if (!t.includes(cell.test)) t.push(cell.test);
      if (!c.includes(cell.column)) c.push(cell.column);
      map.set(`${cell.test}\u0000${cell.column}`, cell);
    }
    return { tests: t, columns: c, byKey: map };
  }, [cells]);
  if (!cells?.length) return null;
  return (
    <table className="eval-matrix" data-testid="eval-matrix">
      <thead>
        <tr>
          <th scope="col">test</th>
          {columns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {tests.map((t) => (
          <tr key={t}>
            <th scope="row">{t}</th>
            {columns.map((c) => {
              const cell = byKey.get(`${t}\u0000${c}`);
              if (!cell) return <td key={c} className="muted" />;
              const verdict = cellVerdict(cell);
              return (
                <td key={c}>
                  <button
                    className={`eval-cell ${verdict.kind}${opened === cell.id ? ' open' : ''}`}
                    data-testid="eval-cell"
                    data-status={verdict.kind}
                    aria-pressed={opened === cell.id}
                    aria-label={`${t} on ${c}: ${verdict.text}`}
                    onClick={() => studio.getState().openEvalCell(opened === cell.id ? null : cell.id)}
                  >
                    {verdict.text}
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function recordingNote(cell: EvalCellView): string | null {
  const r = cell.result?.recording;
  if (!r) return null;
  if ('missing' in r)
    return `No recording of this exact request${
      r.stale ? ` (${r.stale} recording${r.stale === 1 ? '' : 's'} of this test and column no longer match: the request changed)` : ''
    }: record it to replay it offline.`;
  return r.written ? `Recorded to ${r.file}.` : `Replayed from ${r.file}.`;
}

/** The opened cell's request: its body comes from the host when the cell opens. */
function CellRequest({ url }: { url: string }) {
  const loaded = useStudio((s) => (s.evalCellRequest?.cellId === s.evalCell ? s.evalCellRequest : null));
  if (loaded?.request) return <RequestDetails url={loaded.request.url} body={loaded.request.body} open />;
  return (
    <p className={loaded?.error ? 'error' : 'muted'} data-testid="eval-cell-request">
      {loaded?.error ?? `Loading the request sent to ${url}…`}
    </p>
  );
}

function CellDetail() {
  const cell = useStudio((s) => s.evalRun?.cells.find((c) => c.id === s.evalCell) ?? null);
  if (!cell) return null;
  const verdict = cellVerdict(cell);
  const note = recordingNote(cell);
  return (
    <section className="eval-cell-detail" aria-label={`Cell ${cell.id}`} data-testid="eval-cell-detail">
      <header className="row">
        <h3>{cell.id}</h3>
        <span className={`badge ${verdict.kind === 'fail' ? 'error' : ''}`}>{verdict.text}</span>
        <span className="spacer" />
        <button className="icon" aria-label="Close the cell" onClick={() => studio.getState().openEvalCell(null)}>
          ×
        </button>
      </header>
      {cell.message && (
        <p className={cell.status === 'needs-recording' ? 'warn-text' : 'error'} role="alert" data-testid="eval-cell-message">
          {cell.message}
        </p>
      )}
      {note && <p className="muted">{note}</p>}
      <AssertionList results={cell.assertions} />
      {cell.result && (
        <>
          <h4>Reply</h4>
          <ReplyText text={cell.result.reply.text} testId="eval-reply" />
          <ToolCallList calls={cell.result.toolCalls} />
          <UsageLine
            usage={cell.result.reply.usage}
            latencyMs={cell.result.latencyMs}
            cost={cell.result.cost}
            attempts={cell.result.attempts}
          />
        </>
      )}
      {cell.request && <CellRequest url={cell.request.url} />}
    </section>
  );
}

function Tests() {
  const tests = useStudio((s) => s.evalTests);
  const skipped = useStudio((s) => s.evalSkipped);
  if (!tests) return <p className="muted">Loading the tests…</p>;
  return (
    <div className="eval-tests" data-testid="eval-tests">
      <h3>Tests</h3>
      {tests.tests.length === 0 && <p className="muted">No tests: add tests/&lt;id&gt;.yaml to the workspace (see docs/run.md).</p>}
      <ul>
        {tests.tests.map((t) => (
          <li key={t.id}>
            <label>
              <input type="checkbox" checked={!skipped.includes(t.id)} onChange={() => studio.getState().toggleEvalTest(t.id)} />
              {t.id}
              <span className="muted">
                {' '}
                · {t.cells} cell{t.cells === 1 ? '' : 's'}
                {t.description ? ` · ${t.description}` : ''}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {tests.problems.length > 0 && (
        <ul className="eval-problems" data-testid="eval-problems">
          {tests.problems.map((p) => (
            <li key={p.file} className="error">
              {p.file}: {p.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Controls() {
  const mode = useStudio((s) => s.evalMode);
  const concurrency = useStudio((s) => s.evalConcurrency ?? s.connections?.concurrency ?? 4);
  const running = useStudio((s) => s.evalRun?.running === true);
  const cancelling = useStudio((s) => s.evalRun?.cancelling === true);
  // A string: a fresh list per call would render again forever.
  const missingKey = useStudio((s) =>
    [...new Set((s.evalRun?.cells ?? []).filter((c) => c.status === 'needs-recording').map((c) => c.test))].join('\u0000'),
  );
  const missing = useMemo(() => (missingKey ? missingKey.split('\u0000') : []), [missingKey]);
  const readOnly = useStudio((s) => s.workspace?.readOnly === true);
  const st = studio.getState();
  return (
    <div className="eval-controls">
      <label>
        Mode{' '}
        <select aria-label="Eval mode" value={mode} onChange={(e) => st.setEvalMode(e.target.value as RunMode)} disabled={running}>
          {MODES.map(([m, label]) => (
            <option key={m} value={m} disabled={m === 'record' && readOnly}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Requests at once{' '}
        <input
          className="small-input"
          type="number"
          min={1}
          max={32}
          aria-label="Requests at once"
          value={concurrency}
          disabled={running}
          onChange={(e) => {
            const n = Number(e.target.value);
            st.setEvalConcurrency(Number.isInteger(n) && n >= 1 && n <= 32 ? n : null);
          }}
        />
      </label>
      {running ? (
        <button className="small" disabled={cancelling} onClick={() => void st.cancelEval()} data-testid="eval-cancel">
          {cancelling ? 'Cancelling…' : 'Cancel'}
        </button>
      ) : (
        <button className="small primary" onClick={() => void st.startEval()} data-testid="eval-start">
          Run the tests
        </button>
      )}
      {!running && missing.length > 0 && (
        <button
          className="small"
          disabled={readOnly}
          title={
            readOnly
              ? 'The built-in workspace is read-only: copy it to record replies'
              : 'Call the models for these tests and record their replies'
          }
          onClick={() => void st.startEval({ mode: 'record', tests: missing })}
          data-testid="eval-record-missing"
        >
          Record the missing
        </button>
      )}
      <button className="small" onClick={() => st.openConnections(true)}>
        Models…
      </button>
    </div>
  );
}

/** The eval view: the workspace's tests × their columns, with progress, cancel, and a pass/fail matrix. */
export function EvalView() {
  // Tests are workspace files: list them again when the workspace changes (a saved test, another workspace).
  useEffect(
    () =>
      studio.subscribe((s, prev) => {
        if (s.workspace !== prev.workspace && !s.evalRun?.running) void studio.getState().loadEvalTests();
      }),
    [],
  );
  return (
    <FullScreenView
      title="Eval: the workspace’s tests"
      label="Eval: the workspace's tests"
      testId="eval-view"
      className="eval-view"
      onClose={() => studio.getState().openEval(false)}
      closeTestId="eval-close"
    >
      <div className="eval-view-body">
        <aside className="eval-view-side">
          <Tests />
        </aside>
        <div className="eval-view-main">
          <Controls />
          <Progress />
          <Matrix />
          <CellDetail />
        </div>
      </div>
    </FullScreenView>
  );
}

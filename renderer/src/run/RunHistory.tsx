import { formatCost } from '../../../shared/wire/prices';
import { studio, useStudio } from '../store';
import { ReplyText, RequestDetails, ToolCallList, UsageLine } from './ReplyParts';

/** Earlier runs (the user-data folder's, newest first): open one, or two side by side with the second's differences. */
export function RunHistory() {
  const history = useStudio((s) => s.runHistory);
  const opened = useStudio((s) => s.openedRuns);
  return (
    <details
      className="run-history"
      data-testid="run-history"
      onToggle={(e) => {
        if ((e.target as HTMLDetailsElement).open) void studio.getState().loadRunHistory();
      }}
    >
      <summary>Earlier runs</summary>
      {history && history.length === 0 && <p className="muted">No earlier runs yet.</p>}
      {history && history.length > 0 && (
        <ul className="run-history-list">
          {history.map((h) => {
            const isOpen = opened.some((r) => r.id === h.id);
            return (
              <li key={h.id}>
                <button
                  className={`link${isOpen ? ' on' : ''}`}
                  aria-pressed={isOpen}
                  onClick={() => (isOpen ? studio.getState().closeEarlierRun(h.id) : void studio.getState().openEarlierRun(h.id))}
                  title={isOpen ? 'Close it' : 'Open it (two open runs are shown side by side)'}
                >
                  {new Date(h.at).toLocaleString()} · {h.label} · {h.connection} · {h.model} · {h.status}
                  {h.cost !== null ? ` · ${formatCost(h.cost)}` : ''}
                </button>
                <span className="muted"> {h.preview}</span>
              </li>
            );
          })}
        </ul>
      )}
      {opened.length > 0 && (
        <div className="run-opened" data-testid="run-opened" style={{ gridTemplateColumns: `repeat(${opened.length}, minmax(0, 1fr))` }}>
          {opened.map((r, i) => (
            <section key={r.id} className="run-opened-one" aria-label={`Earlier run ${r.label}`}>
              <header className="row">
                <strong>
                  {r.label} · {r.connection} · {new Date(r.at).toLocaleString()}
                </strong>
                <button
                  className="icon"
                  aria-label={`Close the earlier run ${r.label}`}
                  onClick={() => studio.getState().closeEarlierRun(r.id)}
                >
                  ×
                </button>
              </header>
              <ReplyText text={r.result.reply.text} base={i > 0 ? opened[0]!.result.reply.text : null} testId="run-opened-reply" />
              {r.result.message && <p className="error">{r.result.message}</p>}
              <ToolCallList calls={r.result.toolCalls} />
              <UsageLine usage={r.result.reply.usage} latencyMs={r.result.latencyMs} cost={r.result.cost} attempts={r.result.attempts} />
              <RequestDetails url={r.request.url} body={r.request.body} />
            </section>
          ))}
        </div>
      )}
    </details>
  );
}

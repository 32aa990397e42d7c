import { useEffect, useState } from 'react';
import { parseModelIds } from '../../../shared/engine/routing/model-ids';
import { studio, useStudio } from '../store';

/** The editable list of current model ids per provider; a click on an id adds it as a compare column. */
function ModelCatalog() {
  const catalog = useStudio((s) => s.modelCatalog);
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const s = studio.getState();
  const openAsColumn = (modelId: string, providerId: string) => {
    s.addCompareColumn({ kind: 'model', modelId, providerId });
    s.setCompareTab('columns');
  };
  return (
    <section className="model-catalog" data-testid="model-catalog">
      <div className="row">
        <h4>Current model ids</h4>
        <button className="small" onClick={() => s.setRoutingText(catalog.flatMap((p) => p.models).join('\n'))}>
          Route them all
        </button>
        <button className="small" onClick={() => s.resetCatalog()}>
          Reset the list
        </button>
      </div>
      {catalog.map((p) => (
        <div key={p.providerId} className="catalog-provider" data-provider={p.providerId}>
          <strong>{p.provider}</strong> <span className="muted">({p.providerId})</span>
          {editing === p.providerId ? (
            <div className="row">
              <textarea aria-label={`Model ids of ${p.provider}`} rows={3} value={draft} onChange={(e) => setDraft(e.target.value)} />
              <button className="small" onClick={() => (s.setCatalogModels(p.providerId, draft), setEditing(null))}>
                Keep
              </button>
              <button className="small" onClick={() => setEditing(null)}>
                Cancel
              </button>
            </div>
          ) : (
            <>
              <button
                className="link"
                aria-label={`Edit the model ids of ${p.provider}`}
                onClick={() => (setEditing(p.providerId), setDraft(p.models.join('\n')))}
              >
                edit
              </button>
              <div className="chips">
                {p.models.map((m) => (
                  <button key={m} className="chip" title="Open as a compare column" onClick={() => openAsColumn(m, p.providerId)}>
                    {m}
                  </button>
                ))}
              </div>
            </>
          )}
        </div>
      ))}
    </section>
  );
}

const VERDICT: Record<string, string> = { match: '✓', 'no-match': '✗', invalid: '!', 'no-matcher': '–', 'not-tried': '·' };

/** Model ids -> variants: the deciding clause, every matcher's verdict, fall-through and shadowed matchers flagged. */
export function RoutingView() {
  const text = useStudio((s) => s.routingText);
  const routing = useStudio((s) => s.routing);
  // The list as it stands is routed when the view opens, and again under another context or workspace.
  const contextKey = useStudio((s) => JSON.stringify(s.contextSpec()));
  const workspace = useStudio((s) => s.workspace);
  useEffect(() => {
    void studio.getState().runRouting();
  }, [contextKey, workspace]);
  const [showList, setShowList] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const s = studio.getState();
  const ids = parseModelIds(text);
  const shadowed = new Map((routing?.shadowed ?? []).map((x) => [x.variantId, x]));
  return (
    <div className="routing pad" data-testid="routing">
      <div className="row">
        <textarea
          aria-label="Model ids to route"
          className="wide-input"
          rows={3}
          value={text}
          onChange={(e) => s.setRoutingText(e.target.value)}
          placeholder="claude-sonnet-4 gpt-5 o3 — separated by commas, spaces or newlines"
        />
        <div className="stack">
          <button className="small primary" onClick={() => void s.runRouting()} data-testid="route">
            Route {ids.length} id{ids.length === 1 ? '' : 's'}
          </button>
          <button className={`small toggle${showList ? ' on' : ''}`} aria-pressed={showList} onClick={() => setShowList(!showList)}>
            Model list
          </button>
        </div>
      </div>
      {showList && <ModelCatalog />}
      {routing && (
        <>
          {routing.shadowed.length > 0 && (
            <ul className="warnings-list" data-testid="shadowed">
              {routing.shadowed.map((x) => (
                <li key={x.variantId} className="warn">
                  {x.variantId} can never win: {x.reason}
                </li>
              ))}
            </ul>
          )}
          <table className="grid" data-testid="routing-table">
            <thead>
              <tr>
                <th>Model id</th>
                <th>Variant</th>
                <th>Decided by</th>
                <th>Matchers tried</th>
              </tr>
            </thead>
            <tbody>
              {routing.rows.map((r) => (
                <tr key={r.modelId} data-model={r.modelId}>
                  <td className="mono">
                    <button
                      className="link"
                      title="Open as a compare column"
                      onClick={() => (
                        s.addCompareColumn({ kind: 'model', modelId: r.modelId, providerId: r.providerId }),
                        s.setCompareTab('columns')
                      )}
                    >
                      {r.modelId}
                    </button>
                    <div className="muted" title={`provider: ${r.providerRule}`}>
                      {r.providerId}
                    </div>
                  </td>
                  <td>
                    {r.variantId ?? '—'}
                    {r.via === 'fallback' && (
                      <span className="badge warn" title="No matcher claimed this id">
                        fell through
                      </span>
                    )}
                  </td>
                  <td>{r.decidedBy}</td>
                  <td>
                    <button
                      className="link"
                      aria-expanded={open === r.modelId}
                      onClick={() => setOpen(open === r.modelId ? null : r.modelId)}
                    >
                      {r.steps.map((st) => `${VERDICT[st.verdict] ?? '?'}${st.variantId}`).join(' ')}
                    </button>
                    {open === r.modelId && (
                      <ul className="steps">
                        {r.steps.map((st) => (
                          <li key={st.variantId} className={st.verdict}>
                            <strong>{st.variantId}</strong> {st.verdict}: {st.explanation}
                            {shadowed.has(st.variantId) && <span className="badge warn">can never win</span>}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}

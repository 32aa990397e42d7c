import { useState } from 'react';
import { describeBaseline } from '../store/diff-slice';
import { parseModelIds } from '../../../shared/engine/routing/model-ids';
import { studio, useStudio } from '../store';

/** Baselines to diff against (pinned snapshots) and which variant each model would get. */
export function ComparePanel() {
  const snapshots = useStudio((s) => s.snapshots);
  const choice = useStudio((s) => s.baselineChoice);
  const diffOn = useStudio((s) => s.diffOn);
  const explanations = useStudio((s) => s.explanations);
  const [name, setName] = useState('');
  const [models, setModels] = useState('claude-sonnet-4, gpt-5, gemini-3-pro, qwen3-coder');
  return (
    <div className="compare pad" data-testid="compare">
      <section>
        <button className="small primary" onClick={() => studio.getState().openCompare('columns')}>
          Open the compare view
        </button>
      </section>
      <section>
        <h3>Baseline</h3>
        <p>
          The diff {diffOn ? 'compares' : 'will compare'} with <strong>{describeBaseline(choice)}</strong>. Pick another variant or preset
          in the preview’s baseline menu, or pin the prompt as it is now:
        </p>
        <div className="row">
          <input aria-label="Snapshot name" placeholder="before-my-change" value={name} onChange={(e) => setName(e.target.value)} />
          <button
            className="small"
            disabled={!name.trim()}
            onClick={() =>
              void studio
                .getState()
                .pinSnapshot(name.trim())
                .then((ok) => {
                  if (ok) {
                    setName('');
                    studio.getState().toggleDiff(true);
                  }
                })
            }
          >
            Pin the current prompt
          </button>
        </div>
        {snapshots.length > 0 && (
          <ul>
            {snapshots.map((n) => (
              <li key={n}>
                <button className="link" onClick={() => studio.getState().setBaselineChoice({ kind: 'snapshot', name: n })}>
                  {n}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section>
        <h3>Which variant serves which model</h3>
        <p className="muted">Model ids separated by commas, spaces or newlines.</p>
        <div className="row">
          <input aria-label="Model ids" className="wide-input" value={models} onChange={(e) => setModels(e.target.value)} />
          <button className="small" onClick={() => void studio.getState().explainSelection(parseModelIds(models))}>
            Explain
          </button>
          <button
            className="small"
            onClick={() => (
              studio.getState().setRoutingText(models),
              studio.getState().openCompare('routing'),
              void studio.getState().runRouting()
            )}
          >
            Open the routing table
          </button>
        </div>
        {explanations && (
          <table className="grid">
            <thead>
              <tr>
                <th>Model</th>
                <th>Variant</th>
                <th>Why</th>
              </tr>
            </thead>
            <tbody>
              {explanations.map((e) => (
                <tr key={e.modelId}>
                  <td className="mono">{e.modelId}</td>
                  <td>{e.variantId ?? '—'}</td>
                  <td>{e.summary}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

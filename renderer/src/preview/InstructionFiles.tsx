import { useMemo } from 'react';
import { useStudio } from '../store';
import { instructionFilesView, type LookupTone } from './instruction-files';
import { stackResultOf } from '../store/preview-slice';
import './instruction-files.css';

/** A mark per tone, so refused and switched-off rows differ by more than colour. */
const MARKS: Record<LookupTone, string> = { used: '✓', 'not-granted': '⊘', disabled: '○', skipped: '–' };

/**
 * The "why (not)" of a stack build: which instruction files were looked for, in which
 * folders, which were used, and why each of the others was skipped.
 */
export function InstructionFiles() {
  const discovery = useStudio((s) => stackResultOf(s.preview)?.instructions);
  const view = useMemo(() => (discovery ? instructionFilesView(discovery) : null), [discovery]);
  if (!view) return null;
  return (
    <div className="instruction-files pad" data-testid="instruction-files">
      <dl className="instruction-walk" data-testid="instruction-walk">
        <dt>Working folder</dt>
        <dd className="mono">{view.cwd}</dd>
        <dt>Worktree root</dt>
        <dd>
          <span className="mono">{view.worktreeRoot}</span> <span className="muted">— {view.worktreeFrom}</span>
        </dd>
        <dt>Git repository</dt>
        <dd>{view.isGitRepo ? 'yes' : 'no'}</dd>
        <dt>Folders walked (nearest first)</dt>
        <dd>
          <ol className="walk mono">
            {view.walk.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ol>
        </dd>
        <dt>Project file name that won</dt>
        <dd className="mono">{view.winner ?? <span className="muted">none found</span>}</dd>
      </dl>
      {view.groups.map((g) => (
        <section key={g.layer} className="lookup-group" data-layer={g.layer} aria-label={g.title}>
          <h3>
            {g.title}{' '}
            <span className="muted">
              {g.used} used of {g.rows.length} looked at
            </span>
          </h3>
          <ol className="lookups">
            {g.rows.map((r, i) => (
              <li key={i} className={`lookup ${r.tone}`} data-status={r.status} data-tone={r.tone}>
                <span className="lookup-status" title={r.status}>
                  <span aria-hidden="true">{MARKS[r.tone]}</span> {r.statusText}
                </span>
                <span className="lookup-what mono">
                  {r.what}
                  {r.entry !== null && <span className="muted"> [{r.entry}]</span>}
                </span>
                <span className="lookup-reason">{r.reason}</span>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

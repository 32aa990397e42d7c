import { useState } from 'react';
import type { CheckFinding } from '../../../shared/ipc/contract';
import { NONE, useStudio } from '../store';
import { openAt } from '../store/open-at';

const ICON: Record<CheckFinding['severity'], string> = { error: '⛔', warning: '⚠', info: 'ℹ' };
const RANK: Record<CheckFinding['severity'], number> = { error: 0, warning: 1, info: 2 };

function where(f: CheckFinding): string {
  return f.line !== undefined ? `${f.file}:${f.line}:${f.column ?? 1}` : f.file;
}

/** The count on the Problems tab: errors and warnings (notes are listed, not counted). */
export function ProblemCount() {
  const n = useStudio((s) => (s.findings ?? NONE).filter((f) => f.severity !== 'info').length);
  return n > 0 ? <span className="count"> {n}</span> : null;
}

/**
 * What `variant-studio check --strict` reports for the open workspace as edited, refreshed a
 * moment after each change; each entry opens its file at its line and column.
 */
export function ProblemsPanel() {
  const findings = useStudio((s) => s.findings);
  const [notes, setNotes] = useState(true);
  if (findings === null) return <p className="muted pad">Checking the workspace…</p>;
  // Errors first, then warnings, then notes (each in the check's order).
  const shown = [...(notes ? findings : findings.filter((f) => f.severity !== 'info'))].sort((a, b) => RANK[a.severity] - RANK[b.severity]);
  const count = (sev: CheckFinding['severity']) => findings.filter((f) => f.severity === sev).length;
  return (
    <div className="problems-panel pad" data-testid="problems-panel">
      <div className="row">
        <span>
          {count('error')} error(s), {count('warning')} warning(s), {count('info')} note(s) — as <code>variant-studio check --strict</code>{' '}
          reports them for the workspace as edited.
        </span>
        <label>
          <input type="checkbox" checked={notes} onChange={(e) => setNotes(e.target.checked)} /> notes
        </label>
      </div>
      {shown.length === 0 && <p className="muted">No problems.</p>}
      <ul className="findings">
        {shown.map((f, i) => (
          <li key={`${i}:${f.code}:${where(f)}`} className={`finding ${f.severity}`}>
            <button className="link" onClick={() => void openAt(f.file, f.line, f.column)} title="Open at this position">
              <span aria-label={f.severity}>{ICON[f.severity]}</span> <span className="where">{where(f)}</span>{' '}
              <span className="code">{f.code}</span> {f.message}
              {f.preset && <span className="muted"> [preset {f.preset}]</span>}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

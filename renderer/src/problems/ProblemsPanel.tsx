import { useState } from 'react';
import type { CheckFinding } from '../../../shared/ipc/contract';
import { NONE, useStudio } from '../store';
import { FindingGroupItem, RANK } from './FindingGroupItem';

/** The count on the Problems tab: errors and warnings (notes are listed, not counted). */
export function ProblemCount() {
  const n = useStudio((s) => (s.findings ?? NONE).filter((f) => f.severity !== 'info').length);
  return n > 0 ? <span className="count"> {n}</span> : null;
}

/**
 * What `variant-studio check --strict` reports for the open workspace as edited, refreshed a
 * moment after each change, grouped as the CLI prints it: findings that say the same at the
 * same place are one entry with a count, naming the variants (and presets) they arise in and
 * what to change. Each entry opens its file at its line and column.
 */
export function ProblemsPanel() {
  const findings = useStudio((s) => s.findings);
  const groups = useStudio((s) => s.findingGroups);
  const [notes, setNotes] = useState(true);
  if (findings === null) return <p className="muted pad">Checking the workspace…</p>;
  // A host that sends no groups: each finding is a group of one.
  const all =
    groups ??
    findings.map((f) => ({ ...f, count: 1, occurrences: [{ variantId: f.variantId, preset: f.preset, detail: f.detail, fix: f.fix }] }));
  // Errors first, then warnings, then notes (each in the check's order).
  const shown = (notes ? all : all.filter((g) => g.severity !== 'info')).slice().sort((a, b) => RANK[a.severity] - RANK[b.severity]);
  const count = (sev: CheckFinding['severity']) => findings.filter((f) => f.severity === sev).length;
  const grouped = all.length < findings.length ? `, in ${all.length} entries` : '';
  return (
    <div className="problems-panel pad" data-testid="problems-panel">
      <div className="row">
        <span>
          {count('error')} error(s), {count('warning')} warning(s), {count('info')} note(s){grouped} — as{' '}
          <code>variant-studio check --strict</code> reports them for the workspace as edited.
        </span>
        <label>
          <input type="checkbox" checked={notes} onChange={(e) => setNotes(e.target.checked)} /> notes
        </label>
      </div>
      {shown.length === 0 && <p className="muted">No problems.</p>}
      <ul className="findings">
        {shown.map((g, i) => (
          <FindingGroupItem key={`${i}:${g.code}:${g.file}:${g.line ?? ''}`} group={g} />
        ))}
      </ul>
    </div>
  );
}

import { useEffect, useMemo } from 'react';
import type { CacheRangeView } from '../../../shared/ipc/contract';
import { ALL_VOLATILE_FIELDS, describeField } from '../../../shared/engine/volatility/volatile-fields';
import { formatCount } from '../ui/format';
import { studio, useStudio } from '../store';
import { LineDiff } from './LineDiff';
import { openLocation } from './open-location';

function Where({ range }: { range: CacheRangeView }) {
  const loc = range.location;
  if (!loc) return <span className="muted">{'label' in range.origin ? range.origin.label : range.origin.kind}</span>;
  return (
    <button className="link" onClick={() => void openLocation(loc)} title={`Open ${loc.file}${loc.line ? ` at line ${loc.line}` : ''}`}>
      {loc.label} ({loc.file}
      {loc.line ? `:${loc.line}` : ''})
    </button>
  );
}

/** The prompt with the cacheable prefix shaded and every volatile range marked with its cause. */
function MarkedPrompt({ text, ranges, prefix }: { text: string; ranges: readonly CacheRangeView[]; prefix: number }) {
  const parts = useMemo(() => {
    // Merge overlapping ranges into marks; the text between them is stable.
    const sorted = [...ranges].sort((a, b) => a.start - b.start);
    const marks: { start: number; end: number; causes: Set<string> }[] = [];
    for (const r of sorted) {
      const last = marks[marks.length - 1];
      if (last && r.start <= last.end) {
        last.end = Math.max(last.end, r.end);
        r.causes.forEach((c) => last.causes.add(c));
      } else marks.push({ start: r.start, end: r.end, causes: new Set(r.causes) });
    }
    const out: { text: string; kind: 'prefix' | 'stable' | 'volatile' | 'point'; title?: string }[] = [];
    let at = 0;
    for (const m of marks) {
      if (m.start > at) out.push({ text: text.slice(at, m.start), kind: at < prefix ? 'prefix' : 'stable' });
      out.push({ text: text.slice(m.start, m.end), kind: m.end > m.start ? 'volatile' : 'point', title: [...m.causes].join(', ') });
      at = Math.max(at, m.end);
    }
    if (at < text.length) out.push({ text: text.slice(at), kind: at < prefix ? 'prefix' : 'stable' });
    return out;
  }, [text, ranges, prefix]);
  return (
    <pre className="cache-prompt" data-testid="cache-prompt">
      {parts.map((p, i) =>
        p.kind === 'prefix' ? (
          <span key={i} className="cache-prefix">
            {p.text}
          </span>
        ) : p.kind === 'volatile' ? (
          <mark key={i} className="cache-volatile" title={p.title}>
            {p.text}
          </mark>
        ) : p.kind === 'point' ? (
          <span key={i} className="cache-point" title={`may appear in another session: ${p.title}`} />
        ) : (
          p.text
        ),
      )}
    </pre>
  );
}

function TwoSessions() {
  const view = useStudio((s) => s.cacheView);
  const fields = useStudio((s) => s.sessionFields);
  if (!view?.otherSession) return null;
  const other = view.otherSession;
  const toggle = (f: string) => studio.getState().setSessionFields(fields.includes(f) ? fields.filter((x) => x !== f) : [...fields, f]);
  return (
    <section className="two-sessions" data-testid="two-sessions">
      <h4>Two sessions</h4>
      <p className="muted">The same prompt built for another session: only these volatile fields change.</p>
      <div className="chips">
        {ALL_VOLATILE_FIELDS.map((f) => (
          <label key={f} className="chip">
            <input type="checkbox" checked={fields.includes(f)} onChange={() => toggle(f)} /> {describeField(f)}
          </label>
        ))}
      </div>
      <ul className="session-changes">
        {other.changes.map((c) => (
          <li key={c.field}>
            {describeField(c.field)}: <code>{c.from.slice(0, 120)}</code> → <code>{c.to.slice(0, 120)}</code>
          </li>
        ))}
      </ul>
      {other.text === view.text ? (
        <p className="muted">Nothing in this prompt changes when these fields do.</p>
      ) : (
        <LineDiff before={view.text} after={other.text} testId="sessions-diff" />
      )}
    </section>
  );
}

/** What provider prompt caching can keep of the build the preview shows. */
export function CacheView() {
  const view = useStudio((s) => s.cacheView);
  const seq = useStudio((s) => s.preview?.seq);
  useEffect(() => {
    const timer = setTimeout(() => void studio.getState().loadCache(), 120);
    return () => clearTimeout(timer);
  }, [seq]);
  if (!view) return <p className="muted pad">Working out which parts of the prompt change between sessions…</p>;
  const first = view.firstVolatile;
  const percent = view.text.length ? Math.round((view.stablePrefix.chars / view.text.length) * 100) : 100;
  return (
    <div className="cache pad" data-testid="cache-view">
      <section className="cache-summary" data-testid="cache-summary">
        <p>
          <strong>Stable prefix:</strong> {formatCount(view.stablePrefix.chars)} of {formatCount(view.text.length)} characters ({percent}%)
          {view.stablePrefix.tokens !== null && <>, {formatCount(view.stablePrefix.tokens)} tokens (o200k)</>}
        </p>
        {first ? (
          <p data-testid="first-volatile">
            <strong>First volatile byte</strong> at {formatCount(first.start)}: {first.causes.join(', ')}, read by <Where range={first} />
            <br />
            <code className="excerpt">{first.excerpt.slice(0, 80)}</code>
          </p>
        ) : (
          <p>Nothing in this prompt changes between sessions: all of it can be cached.</p>
        )}
      </section>
      <table className="grid" data-testid="cache-providers">
        <thead>
          <tr>
            <th>Provider</th>
            <th>Models</th>
            <th>Minimum</th>
            <th>Caching</th>
            <th>Reached</th>
          </tr>
        </thead>
        <tbody>
          {view.providers.map((p) => (
            <tr key={`${p.provider} ${p.models}`}>
              <td>{p.provider}</td>
              <td>{p.models}</td>
              <td>{formatCount(p.minTokens)} tok</td>
              <td>{p.mode}</td>
              <td className={p.reached ? 'added' : 'removed'}>{p.reached === null ? '…' : p.reached ? 'yes' : 'no'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {view.findings.length > 0 && (
        <ul className="warnings-list" data-testid="cache-findings">
          {view.findings.map((f, i) => (
            <li key={i} className="warn">
              <strong>{f.code}</strong> {f.message}{' '}
              <button className="link" onClick={() => void openLocation({ file: f.file, line: f.line, column: f.column })}>
                {f.file}
                {f.line ? `:${f.line}` : ''}
              </button>
            </li>
          ))}
        </ul>
      )}
      <details>
        <summary>{view.ranges.length} volatile ranges</summary>
        <ul className="cache-ranges">
          {view.ranges.map((r, i) => (
            <li key={i}>
              {formatCount(r.start)}–{formatCount(r.end)} {r.causes.join(', ')}: <Where range={r} />
            </li>
          ))}
        </ul>
      </details>
      <TwoSessions />
      <h4>The prompt: cacheable prefix shaded, volatile text marked</h4>
      <MarkedPrompt text={view.text} ranges={view.ranges} prefix={view.stablePrefix.chars} />
    </div>
  );
}

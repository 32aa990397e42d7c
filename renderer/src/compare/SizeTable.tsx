import { memo } from 'react';
import { formatCount } from '../ui/format';
import { useStudio } from '../store';

const signed = (n: number): string => (n > 0 ? `+${formatCount(n)}` : n < 0 ? `−${formatCount(-n)}` : '±0');

type Base = [number | null, number | null | undefined] | null;

/** A cell: characters / tokens, and the delta against the first column's. */
function SizeCell({ c, t, base }: { c: number | null; t: number | null | undefined; base: Base }) {
  if (c === null) return <span className="muted">—</span>;
  const dc = base ? c - (base[0] ?? 0) : null;
  const dt = base && t != null && base[1] != null ? t - base[1] : base && t != null ? t : null;
  return (
    <>
      {formatCount(c)} / {t != null ? formatCount(t) : '…'}
      {dc !== null && (
        <span className={dc > 0 ? 'added' : dc < 0 ? 'removed' : 'muted'}>
          {' '}
          ({signed(dc)}
          {dt !== null ? ` / ${signed(dt)}` : ''})
        </span>
      )}
    </>
  );
}

interface SizeRowProps {
  rowKey: string;
  chars: (number | null)[];
  tokens: (number | null | undefined)[];
}

const sameNumbers = <T,>(a: readonly T[], b: readonly T[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/** One section's sizes across the columns: renders again only when a figure changed (while typing, the edited section's). */
const SizeRow = memo(
  function SizeRow({ rowKey, chars, tokens }: SizeRowProps) {
    return (
      <tr>
        <td className="mono">{rowKey}</td>
        {chars.map((c, i) => (
          <td key={i}>
            <SizeCell c={c} t={tokens[i]} base={i === 0 ? null : [chars[0]!, tokens[0]]} />
          </td>
        ))}
      </tr>
    );
  },
  (a, b) => a.rowKey === b.rowKey && sameNumbers(a.chars, b.chars) && sameNumbers(a.tokens, b.tokens),
);

/** Per section: characters and tokens of each column and the delta against the first; totals; the tools as text and as JSON. */
export function SizeTable() {
  const result = useStudio((s) => s.compareResult);
  const tokens = useStudio((s) => s.compareTokens);
  if (!result) return null;
  return (
    <table className="grid compare-sizes" data-testid="compare-sizes">
      <caption>Characters / tokens (o200k) per section, delta against the first column</caption>
      <thead>
        <tr>
          <th>section</th>
          {result.columns.map((c, i) => (
            <th key={i}>{c.label}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {result.rows.map((row, r) => (
          <SizeRow
            key={row.key}
            rowKey={row.key}
            chars={row.cells.map((cell) => ('text' in cell ? cell.text.length : null))}
            tokens={row.cells.map((_, i) => tokens?.rows[r]?.[i])}
          />
        ))}
        <tr className="total">
          <th>total</th>
          {result.columns.map((c, i) => (
            <td key={i}>
              <SizeCell
                c={c.error ? null : c.chars}
                t={tokens?.totals[i]}
                base={i === 0 ? null : [result.columns[0]!.chars, tokens?.totals[0]]}
              />
            </td>
          ))}
        </tr>
        <tr>
          <th>tools as text</th>
          {result.columns.map((c, i) => (
            <td key={i}>{c.tools ? `${formatCount(c.tools.count)} tools, ${formatCount(c.tools.textChars)} chars` : '—'}</td>
          ))}
        </tr>
        <tr>
          <th>tools as native JSON</th>
          {result.columns.map((c, i) => (
            <td key={i} title="OpenAI / Anthropic / Gemini function definitions">
              {c.tools
                ? `${formatCount(c.tools.nativeJsonChars.openai)} / ${formatCount(c.tools.nativeJsonChars.anthropic)} / ${formatCount(c.tools.nativeJsonChars.gemini)} chars`
                : '—'}
            </td>
          ))}
        </tr>
      </tbody>
    </table>
  );
}

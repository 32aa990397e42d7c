import { formatCount } from '../ui/format';
import { useStudio } from '../store';

const signed = (n: number): string => (n > 0 ? `+${formatCount(n)}` : n < 0 ? `−${formatCount(-n)}` : '±0');

/** Per section: characters and tokens of each column and the delta against the first; totals; the tools as text and as JSON. */
export function SizeTable() {
  const result = useStudio((s) => s.compareResult);
  const tokens = useStudio((s) => s.compareTokens);
  if (!result) return null;
  const chars = (row: number, col: number): number | null => {
    const cell = result.rows[row]!.cells[col]!;
    return 'text' in cell ? cell.text.length : null;
  };
  const cell = (c: number | null, t: number | null | undefined, base: [number | null, number | null | undefined] | null) => {
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
  };
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
          <tr key={row.key}>
            <td className="mono">{row.key}</td>
            {row.cells.map((_, i) => (
              <td key={i}>{cell(chars(r, i), tokens?.rows[r]?.[i], i === 0 ? null : [chars(r, 0), tokens?.rows[r]?.[0]])}</td>
            ))}
          </tr>
        ))}
        <tr className="total">
          <th>total</th>
          {result.columns.map((c, i) => (
            <td key={i}>
              {cell(c.error ? null : c.chars, tokens?.totals[i], i === 0 ? null : [result.columns[0]!.chars, tokens?.totals[0]])}
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

import type { BudgetLine } from '../../../shared/engine/budgets/token-budgets';
import { formatCount } from '../ui/format';

/** Token usage against the variant's budgets (variant.yaml `budgets`), over-budget lines marked. */
export function BudgetLines({ lines, compact = false }: { lines: readonly BudgetLine[]; compact?: boolean }) {
  if (lines.length === 0) return null;
  return (
    <ul className={`budgets${compact ? ' compact' : ''}`} data-testid="budgets" aria-label="Token budgets">
      {lines.map((l) => (
        <li key={l.id} className={l.over ? 'over' : ''} data-over={l.over}>
          <span className="budget-bar" aria-hidden>
            <span style={{ width: `${Math.min(100, Math.round((l.used / l.limit) * 100))}%` }} />
          </span>
          {l.id}: {formatCount(l.used)} / {formatCount(l.limit)} tok{l.over ? ` — over by ${formatCount(l.used - l.limit)}` : ''}
        </li>
      ))}
    </ul>
  );
}

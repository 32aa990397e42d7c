import { useEffect } from 'react';
import { studio, useStudio } from '../store';
import { BudgetLines } from './BudgetLines';

/** Under the preview's sizes: the shown variant's token usage against its budgets (when it declares any). */
export function PreviewBudgets() {
  const seq = useStudio((s) => s.preview?.seq);
  const budgets = useStudio((s) => s.budgets);
  useEffect(() => {
    // Off the typing path: counted once the result has settled.
    const timer = setTimeout(() => void studio.getState().loadBudgets(), 250);
    return () => clearTimeout(timer);
  }, [seq]);
  if (!budgets || budgets.lines.length === 0) return null;
  return (
    <div className="preview-budgets" data-testid="preview-budgets">
      <BudgetLines lines={budgets.lines} />
    </div>
  );
}

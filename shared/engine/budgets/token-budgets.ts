import type { TokenBudgets } from '../../domain/variant.js';
import type { VariantBuildResult } from '../build/build-result.js';
import { sectionTexts } from '../compare/section-texts.js';

/** Tokens used against one budget. */
export interface BudgetLine {
  /** 'total', or a component id. */
  id: string;
  used: number;
  limit: number;
  over: boolean;
}

export interface BudgetUsage {
  lines: BudgetLine[];
  /** The lines that go over their budget. */
  exceeded: BudgetLine[];
}

/**
 * A build's usage of its variant's budgets, with the given token counter (o200k in the app
 * and the CLI). A section budget counts the characters of the final prompt credited to that
 * component; a component that gives nothing uses 0.
 */
export function budgetUsage(
  budgets: TokenBudgets | undefined,
  result: VariantBuildResult,
  countTokens: (text: string) => number,
): BudgetUsage {
  const lines: BudgetLine[] = [];
  if (budgets?.total !== undefined) {
    const used = countTokens(result.text);
    lines.push({ id: 'total', used, limit: budgets.total, over: used > budgets.total });
  }
  const entries = Object.entries(budgets?.sections ?? {});
  if (entries.length > 0) {
    const texts = sectionTexts(result);
    for (const [id, limit] of entries) {
      const used = countTokens(texts.get(id) ?? '');
      lines.push({ id, used, limit, over: used > limit });
    }
  }
  return { lines, exceeded: lines.filter((l) => l.over) };
}

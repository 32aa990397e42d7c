import type { ContextPreset } from '../../domain/preset.js';
import type { Variant } from '../../domain/variant.js';
import type { VariantBuildResult } from '../build/build-result.js';
import { budgetUsage } from '../budgets/token-budgets.js';
import type { WorkspaceSnapshot } from '../workspace/workspace-snapshot.js';
import { positionOf } from '../workspace/yaml-file.js';
import type { LintFinding } from './lint-finding.js';

/** A finding for every budget of the variant that this preset's build goes over, at the budget's line in variant.yaml. */
export function lintBudgets(
  ws: WorkspaceSnapshot,
  variant: Variant,
  preset: ContextPreset,
  result: VariantBuildResult,
  countTokens: (text: string) => number,
): LintFinding[] {
  if (!variant.budgets) return [];
  const file = variant.files?.config ?? `variants/${variant.id}/variant.yaml`;
  const positions = ws.positions.get(file) ?? {};
  return budgetUsage(variant.budgets, result, countTokens).exceeded.map((line) => {
    const pos = positionOf(positions, line.id === 'total' ? ['budgets', 'total'] : ['budgets', 'sections', line.id]);
    return {
      code: 'BUDGET_EXCEEDED' as const,
      severity: 'error' as const,
      message: `${line.id === 'total' ? 'the prompt' : line.id} has ${line.used} tokens, over its budget of ${line.limit} (by ${line.used - line.limit})`,
      file,
      line: pos?.line,
      column: pos?.column,
      variantId: variant.id,
      preset: preset.name,
      fix: `shorten ${line.id === 'total' ? 'the prompt' : line.id} by ${line.used - line.limit} tokens, or raise the budget`,
    };
  });
}

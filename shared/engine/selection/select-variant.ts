import type { SystemPromptContext } from '../../domain/context.js';
import type { Variant } from '../../domain/variant.js';
import { evaluateMatcher } from './evaluate-matcher.js';

export interface SelectionStep {
  variantId: string;
  verdict: 'match' | 'no-match' | 'invalid' | 'no-matcher' | 'not-tried';
  explanation: string;
}

export type SelectionResult =
  | { ok: true; variant: Variant; via: 'matcher' | 'fallback'; steps: SelectionStep[]; summary: string }
  | { ok: false; error: string; steps: SelectionStep[] };

/**
 * Chooses the variant for a context as Cline's registry does: variants are tried in
 * order, the first whose matcher says yes wins, a matcher that fails counts as no (and
 * is reported), and the fallback variant serves when none matches.
 */
export function selectVariant(variants: readonly Variant[], context: SystemPromptContext, fallback = 'generic'): SelectionResult {
  const steps: SelectionStep[] = [];
  let winner: Variant | undefined;
  for (const variant of variants) {
    if (winner) {
      steps.push({ variantId: variant.id, verdict: 'not-tried', explanation: `not tried: '${winner.id}' matched first` });
      continue;
    }
    if (!variant.matcher) {
      steps.push({ variantId: variant.id, verdict: 'no-matcher', explanation: 'has no matcher (used only as the fallback)' });
      continue;
    }
    try {
      const verdict = evaluateMatcher(variant.matcher, context);
      steps.push({ variantId: variant.id, verdict: verdict.matched ? 'match' : 'no-match', explanation: verdict.explanation });
      if (verdict.matched) winner = variant;
    } catch (error) {
      steps.push({
        variantId: variant.id,
        verdict: 'invalid',
        explanation: `matcher cannot run: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }
  const modelId = context.providerInfo?.model.id ?? '';
  if (winner)
    return {
      ok: true,
      variant: winner,
      via: 'matcher',
      steps,
      summary: `'${winner.id}' matched: ${steps.find((s) => s.variantId === winner!.id)!.explanation}`,
    };
  const generic = variants.find((v) => v.id === fallback);
  if (generic)
    return { ok: true, variant: generic, via: 'fallback', steps, summary: `no matcher said yes, so the fallback '${fallback}' serves` };
  return {
    ok: false,
    steps,
    error: `no variant matches model '${modelId}' (provider '${context.providerInfo?.providerId ?? ''}') and there is no '${fallback}' variant to fall back to; variants: ${variants.map((v) => v.id).join(', ') || '(none)'}`,
  };
}

import type { SystemPromptContext } from '../../domain/context.js';
import type { Variant } from '../../domain/variant.js';
import { matcherImplies } from '../lint/matcher-implication.js';
import { evaluateMatcher } from '../selection/evaluate-matcher.js';
import { selectVariant, type SelectionStep } from '../selection/select-variant.js';
import type { ProviderModels } from './model-catalog.js';
import { providerOfModelId } from './model-providers.js';

/** One model id routed: which variant, the clause that decided, and every matcher tried with its verdict. */
export interface RoutingRow {
  modelId: string;
  providerId: string;
  /** Why that provider: the row of the provider tables (model-providers.ts) that decided, or where else it came from. */
  providerRule: string;
  variantId: string | null;
  /** matcher: a matcher said yes; fallback: none did; none: no fallback variant either. */
  via: 'matcher' | 'fallback' | 'none';
  /** The clause that decided it (the winning matcher's explanation), or why the fallback serves. */
  decidedBy: string;
  steps: SelectionStep[];
}

/** A matcher that can never win: an earlier variant's matcher takes every context it matches (or it never matches). */
export interface ShadowedMatcher {
  variantId: string;
  /** The earlier variant that takes its contexts; absent when the matcher never matches at all. */
  shadowedBy?: string | undefined;
  reason: string;
}

export interface RoutingTable {
  rows: RoutingRow[];
  shadowed: ShadowedMatcher[];
  /** Ids that no matcher claimed (served by the fallback, or by nothing). */
  fellThrough: string[];
}

/** The provider a model id is routed with, and why: the one given, else the provider tables', else the context's. */
export function providerForModel(
  context: SystemPromptContext,
  modelId: string,
  providerId?: string | undefined,
  catalog?: readonly ProviderModels[],
): { providerId: string; rule: string } {
  if (providerId !== undefined) return { providerId, rule: 'given with the model id' };
  const known = providerOfModelId(modelId, catalog);
  if (known) return known;
  const contextProvider = context.providerInfo?.providerId ?? 'anthropic';
  return { providerId: contextProvider, rule: "no table knows the id: the context's provider" };
}

/** The context a model id is routed under: the given context with that model and its provider (providerForModel). */
export function contextForModel(
  context: SystemPromptContext,
  modelId: string,
  providerId?: string | undefined,
  catalog?: readonly ProviderModels[],
): SystemPromptContext {
  const info = context.providerInfo ?? { providerId: 'anthropic', model: { id: '' }, mode: 'act' as const };
  const provider = providerForModel(context, modelId, providerId, catalog).providerId;
  return { ...context, providerInfo: { ...info, providerId: provider, model: { ...info.model, id: modelId } } };
}

/** Matchers that can never win, in selection order. */
export function shadowedMatchers(variants: readonly Variant[]): ShadowedMatcher[] {
  const out: ShadowedMatcher[] = [];
  const earlier: Variant[] = [];
  for (const variant of variants) {
    const matcher = variant.matcher;
    if (!matcher) continue;
    try {
      evaluateMatcher(matcher, {});
    } catch {
      continue; // invalid: selection skips it (lint reports it)
    }
    if ('always' in matcher && !matcher.always) out.push({ variantId: variant.id, reason: 'its matcher never matches (always: false)' });
    else {
      const by = earlier.find((e) => matcherImplies(matcher, e.matcher!));
      if (by)
        out.push({
          variantId: variant.id,
          shadowedBy: by.id,
          reason: `every context it matches is matched first by '${by.id}', which is tried earlier`,
        });
    }
    earlier.push(variant);
  }
  return out;
}

/**
 * Routes model ids through the variants in selection order, as the agent would: the table
 * of id -> variant with the deciding clause and all verdicts, the matchers that can never
 * win, and the ids that fell through to the fallback.
 */
export function routingTable(
  variants: readonly Variant[],
  context: SystemPromptContext,
  modelIds: readonly string[],
  fallback = 'generic',
  options: { providerId?: string | undefined; catalog?: readonly ProviderModels[] | undefined } = {},
): RoutingTable {
  const rows = modelIds.map((modelId): RoutingRow => {
    const ctx = contextForModel(context, modelId, options.providerId, options.catalog);
    const selection = selectVariant(variants, ctx, fallback);
    const providerId = ctx.providerInfo!.providerId;
    const providerRule = providerForModel(context, modelId, options.providerId, options.catalog).rule;
    if (!selection.ok)
      return { modelId, providerId, providerRule, variantId: null, via: 'none', decidedBy: selection.error, steps: selection.steps };
    const decidedBy =
      selection.via === 'matcher' ? selection.steps.find((s) => s.variantId === selection.variant.id)!.explanation : selection.summary;
    return { modelId, providerId, providerRule, variantId: selection.variant.id, via: selection.via, decidedBy, steps: selection.steps };
  });
  return { rows, shadowed: shadowedMatchers(variants), fellThrough: rows.filter((r) => r.via !== 'matcher').map((r) => r.modelId) };
}

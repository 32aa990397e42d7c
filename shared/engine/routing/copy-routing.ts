import type { Variant } from '../../domain/variant.js';
import { shadowedMatchers } from './routing-table.js';

/**
 * How a variant made from another routes against it: the copy has the source's matcher, so
 * whichever of the two the selection tries first takes every model the matcher says yes to
 * (the other is shadowed), until one of the matchers changes.
 */
export interface CopyRouting {
  variantId: string;
  sourceId: string;
  /** shadows: the copy is tried first and takes the source's models; shadowed-by: the source keeps them. */
  relation: 'shadows' | 'shadowed-by' | 'no-matcher' | 'independent';
  /** What it means for the user, with what to change. */
  message: string;
}

export function copyRouting(variants: readonly Variant[], variantId: string, sourceId: string): CopyRouting {
  const copy = variants.find((v) => v.id === variantId);
  const base = { variantId, sourceId };
  if (!copy?.matcher)
    return {
      ...base,
      relation: 'no-matcher',
      message: `'${sourceId}' has no matcher (it serves as the fallback), so '${variantId}' has none either: no model selects it until you give it a matcher`,
    };
  const shadowed = shadowedMatchers(variants);
  if (shadowed.some((s) => s.variantId === sourceId && s.shadowedBy === variantId))
    return {
      ...base,
      relation: 'shadows',
      message: `'${variantId}' has a copy of the matcher of '${sourceId}' and comes before it in the selection order: the models '${sourceId}' served now get '${variantId}', and '${sourceId}' is shadowed until one of the two matchers changes`,
    };
  if (shadowed.some((s) => s.variantId === variantId && s.shadowedBy === sourceId))
    return {
      ...base,
      relation: 'shadowed-by',
      message: `'${variantId}' has a copy of the matcher of '${sourceId}' but comes after it in the selection order: '${sourceId}' keeps its models and '${variantId}' gets none until its matcher changes or it moves before '${sourceId}' in selectionOrder`,
    };
  return { ...base, relation: 'independent', message: `'${variantId}' and '${sourceId}' do not take each other's models` };
}

import type { ContextPreset } from '../../domain/preset.js';
import type { Variant } from '../../domain/variant.js';
import { MODEL_CATALOG } from '../routing/model-catalog.js';
import { contextForModel } from '../routing/routing-table.js';
import { evaluateMatcher } from '../selection/evaluate-matcher.js';
import { selectVariant } from '../selection/select-variant.js';
import type { WorkspaceSnapshot } from '../workspace/workspace-snapshot.js';
import { positionOf } from '../workspace/yaml-file.js';
import type { LintFinding } from './lint-finding.js';

/** The routing list when none is given: every id of the built-in model catalog. */
export function catalogModelIds(): string[] {
  return MODEL_CATALOG.flatMap((p) => p.models);
}

/** Whether a matcher says yes, counting one that cannot run as no (as selection does). */
function matches(variant: Variant, context: Parameters<typeof evaluateMatcher>[1]): boolean {
  if (!variant.matcher) return false;
  try {
    return evaluateMatcher(variant.matcher, context).matched;
  } catch {
    return false;
  }
}

/**
 * Variants no model id of the routing list reaches: each id is routed under every preset's
 * context (as the routing table routes it), and a variant that none of them selects is
 * reported, with why (no matcher and not the fallback; a matcher that matches none of the
 * ids; or an earlier variant that takes every id it matches). Variants already reported as
 * MATCHER_SHADOWED or MATCHER_INVALID are left to those findings.
 */
export function lintReachability(
  ws: WorkspaceSnapshot,
  presets: readonly ContextPreset[],
  modelIds: readonly string[],
  skip: ReadonlySet<string> = new Set(),
): LintFinding[] {
  if (modelIds.length === 0 || presets.length === 0) return [];
  const fallback = ws.config.fallback;
  const reached = new Set<string>();
  /** For each variant, a (model, preset) its matcher says yes to and the variant that took it. */
  const takenFrom = new Map<string, { modelId: string; preset: string; by: string }>();
  for (const preset of presets)
    for (const modelId of modelIds) {
      const context = contextForModel(preset.context, modelId);
      const selection = selectVariant(ws.variants, context, fallback);
      if (!selection.ok) continue;
      reached.add(selection.variant.id);
      if (selection.via !== 'matcher') continue;
      for (const v of ws.variants) {
        if (v.id === selection.variant.id || takenFrom.has(v.id) || reached.has(v.id)) continue;
        if (matches(v, context)) takenFrom.set(v.id, { modelId, preset: preset.name, by: selection.variant.id });
      }
    }
  const findings: LintFinding[] = [];
  for (const variant of ws.variants) {
    if (reached.has(variant.id) || skip.has(variant.id)) continue;
    const file = variant.files?.config ?? `variants/${variant.id}/variant.yaml`;
    const pos = positionOf(ws.positions.get(file) ?? {}, variant.matcher ? ['matcher'] : ['id']);
    const taken = takenFrom.get(variant.id);
    let why: string;
    let fix: string;
    if (!variant.matcher) {
      why = `it has no matcher and is not the fallback ('${fallback}')`;
      fix = `give it a matcher (copy the one of the variant it is for), or make it the fallback in workspace.yaml`;
    } else if (taken) {
      why = `its matcher says yes to ${taken.modelId} (preset ${taken.preset}), but '${taken.by}' is tried first and takes it`;
      fix = `move '${variant.id}' before '${taken.by}' in selectionOrder (workspace.yaml), or narrow the matcher of '${taken.by}'`;
    } else {
      why = `its matcher says yes to none of them under any preset`;
      fix = `widen the matcher, or add the model ids it is for to the routing list`;
    }
    findings.push({
      code: 'UNREACHABLE_VARIANT',
      severity: 'warning',
      message: `no model id of the routing list (${modelIds.length} ids) reaches this variant under any preset: ${why}`,
      file,
      line: pos?.line,
      column: pos?.column,
      variantId: variant.id,
      fix,
    });
  }
  return findings;
}

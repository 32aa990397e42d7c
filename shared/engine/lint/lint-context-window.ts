import type { ContextPreset } from '../../domain/preset.js';
import type { Variant } from '../../domain/variant.js';
import type { VariantBuildResult } from '../build/build-result.js';
import { checkContextWindow, mayExceedContextWindow, modelForVariantBuild } from '../models/context-window.js';
import type { WorkspaceSnapshot } from '../workspace/workspace-snapshot.js';
import { positionOf } from '../workspace/yaml-file.js';
import type { LintFinding } from './lint-finding.js';

/** What the context-window check of a build reads, when its bytes could be over the window (its tokens are counted then); else undefined. */
export function contextWindowToCount(ws: WorkspaceSnapshot, variant: Variant, preset: ContextPreset, result: VariantBuildResult) {
  const { model, from } = modelForVariantBuild(ws.variants, ws.config.fallback, variant, preset.context, ws.modelLimits);
  const input = {
    model,
    modelFrom: from,
    text: result.text,
    tools: result.tools.native,
    config: variant.config,
    table: ws.modelLimits,
  };
  return mayExceedContextWindow(input) ? input : undefined;
}

/**
 * A finding when a variant's build under a preset does not fit its model's context window
 * (prompt + native tools + output budget), or asks more output than the model gives: at the
 * variant's `config.maxTokens` line when the budget is set there. Tokens are counted only when
 * the bytes could be over (see mayExceedContextWindow).
 */
export function lintContextWindow(
  ws: WorkspaceSnapshot,
  variant: Variant,
  preset: ContextPreset,
  result: VariantBuildResult,
  countTokens: (text: string) => number,
): LintFinding[] {
  const input = contextWindowToCount(ws, variant, preset, result);
  if (!input) return [];
  const check = checkContextWindow({ ...input, countTokens });
  if (!check?.warning) return [];
  const file = variant.files?.config ?? `variants/${variant.id}/variant.yaml`;
  const pos =
    check.outputFrom === 'the variant config maxTokens' ? positionOf(ws.positions.get(file) ?? {}, ['config', 'maxTokens']) : undefined;
  const cuts: string[] = [];
  if (check.over > 0) cuts.push(`shorten the prompt by ${check.over.toLocaleString('en-US')} tokens or lower the output budget by as much`);
  if (check.outputOver > 0) cuts.push(`lower config.maxTokens to ${check.limits.maxOutput!.toLocaleString('en-US')} or less`);
  return [
    {
      code: 'CONTEXT_WINDOW_EXCEEDED',
      severity: 'warning',
      message: check.warning,
      file,
      line: pos?.line,
      column: pos?.column,
      variantId: variant.id,
      preset: preset.name,
      fix: `${cuts.join('; ')}; or, if the model's real limits differ, set them for family ${check.limits.family} in models.yaml`,
    },
  ];
}

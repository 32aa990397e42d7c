import type { SystemPromptContext } from '../../domain/context.js';
import type { BuildOptions } from '../environment.js';
import { selectVariant, type SelectionResult } from '../selection/select-variant.js';
import type { WorkspaceSnapshot } from '../workspace/workspace-snapshot.js';
import type { VariantBuildResult } from './build-result.js';
import { buildVariantPrompt } from './build-variant-prompt.js';

export type WorkspaceBuildOutcome =
  | { ok: true; result: VariantBuildResult; selection?: SelectionResult | undefined }
  | { ok: false; error: string; selection?: SelectionResult | undefined };

/** Builds a variant of a loaded workspace by id. */
export function buildWorkspaceVariant(
  workspace: WorkspaceSnapshot,
  variantId: string,
  context: SystemPromptContext,
  options: BuildOptions,
  extra: { trackVolatility?: boolean | undefined } = {},
): WorkspaceBuildOutcome {
  const variant = workspace.variants.find((v) => v.id === variantId);
  if (!variant) {
    return {
      ok: false,
      error: `no variant '${variantId}' in this workspace (variants: ${workspace.variants.map((v) => v.id).join(', ') || 'none'})`,
    };
  }
  return {
    ok: true,
    result: buildVariantPrompt({ variant, context, components: workspace.components, tools: workspace.tools, options, ...extra }),
  };
}

/** Selects the variant for the context's provider and model (as the agent would), then builds it. */
export function buildForContext(
  workspace: WorkspaceSnapshot,
  context: SystemPromptContext,
  options: BuildOptions,
  extra: { trackVolatility?: boolean | undefined } = {},
): WorkspaceBuildOutcome {
  const selection = selectVariant(workspace.variants, context, workspace.config.fallback);
  if (!selection.ok) return { ok: false, error: selection.error, selection };
  return {
    ok: true,
    selection,
    result: buildVariantPrompt({
      variant: selection.variant,
      context,
      components: workspace.components,
      tools: workspace.tools,
      options,
      ...extra,
    }),
  };
}

import type { SystemPromptContext } from '../../shared/domain/context.js';
import { buildForContext, buildWorkspaceVariant } from '../../shared/engine/build/build-from-workspace.js';
import { hostBuildOptions } from '../../electron/host/machine.js';
import { repositoryRulesOptions, withRepositoryRules } from '../../shared/harness/cline-context.js';
import { loadTokenCounter } from '../../electron/host/tokens.js';
import { UsageError, type CliIo } from '../cli-io.js';
import { cacheFields } from './cache.js';
import { openWorkspace, resolveContext } from '../workspace-input.js';
import type { CommonOptions } from './options.js';

export interface BuildCommandOptions extends CommonOptions {
  variant?: string | undefined;
  provider?: string | undefined;
  model?: string | undefined;
}

/** Applies --provider / --model to the context's provider info. */
export function withModel(context: SystemPromptContext, provider: string | undefined, model: string | undefined): SystemPromptContext {
  if (provider === undefined && model === undefined) return context;
  const info = context.providerInfo ?? { providerId: 'anthropic', model: { id: '' }, mode: 'act' as const };
  return {
    ...context,
    providerInfo: { ...info, providerId: provider ?? info.providerId, model: { ...info.model, id: model ?? info.model.id } },
  };
}

export async function buildCommand(options: BuildCommandOptions, io: CliIo): Promise<number> {
  const ws = openWorkspace(options.workspace, io.cwd);
  const { context: base } = resolveContext(ws, options.preset, options.context, io.cwd);
  const buildOptions = hostBuildOptions(options.date);
  // A context's repository: its rules files fill the rule-text fields, as Cline reads them.
  const withRules = await withRepositoryRules(
    withModel(base, options.provider, options.model),
    ws.snapshot.harnesses,
    repositoryRulesOptions(buildOptions),
  );
  if (!withRules.ok) throw new UsageError(withRules.error);
  const context = withRules.context;
  // JSON output carries the prompt-cache fields: the build tracks which parts are volatile.
  const extra = { trackVolatility: options.format === 'json' };
  const outcome = options.variant
    ? buildWorkspaceVariant(ws.snapshot, options.variant, context, buildOptions, extra)
    : buildForContext(ws.snapshot, context, buildOptions, extra);
  if (!outcome.ok) throw new UsageError(outcome.error);
  if (options.format === 'json') {
    const { volatile: _ranges, ...result } = outcome.result;
    const cache = cacheFields(ws.snapshot, outcome.result, await loadTokenCounter());
    io.stdout(`${JSON.stringify({ ...result, selection: outcome.selection?.steps, cache }, null, 2)}\n`);
  } else {
    io.stdout(`${outcome.result.text}\n`);
    for (const w of outcome.result.warnings) if (w.severity === 'warning') io.stderr(`${w.message}${w.detail ? ` ${w.detail}` : ''}\n`);
  }
  return 0;
}

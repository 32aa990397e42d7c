import { selectVariant } from '../../shared/engine/selection/select-variant.js';
import type { CliIo } from '../cli-io.js';
import { openWorkspace, resolveContext } from '../workspace-input.js';
import { withModel } from './build.js';
import type { CommonOptions } from './options.js';

export interface SelectCommandOptions extends CommonOptions {
  provider?: string | undefined;
  models: string[];
}

/** Which variant each model id gets, and why: every matcher tried, in order, with its verdict. */
export function selectCommand(options: SelectCommandOptions, io: CliIo): number {
  const ws = openWorkspace(options.workspace, io.cwd);
  const { context } = resolveContext(ws, options.preset, options.context, io.cwd);
  const models = options.models.length > 0 ? options.models : [context.providerInfo?.model.id ?? ''];
  const results = models.map((model) => {
    const selection = selectVariant(ws.snapshot.variants, withModel(context, options.provider, model), ws.snapshot.config.fallback);
    return { model, selection };
  });
  if (options.format === 'json') {
    io.stdout(
      `${JSON.stringify(
        results.map(({ model, selection }) =>
          selection.ok
            ? { model, variant: selection.variant.id, via: selection.via, summary: selection.summary, steps: selection.steps }
            : { model, variant: null, error: selection.error, steps: selection.steps },
        ),
        null,
        2,
      )}\n`,
    );
  } else {
    for (const { model, selection } of results) {
      io.stdout(`${model || '(no model id)'} -> ${selection.ok ? selection.variant.id : 'no variant'}\n`);
      io.stdout(`  ${selection.ok ? selection.summary : selection.error}\n`);
      for (const step of selection.steps) io.stdout(`  ${step.verdict.padEnd(10)} ${step.variantId}: ${step.explanation}\n`);
    }
  }
  return results.every((r) => r.selection.ok) ? 0 : 1;
}

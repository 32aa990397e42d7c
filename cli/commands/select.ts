import { routingTable } from '../../shared/engine/routing/routing-table.js';
import type { CliIo } from '../cli-io.js';
import { openWorkspace, resolveContext } from '../workspace-input.js';
import type { CommonOptions } from './options.js';

export interface SelectCommandOptions extends CommonOptions {
  provider?: string | undefined;
  /** Model ids, already split on commas and whitespace. */
  models: string[];
}

/**
 * Which variant each model id gets, and why: the clause that decided, every matcher tried
 * with its verdict, the ids that fell through to the fallback, and the matchers that can
 * never win. A model id the built-in catalog knows is routed with its provider's id.
 */
export function selectCommand(options: SelectCommandOptions, io: CliIo): number {
  const ws = openWorkspace(options.workspace, io.cwd);
  const { context } = resolveContext(ws, options.preset, options.context, io.cwd);
  const models = options.models.length > 0 ? options.models : [context.providerInfo?.model.id ?? ''];
  const table = routingTable(ws.snapshot.variants, context, models, ws.snapshot.config.fallback, { providerId: options.provider });
  const shadowedBy = new Map(table.shadowed.map((s) => [s.variantId, s]));
  if (options.format === 'json') {
    io.stdout(
      `${JSON.stringify(
        {
          models: table.rows.map((r) => ({
            model: r.modelId,
            provider: r.providerId,
            variant: r.variantId,
            via: r.via,
            decidedBy: r.decidedBy,
            fellThrough: r.via !== 'matcher',
            steps: r.steps,
          })),
          fellThrough: table.fellThrough,
          shadowed: table.shadowed,
        },
        null,
        2,
      )}\n`,
    );
  } else {
    for (const row of table.rows) {
      const flag = row.via === 'fallback' ? ' (fell through to the fallback)' : '';
      io.stdout(`${row.modelId || '(no model id)'} -> ${row.variantId ?? 'no variant'}${flag}\n`);
      io.stdout(`  ${row.via === 'matcher' ? `'${row.variantId}' matched: ${row.decidedBy}` : row.decidedBy}\n`);
      for (const step of row.steps) {
        const shadow = shadowedBy.get(step.variantId);
        io.stdout(
          `  ${step.verdict.padEnd(10)} ${step.variantId}: ${step.explanation}${shadow ? ` [can never win: ${shadow.reason}]` : ''}\n`,
        );
      }
    }
    for (const s of table.shadowed) io.stdout(`shadowed: ${s.variantId} can never win: ${s.reason}\n`);
  }
  return table.rows.every((r) => r.variantId !== null) ? 0 : 1;
}

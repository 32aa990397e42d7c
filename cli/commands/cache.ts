import { buildWorkspaceVariant } from '../../shared/engine/build/build-from-workspace.js';
import { cacheReport } from '../../shared/engine/volatility/cache-report.js';
import { locateOrigin } from '../../shared/engine/volatility/origin-location.js';
import type { WorkspaceSnapshot } from '../../shared/engine/workspace/workspace-snapshot.js';
import type { VariantBuildResult } from '../../shared/engine/build/build-result.js';
import { hostBuildOptions } from '../../electron/host/machine.js';
import { loadTokenCounter } from '../../electron/host/tokens.js';
import { UsageError, type CliIo } from '../cli-io.js';
import { openWorkspace, resolveContext } from '../workspace-input.js';
import type { CommonOptions } from './options.js';

export interface CacheCommandOptions extends CommonOptions {
  variant?: string | undefined;
}

/** The cache fields of a tracked build, with the file and line of each range's origin (also `build --format json`). */
export function cacheFields(ws: WorkspaceSnapshot, result: VariantBuildResult, count: (text: string) => number) {
  const report = cacheReport(result.text, result.volatile ?? [], count);
  const variant = ws.variants.find((v) => v.id === result.variantId)!;
  const where = (origin: Parameters<typeof locateOrigin>[2]) => locateOrigin(ws, variant, origin);
  return {
    chars: report.chars,
    stablePrefix: report.stablePrefix,
    firstVolatile: report.firstVolatile ? { ...report.firstVolatile, location: where(report.firstVolatile.origin) } : null,
    ranges: report.ranges.map((r) => ({
      start: r.start,
      end: r.end,
      fields: r.fields,
      causes: r.causes,
      origin: r.origin,
      location: where(r.origin),
    })),
    providers: report.providers,
  };
}

/**
 * What provider prompt caching can make of a build: the stable prefix (characters and o200k
 * tokens), the first volatile byte and its cause, every volatile range with its context
 * field and where in the workspace it comes from, and which providers' minimums it reaches.
 */
export async function cacheCommand(options: CacheCommandOptions, io: CliIo): Promise<number> {
  if (!options.variant) throw new UsageError('cache needs --variant <id>');
  const ws = openWorkspace(options.workspace, io.cwd);
  const { context } = resolveContext(ws, options.preset, options.context, io.cwd);
  const variant = ws.snapshot.variants.find((v) => v.id === options.variant);
  if (!variant) throw new UsageError(`no variant '${options.variant}' (variants: ${ws.snapshot.variants.map((v) => v.id).join(', ')})`);
  const out = buildWorkspaceVariant(ws.snapshot, variant.id, context, hostBuildOptions(options.date), { trackVolatility: true });
  if (!out.ok) throw new UsageError(out.error);
  const fields = cacheFields(ws.snapshot, out.result, await loadTokenCounter());
  if (options.format === 'json') {
    io.stdout(`${JSON.stringify(fields, null, 2)}\n`);
    return 0;
  }
  const lines = [
    `stable prefix: ${fields.stablePrefix.chars} of ${fields.chars} characters, ${fields.stablePrefix.tokens} tokens (o200k)`,
    fields.firstVolatile
      ? `first volatile byte: ${fields.firstVolatile.offset}, ${fields.firstVolatile.causes.join(', ')} in ${fields.firstVolatile.location?.label ?? '?'} (${fields.firstVolatile.location ? `${fields.firstVolatile.location.file}:${fields.firstVolatile.location.line ?? 1}` : '?'})`
      : 'nothing in this prompt changes between sessions',
    'provider minimums:',
    ...fields.providers.map(
      (p) => `  ${p.reached ? 'reached    ' : 'not reached'} ${p.provider} ${p.models}: ${p.minTokens} tokens (${p.mode})`,
    ),
    `volatile ranges (${fields.ranges.length}):`,
    ...fields.ranges.map(
      (r) =>
        `  ${r.start}-${r.end} ${r.fields.join(', ')}: ${r.location ? `${r.location.label} (${r.location.file}:${r.location.line ?? 1})` : ''}`,
    ),
  ];
  io.stdout(`${lines.join('\n')}\n`);
  return 0;
}

import type { CacheView, MatrixView } from '../../../shared/ipc/contract.js';
import type { ChannelHandlers } from '../../../shared/ipc/dispatch.js';
import { HostError } from '../../../shared/ipc/host-error.js';
import { budgetUsage } from '../../../shared/engine/budgets/token-budgets.js';
import { routingTable } from '../../../shared/engine/routing/routing-table.js';
import {
  deterministicBuildOptions,
  SNAPSHOT_DIR,
  snapshotFileText,
  snapshotRelPath,
} from '../../../shared/engine/snapshots/snapshot-files.js';
import { buildVariantPrompt } from '../../../shared/engine/build/build-variant-prompt.js';
import type { VariantBuildResult } from '../../../shared/engine/build/build-result.js';
import { resolveEnvironment } from '../../../shared/engine/environment.js';
import { lintCacheStability } from '../../../shared/engine/lint/lint-cache.js';
import { selectVariant } from '../../../shared/engine/selection/select-variant.js';
import { cacheReport } from '../../../shared/engine/volatility/cache-report.js';
import { locateOrigin } from '../../../shared/engine/volatility/origin-location.js';
import { otherSessionContext } from '../../../shared/engine/volatility/second-session.js';
import { stackVolatileRanges } from '../../../shared/engine/volatility/stack-volatility.js';
import type { Variant } from '../../../shared/domain/variant.js';
import type { SystemPromptContext } from '../../../shared/domain/context.js';
import type { WorkspaceSnapshot } from '../../../shared/engine/workspace/workspace-snapshot.js';
import type { StackBuildResult } from '../../../shared/stack/build.js';
import type { WorkspaceSession } from '../workspace-session.js';
import { resolveVariantContext, runBuild, type ParsedContextSpec } from '../build-runner.js';
import { CompareService } from '../compare-service.js';
import { contentHash } from '../hash.js';
import { MatrixBuilds } from '../matrix-builds.js';
import type { HostContext } from '../host-context.js';
import { SnapshotStore } from '../snapshot-store.js';
import { TokenCache } from '../token-cache.js';

type CompareChannel =
  | 'compare:set'
  | 'compare:routing'
  | 'compare:matrix'
  | 'compare:matrixCell'
  | 'compare:approve'
  | 'compare:cache'
  | 'compare:budgets'
  | 'compare:copy';

/** The context a spec names, or an INVALID_REQUEST error. */
function variantContext(snapshot: WorkspaceSnapshot, spec: ParsedContextSpec): SystemPromptContext {
  const resolved = resolveVariantContext(snapshot, spec);
  if (!resolved.ok) throw new HostError('INVALID_REQUEST', resolved.error);
  return resolved.value;
}

/** The variant a build target names under a context (by id, or as selection picks it). */
function targetVariant(snapshot: WorkspaceSnapshot, target: { kind: string; variantId?: string }, context: SystemPromptContext): Variant {
  if (target.kind === 'variant') {
    const variant = snapshot.variants.find((v) => v.id === target.variantId);
    if (!variant) throw new HostError('NOT_FOUND', `no variant '${target.variantId}' in this workspace`);
    return variant;
  }
  const selection = selectVariant(snapshot.variants, context, snapshot.config.fallback);
  if (!selection.ok) throw new HostError('NOT_FOUND', selection.error);
  return selection.variant;
}

const presetName = (spec: ParsedContextSpec): string => (spec.kind === 'preset' ? spec.name : 'context');
const shown = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value ?? null));

/**
 * Handlers of the compare group: live columns, routing, the snapshot matrix and its approval, the
 * prompt-cache view, budgets; with the matrix's warm-up (its workers started ahead) and close.
 */
export function compareHandlers(host: HostContext): {
  handlers: Pick<ChannelHandlers, CompareChannel>;
  warmUp(): void;
  /** A request came (MatrixBuilds.noteActivity). */
  noteActivity(): void;
  close(): void;
} {
  const live = new CompareService(host);
  const tokens = new TokenCache();
  const tokenCounter = () => tokens.sync();

  const matrices = new MatrixBuilds(host);

  const cacheOfStack = async (
    session: WorkspaceSession,
    target: { kind: 'profile'; profileId: string; agent?: string | undefined },
    context: ParsedContextSpec,
    count: (t: string) => number,
  ): Promise<CacheView> => {
    const outcome = await runBuild(host.preview.inputs(session, 'edited'), target, context);
    if (!outcome.ok) throw new HostError('INVALID_REQUEST', outcome.error);
    const stack = outcome.result as unknown as StackBuildResult & { text: string };
    const report = cacheReport(stack.text, stackVolatileRanges(stack), count);
    const ranges = report.ranges.map((r) => ({
      ...r,
      fields: [...r.fields],
      location:
        r.origin.kind === 'stack' && r.origin.file && !r.origin.file.startsWith('/')
          ? { file: r.origin.file, label: r.origin.label }
          : undefined,
    }));
    let otherSession: CacheView['otherSession'] = null;
    if (context.kind === 'stack') {
      const ctx = context.context;
      const other = {
        ...ctx,
        date: '2030-01-02',
        cwd: typeof ctx.cwd === 'string' && ctx.cwd ? `${ctx.cwd.replace(/\/+$/, '')}-other` : '/home/user/other-project',
      };
      const otherOutcome = await runBuild(host.preview.inputs(session, 'edited'), target, { ...context, context: other });
      if (otherOutcome.ok)
        otherSession = {
          fields: ['cwd', 'date'],
          text: otherOutcome.result.text,
          changes: [
            { field: 'cwd', from: shown(ctx.cwd), to: shown(other.cwd) },
            { field: 'date', from: shown(ctx.date), to: other.date },
          ],
        };
    }
    const first = ranges.find((r) => r.start === report.stablePrefix.chars);
    return {
      text: stack.text,
      stablePrefix: report.stablePrefix,
      firstVolatile: first && report.firstVolatile ? { ...first, excerpt: report.firstVolatile.excerpt } : null,
      ranges,
      providers: report.providers,
      findings: [],
      otherSession,
    };
  };

  const handlers: Pick<ChannelHandlers, CompareChannel> = {
    'compare:set': ({ columns, context }) => live.set(host.requireSession(), columns, context),
    'compare:routing': ({ context, modelIds, providerId }) => {
      const snapshot = host.requireSession().snapshot();
      const base = variantContext(snapshot, context as ParsedContextSpec);
      return routingTable(snapshot.variants, base, modelIds, snapshot.config.fallback, { providerId });
    },
    'compare:matrix': (): Promise<MatrixView> => matrices.request(),
    'compare:matrixCell': ({ variantId, preset }) => {
      const session = host.requireSession();
      const text = snapshotOf(session.snapshot(), variantId, preset);
      if (text === undefined) throw new HostError('NOT_FOUND', `no variant '${variantId}' or preset '${preset}'`);
      return { text, stored: new SnapshotStore(session.realRoot).read(snapshotRelPath(variantId, preset)) ?? null };
    },
    'compare:approve': async ({ cells }) => {
      const session = host.requireSession();
      if (session.readOnly)
        throw new HostError(
          'READ_ONLY',
          'the built-in variants are read-only: copy them into a workspace of your own (workspace:copyTo) to approve snapshots',
        );
      const snapshot = session.snapshot();
      const store = new SnapshotStore(session.realRoot);
      const written: string[] = [];
      const skipped: { variantId: string; preset: string; reason: string }[] = [];
      for (const cell of cells) {
        const text = snapshotOf(snapshot, cell.variantId, cell.preset);
        if (text === undefined) {
          skipped.push({ ...pick(cell), reason: 'no such variant or preset any more' });
          continue;
        }
        if (contentHash(text) !== cell.promptHash) {
          skipped.push({ ...pick(cell), reason: 'the prompt changed since the matrix was shown' });
          continue;
        }
        if (!(await store.write(cell.variantId, cell.preset, text, cell.storedHash))) {
          skipped.push({ ...pick(cell), reason: 'the stored snapshot changed on disk since the matrix was shown' });
          continue;
        }
        written.push(`${SNAPSHOT_DIR}/${snapshotRelPath(cell.variantId, cell.preset)}`);
      }
      return { written, skipped };
    },
    'compare:cache': async ({ target, context, sessionFields }): Promise<CacheView> => {
      const session = host.requireSession();
      const count = await tokenCounter();
      const spec = context as ParsedContextSpec;
      if (target.kind === 'profile') return cacheOfStack(session, target, spec, count);
      const inputs = host.preview.inputs(session, 'edited');
      const snapshot = inputs.snapshot;
      const ctx = variantContext(snapshot, spec);
      const variant = targetVariant(snapshot, target, ctx);
      const build = (ws: WorkspaceSnapshot, v: Variant, c: SystemPromptContext, track: boolean): VariantBuildResult =>
        buildVariantPrompt({
          variant: v,
          context: c,
          components: ws.components,
          tools: ws.tools,
          options: inputs.options,
          trackVolatility: track,
        });
      const result = build(snapshot, variant, ctx, true);
      const report = cacheReport(result.text, result.volatile ?? [], count);
      const where = (r: (typeof report.ranges)[number]) => ({
        ...r,
        fields: [...r.fields],
        location: locateOrigin(snapshot, variant, r.origin),
      });
      const saved = session.docs.dirty().length > 0 ? session.savedSnapshot() : undefined;
      const savedVariant = saved?.variants.find((v) => v.id === variant.id);
      const before = saved && savedVariant ? build(saved, savedVariant, ctx, true) : undefined;
      const findings = lintCacheStability(snapshot, variant, { name: presetName(spec), description: '', context: ctx }, result, before);
      const fields = sessionFields ?? ['cwd', 'date'];
      const env = resolveEnvironment(ctx, inputs.options);
      const other = otherSessionContext(ctx, env, fields);
      const otherEnv = resolveEnvironment(other, inputs.options);
      const value = (c: SystemPromptContext, e: typeof env, field: string): string => {
        if (field === 'cwd') return c.cwd || e.processCwd;
        if (field === 'date') return e.currentDate;
        if (field.startsWith('machine.')) return e.machine[field.slice(8) as keyof typeof e.machine];
        if (field.startsWith('runtimePlaceholders.')) return shown(c.runtimePlaceholders?.[field.slice(20)]);
        return shown((c as Record<string, unknown>)[field]);
      };
      const first = report.ranges.find((r) => r.start === report.stablePrefix.chars);
      return {
        text: result.text,
        stablePrefix: report.stablePrefix,
        firstVolatile: first && report.firstVolatile ? { ...where(first), excerpt: report.firstVolatile.excerpt } : null,
        ranges: report.ranges.map(where),
        providers: report.providers,
        findings,
        otherSession: {
          fields,
          text: build(snapshot, variant, other, false).text,
          changes: fields.map((field) => ({ field, from: value(ctx, env, field), to: value(other, otherEnv, field) })),
        },
      };
    },
    'compare:copy': ({ index, api }) => live.copy(index, api),
    'compare:budgets': async ({ target, context }) => {
      if (target.kind === 'profile') return null;
      const inputs = host.preview.inputs(host.requireSession(), 'edited');
      const ctx = variantContext(inputs.snapshot, context as ParsedContextSpec);
      const variant = targetVariant(inputs.snapshot, target, ctx);
      if (!variant.budgets) return null;
      const result = buildVariantPrompt({
        variant,
        context: ctx,
        components: inputs.snapshot.components,
        tools: inputs.snapshot.tools,
        options: inputs.options,
      });
      return { variantId: variant.id, lines: budgetUsage(variant.budgets, result, await tokenCounter()).lines };
    },
  };
  return {
    handlers,
    warmUp: () => matrices.warmUp(),
    noteActivity: () => matrices.noteActivity(),
    close: () => {
      live.close();
      matrices.close();
    },
  };
}

/** The snapshot file text of a variant under a preset, as `variant-studio snapshot` writes it (undefined: no such variant or preset). */
function snapshotOf(snapshot: WorkspaceSnapshot, variantId: string, preset: string): string | undefined {
  const variant = snapshot.variants.find((v) => v.id === variantId);
  const p = snapshot.presets.find((x) => x.name === preset);
  if (!variant || !p) return undefined;
  const options = deterministicBuildOptions();
  return snapshotFileText(
    buildVariantPrompt({ variant, context: p.context, components: snapshot.components, tools: snapshot.tools, options }).text,
  );
}

function pick(cell: { variantId: string; preset: string }): { variantId: string; preset: string } {
  return { variantId: cell.variantId, preset: cell.preset };
}

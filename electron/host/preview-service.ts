import type { BaselineSpec, BuildOutcome, BuildTarget, PreviewResult } from '../../shared/ipc/contract.js';
import type { VariantBuildResult } from '../../shared/engine/build/build-result.js';
import { stackColumnSections, variantColumnSections, type ColumnSections } from '../../shared/engine/compare/column-sections.js';
import { sectionSizes, type SectionSize } from '../../shared/engine/compare/section-sizes.js';
import {
  checkContextWindow,
  modelForVariantBuild,
  modelOfContext,
  type ContextWindowCheck,
  type ModelOfBuild,
} from '../../shared/engine/models/context-window.js';
import type { StackBuildResult } from '../../shared/stack/build.js';
import { loadStackProfile } from '../../shared/stack/index.js';
import { outcomeText, resolveVariantContext, runBuild, type BuildInputs, type ParsedContextSpec } from './build-runner.js';
import type { HostContext } from './host-context.js';
import { hostBuildOptions } from './machine.js';
import { mark } from '../../shared/ipc/trace.js';
import { countTokens } from './tokens.js';
import type { WorkspaceSession } from './workspace-session.js';

/** Pinned snapshots kept at most (snapshot:pin), and their characters together. */
export const MAX_PINS = 16;
export const MAX_PINNED_CHARS = 8_000_000;

/** Windows whose preview:shown is remembered at most (the ones told of longest ago go first). */
const MAX_WINDOWS = 32;

/** How long the workspace view waits after a rebuild (see HostContext.scheduleViewRefresh). */
const VIEW_REFRESH_AFTER_REBUILD_MS = 50;

/** A change of what builds read: edited files (by path), the saved files, or the whole workspace (another one opened). */
export type InputChange = { kind: 'edited'; paths: readonly string[] } | { kind: 'saved' } | { kind: 'session' };

export interface PreviewSpec {
  target: BuildTarget;
  context: ParsedContextSpec;
  baseline: BaselineSpec;
}

/**
 * The live preview: what it shows (set by preview:set), rebuilding it after every change that
 * is one of its inputs, its baseline, its token counts, and the pinned snapshots a baseline
 * can name. Results go out as preview:result and preview:tokens events.
 */
export class PreviewService {
  private spec?: PreviewSpec;
  private seq = 0;
  /** Resolves once the scheduled rebuild has run (its result emitted). */
  private rebuildScheduled?: Promise<void> | undefined;
  private rebuildRunning?: Promise<void> | undefined;
  private tokenTimer?: NodeJS.Timeout | undefined;
  private readonly pins = new Map<string, string>();
  private savedBaselineCache?: { key: string; outcome: BuildOutcome } | undefined;
  private readonly inputListeners = new Set<(change: InputChange) => void>();
  /** Each window that said (preview:shown) whether it has the preview on screen. */
  private readonly windowsShowing = new Map<string, boolean>();
  /** A rebuild was left out because no window showed the preview: the result it has is behind. */
  private behind = false;

  constructor(private readonly host: HostContext) {}

  /**
   * Tells `listener` about every change of the workspace's inputs this service hears of
   * (edits, saves, disk changes, another workspace), so other live views (the compare view)
   * rebuild when the preview would. Returns the function that stops listening.
   */
  onInputsChanged(listener: (change: InputChange) => void): () => void {
    this.inputListeners.add(listener);
    return () => this.inputListeners.delete(listener);
  }

  private inputsChanged(change: InputChange): void {
    for (const listener of this.inputListeners) {
      try {
        listener(change);
      } catch (error) {
        this.host.reportError('inputs listener', error);
      }
    }
  }

  /**
   * Whether the preview is built after changes: unless every window that said whether it
   * shows the preview has it out of sight (the compare view over the whole window).
   */
  private get wanted(): boolean {
    if (this.windowsShowing.size === 0) return true;
    for (const showing of this.windowsShowing.values()) if (showing) return true;
    return false;
  }

  /**
   * `window` has the preview on screen or not (preview:shown). Once it is wanted again after
   * rebuilds were left out, it is rebuilt now, its result emitted before this resolves (true);
   * false when nothing was left out (the result sent last is current).
   */
  async setShown(window: string, shown: boolean): Promise<boolean> {
    this.windowsShowing.delete(window);
    this.windowsShowing.set(window, shown);
    for (const oldest of this.windowsShowing.keys()) {
      if (this.windowsShowing.size <= MAX_WINDOWS) break;
      this.windowsShowing.delete(oldest);
    }
    if (!this.wanted || !this.behind) return false;
    await this.scheduleRebuild();
    return true;
  }

  get current(): PreviewSpec | undefined {
    return this.spec;
  }

  /** Shows `spec` from now on; answers its first result. A spec whose first build throws is not kept. */
  async set(session: WorkspaceSession, spec: PreviewSpec): Promise<PreviewResult> {
    const previous = this.spec;
    this.spec = spec;
    this.savedBaselineCache = undefined;
    let result: PreviewResult;
    try {
      result = await this.compute(session, spec);
    } catch (error) {
      if (this.spec === spec) this.spec = previous;
      throw error;
    }
    // The answer is a fresh build of what is shown from now on.
    if (this.spec === spec) this.behind = false;
    this.scheduleTokens(result);
    return result;
  }

  /**
   * Keeps `text` as the baseline named `name`; answers every pinned name. At most MAX_PINS
   * texts of MAX_PINNED_CHARS together are kept: beyond that the pins made longest ago go
   * (never the one just made, nor the one the preview is diffed against).
   */
  pin(name: string, text: string): string[] {
    this.pins.delete(name);
    this.pins.set(name, text);
    const inUse = this.spec?.baseline.kind === 'snapshot' ? this.spec.baseline.name : undefined;
    let total = 0;
    for (const kept of this.pins.values()) total += kept.length;
    for (const [oldest, oldText] of [...this.pins]) {
      if (this.pins.size <= MAX_PINS && total <= MAX_PINNED_CHARS) break;
      if (oldest === name || oldest === inUse) continue;
      this.pins.delete(oldest);
      total -= oldText.length;
    }
    if (inUse === name) void this.scheduleRebuild();
    return [...this.pins.keys()].sort();
  }

  /** Lets the baseline named `name` go; answers every pinned name (a preview diffed against it says it is gone). */
  unpin(name: string): string[] {
    if (this.pins.delete(name) && this.spec?.baseline.kind === 'snapshot' && this.spec.baseline.name === name) void this.scheduleRebuild();
    return [...this.pins.keys()].sort();
  }

  /** The inputs of a build from the workspace as edited, or as last saved. */
  inputs(session: WorkspaceSession, which: 'edited' | 'saved'): BuildInputs {
    const common = { options: hostBuildOptions(), grantedFolders: this.host.grantedFolders };
    if (which === 'edited') return { ...common, snapshot: session.snapshot(), profile: (id) => session.profile(id) };
    return {
      ...common,
      snapshot: session.savedSnapshot(),
      profile: (id) => loadStackProfile(session.docs.savedSource(), `profiles/${id}`),
    };
  }

  /**
   * Something in the workspace changed: rebuild if it is an input of the preview, and refresh
   * the view. Resolves when the rebuild's result has been emitted.
   */
  changed(paths: readonly string[]): Promise<void> {
    this.inputsChanged({ kind: 'edited', paths });
    const spec = this.spec;
    if (!spec || paths.some((p) => affectsPreview(p, spec))) return this.scheduleRebuild();
    this.host.scheduleViewRefresh(0);
    return Promise.resolve();
  }

  /** The saved files changed (a save, a delete): the saved baseline is stale. */
  savedChanged(): void {
    this.inputsChanged({ kind: 'saved' });
    this.savedBaselineCache = undefined;
    if (this.spec?.baseline.kind === 'saved') void this.scheduleRebuild();
    else this.host.scheduleViewRefresh(0);
  }

  /** Files changed on disk and were taken in: the saved baseline is stale, and the preview may be too. */
  diskChanged(paths: readonly string[]): void {
    this.savedBaselineCache = undefined;
    if (this.spec?.baseline.kind === 'saved') {
      this.inputsChanged({ kind: 'edited', paths });
      void this.scheduleRebuild();
    } else void this.changed(paths);
  }

  /** Another workspace was opened: the saved baseline belongs to the old one. */
  sessionOpened(): void {
    this.inputsChanged({ kind: 'session' });
    this.savedBaselineCache = undefined;
    if (this.spec) void this.scheduleRebuild();
  }

  /** Rebuilds when the preview reads real instruction files (a folder was just granted). */
  grantsChanged(): void {
    if (this.spec?.context.kind === 'stack' && this.spec.context.discovery === 'real') void this.scheduleRebuild();
  }

  /** Waits until a scheduled rebuild has run. */
  async settle(): Promise<void> {
    while (this.rebuildScheduled || this.rebuildRunning) {
      await new Promise((resolve) => setImmediate(resolve));
      if (this.rebuildRunning) await this.rebuildRunning;
    }
  }

  close(): void {
    if (this.tokenTimer) clearTimeout(this.tokenTimer);
    this.tokenTimer = undefined;
  }

  private async baselineOf(session: WorkspaceSession, spec: PreviewSpec): Promise<PreviewResult['baseline']> {
    const { baseline } = spec;
    const fromOutcome = (outcome: BuildOutcome): PreviewResult['baseline'] =>
      outcome.ok ? { spec: baseline, text: outcomeText(outcome) } : { spec: baseline, text: null, error: outcome.error };
    switch (baseline.kind) {
      case 'none':
        return { spec: baseline, text: null };
      case 'saved': {
        // The same context as the preview (a preset as edited): the question is what the
        // unsaved edits of the prompt's files change in the prompt.
        const context = (spec.context.kind === 'preset' ? presetAsInline(session, spec.context.name) : undefined) ?? spec.context;
        const key = JSON.stringify([session.id, session.docs.savedVersion, spec.target, context]);
        if (this.savedBaselineCache?.key !== key) {
          this.savedBaselineCache = { key, outcome: await runBuild(this.inputs(session, 'saved'), spec.target, context) };
        }
        return fromOutcome(this.savedBaselineCache.outcome);
      }
      case 'variant':
        return fromOutcome(
          await runBuild(this.inputs(session, 'edited'), { kind: 'variant', variantId: baseline.variantId }, spec.context),
        );
      case 'preset':
        return fromOutcome(await runBuild(this.inputs(session, 'edited'), spec.target, { kind: 'preset', name: baseline.name }));
      case 'snapshot': {
        const text = this.pins.get(baseline.name);
        return text === undefined
          ? { spec: baseline, text: null, error: `no pinned snapshot '${baseline.name}'` }
          : { spec: baseline, text };
      }
    }
  }

  private async compute(session: WorkspaceSession, spec: PreviewSpec): Promise<PreviewResult> {
    const seq = ++this.seq;
    mark('host:build:preview');
    const outcome = await runBuild(this.inputs(session, 'edited'), spec.target, spec.context);
    const baseline = await this.baselineOf(session, spec);
    mark('host:built:preview');
    return { seq, target: spec.target, outcome, baseline };
  }

  private scheduleRebuild(): Promise<void> {
    this.rebuildScheduled ??= new Promise((resolve) => setImmediate(() => void this.runRebuild().then(resolve)));
    return this.rebuildScheduled;
  }

  private async runRebuild(): Promise<void> {
    if (this.rebuildRunning) await this.rebuildRunning;
    this.rebuildScheduled = undefined;
    const session = this.host.session;
    const spec = this.spec;
    if (!session || this.host.closed) return;
    const work = (async () => {
      if (spec && !this.wanted) this.behind = true;
      else if (spec) {
        this.behind = false;
        const result = await this.compute(session, spec);
        if (session === this.host.session && spec === this.spec) {
          this.host.emit('preview:result', result);
          this.scheduleTokens(result);
        }
      }
      if (session === this.host.session) this.host.scheduleViewRefresh(VIEW_REFRESH_AFTER_REBUILD_MS);
    })();
    this.rebuildRunning = work.catch((error) => this.host.reportError('rebuild', error));
    await this.rebuildRunning;
    this.rebuildRunning = undefined;
  }

  /**
   * The sizes of a result's sections (the function every view uses) and its check against
   * the model's context window; undefined when the result went stale meanwhile.
   */
  private async sizesOf(
    session: WorkspaceSession,
    spec: PreviewSpec,
    outcome: BuildOutcome,
    promptTokens: number,
    stale: () => boolean,
  ): Promise<{ sections: SectionSize[]; contextWindow: ContextWindowCheck | null } | undefined> {
    if (!outcome.ok) return undefined;
    const snapshot = session.snapshot();
    let sections: ColumnSections;
    let model: ModelOfBuild | undefined;
    let modelFrom: 'context' | 'variant' = 'context';
    let config: Record<string, unknown> | undefined;
    let tools;
    if (outcome.kind === 'stack') {
      const stack = outcome.result as unknown as StackBuildResult;
      sections = stackColumnSections(stack);
      model = stack.modelId ? { id: stack.modelId, providerId: stack.providerId } : undefined;
    } else {
      const result = outcome.result as VariantBuildResult;
      const variant = snapshot.variants.find((v) => v.id === result.variantId);
      sections = variantColumnSections(result, variant);
      const resolved = resolveVariantContext(snapshot, spec.context);
      const chosen =
        resolved.ok && variant
          ? modelForVariantBuild(snapshot.variants, snapshot.config.fallback, variant, resolved.value, snapshot.modelLimits)
          : { model: resolved.ok ? modelOfContext(resolved.value) : undefined, from: 'context' as const };
      model = chosen.model;
      modelFrom = chosen.from;
      config = variant?.config;
      tools = result.tools.native;
    }
    // Counted like the prompt itself (in slices that let the event loop run), so a huge section does not hold the host.
    const counts = new Map<string, number>([[outcome.result.text, promptTokens]]);
    for (const row of sections.rows) {
      const text = row.occurrences.join('');
      if (!counts.has(text)) counts.set(text, (await countTokens(text)).o200k);
      if (stale()) return undefined;
    }
    for (const shape of tools ? [tools.openai, tools.anthropic, tools.gemini] : []) {
      const text = shape.length ? JSON.stringify(shape) : '';
      if (text && !counts.has(text)) counts.set(text, (await countTokens(text)).o200k);
    }
    if (stale()) return undefined;
    const count = (text: string): number => counts.get(text) ?? 0;
    const contextWindow =
      checkContextWindow({ model, modelFrom, text: outcome.result.text, tools, config, table: snapshot.modelLimits, countTokens: count }) ??
      null;
    return { sections: sectionSizes(sections, count), contextWindow };
  }

  private scheduleTokens(result: PreviewResult): void {
    if (this.tokenTimer) clearTimeout(this.tokenTimer);
    this.tokenTimer = setTimeout(() => {
      this.tokenTimer = undefined;
      if (result.seq !== this.seq || this.host.closed) return;
      const text = outcomeText(result.outcome);
      const session = this.host.session;
      const spec = this.spec;
      void (async () => {
        try {
          mark('host:tokens:preview');
          const counts = await countTokens(text ?? '');
          const baseline = result.baseline.text === null ? null : await countTokens(result.baseline.text);
          mark('host:counted:preview');
          const stale = () => result.seq !== this.seq || this.host.closed;
          const sized = session && spec ? await this.sizesOf(session, spec, result.outcome, counts.o200k, stale) : undefined;
          if (!stale()) this.host.emit('preview:tokens', { seq: result.seq, text: counts, baseline, ...sized });
        } catch (error) {
          this.host.reportError('tokens', error);
        }
      })();
    }, this.host.options.tokenDebounceMs ?? 150);
  }
}

function presetAsInline(session: WorkspaceSession, name: string): ParsedContextSpec | undefined {
  const resolved = resolveVariantContext(session.snapshot(), { kind: 'preset', name });
  return resolved.ok ? { kind: 'inline', context: resolved.value } : undefined;
}

/** Whether a change of the workspace file `rel` can change what `spec` shows. */
function affectsPreview(rel: string, spec: PreviewSpec): boolean {
  const { target, baseline, context } = spec;
  if (rel.startsWith('profiles/')) return target.kind === 'profile' && rel.startsWith(`profiles/${target.profileId}/`);
  if (target.kind === 'profile') return context.kind !== 'stack' && rel.startsWith('contexts/');
  const variant = /^variants\/([^/]+)\//.exec(rel)?.[1];
  if (variant === undefined) return true;
  if (target.kind === 'selected') return true;
  return variant === target.variantId || (baseline.kind === 'variant' && baseline.variantId === variant);
}

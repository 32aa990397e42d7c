import type { CompareColumnSpec, CompareColumnView, CompareResult, ContextSpec } from '../../shared/ipc/contract.js';
import { budgetUsage } from '../../shared/engine/budgets/token-budgets.js';
import { alignColumns, type AlignedCell, type AlignedRow } from '../../shared/engine/compare/align-sections.js';
import { rowSize } from '../../shared/engine/compare/section-sizes.js';
import { buildCompareColumns, type CompareColumn } from '../../shared/engine/compare/compare-builds.js';
import { columnAfterTemplateEdit, type ColumnBuilt } from '../../shared/engine/compare/column-ahead.js';
import { TEMPLATE_TEXT } from '../../shared/engine/compare/section-texts.js';
import { cellMadeByEdit } from '../../shared/ipc/compare-wire.js';
import type { EditMadeBy } from '../../shared/ipc/text-splice.js';
import { stackColumnSections, variantColumnSections, type ColumnSections } from '../../shared/engine/compare/column-sections.js';
import type { StackBuildResult } from '../../shared/stack/build.js';
import { contextForModel } from '../../shared/engine/routing/routing-table.js';
import type { ApiKind } from '../../shared/requests/api-kind.js';
import { requestBodyText } from '../../shared/requests/request-bodies.js';
import { requestInputFromStack, requestInputFromVariant, type RequestInput } from '../../shared/requests/request-input.js';
import type { RequestModel } from '../../shared/requests/request-model.js';
import { checkContextWindow, modelForVariantBuild, modelOfContext, type ModelOfBuild } from '../../shared/engine/models/context-window.js';
import type { NativeToolDefinitions } from '../../shared/engine/tools/native-tools.js';
import { HostError } from '../../shared/ipc/host-error.js';
import { mark } from '../../shared/ipc/trace.js';
import { resolveVariantContext, runBuild, type BuildInputs, type ParsedContextSpec } from './build-runner.js';
import type { HostContext } from './host-context.js';
import type { InputChange } from './preview-service.js';
import { TokenCache } from './token-cache.js';
import type { WorkspaceSession } from './workspace-session.js';

interface CompareSpec {
  columns: CompareColumnSpec[];
  context: ParsedContextSpec;
}

interface BuiltColumn {
  /** What the column was built from besides the files (see columnKey). */
  key?: string | undefined;
  view: CompareColumnView;
  sections: ColumnSections;
  text: string;
  /** The engine's column (variant columns), for budgets. */
  variant?: CompareColumn | undefined;
  /** What an API request for the column holds (built columns), for a body of that API. */
  request?: ((api: ApiKind) => RequestInput) | undefined;
  /** What the context-window check reads besides the text (built columns). */
  window?: {
    model: ModelOfBuild | undefined;
    modelFrom?: 'context' | 'variant' | undefined;
    config?: Record<string, unknown> | undefined;
    tools?: NativeToolDefinitions | undefined;
  };
  /** A variant column's prompt with its sections and the variant it is of: what a template edit is made on without a build. */
  made?: ColumnBuilt | undefined;
  /**
   * Made by template edits since its last build (columnAfterTemplateEdit): its text and rows
   * are certain, what else the build gives (variant, request, window) is the last build's.
   * It is built before its tokens are counted or it is copied.
   */
  ahead?: true | undefined;
}

/** How long after the last result tokens are counted. */
const TOKEN_DELAY_MS = 150;
/** How long after the counts the columns made ahead of their builds are built (a user typing on is not kept waiting by them). */
const CONFIRM_DELAY_MS = 1000;

/**
 * The compare view's live data: its columns built from the workspace as edited, rebuilt after
 * every change like the preview (compare:result events), then their token counts and budget
 * usage (compare:tokens). Columns are independent: one that fails shows its error.
 */
export class CompareService {
  private spec?: CompareSpec | undefined;
  private seq = 0;
  private scheduled = false;
  private tokenTimer?: NodeJS.Timeout | undefined;
  private readonly tokens = new TokenCache();
  /** Files edited since the columns were last built; 'all' when any column may have changed. */
  private changedPaths: Set<string> | 'all' = 'all';
  private computing = 0;

  constructor(private readonly host: HostContext) {
    host.preview.onInputsChanged((change) => this.inputsChanged(change));
  }

  /** Shows `columns` from now on (none: stops); answers the first result. */
  async set(session: WorkspaceSession, columns: CompareColumnSpec[], context: ContextSpec): Promise<CompareResult> {
    this.spec = columns.length > 0 ? { columns, context: context as ParsedContextSpec } : undefined;
    this.changedPaths = 'all';
    const result = await this.compute(session, columns, context as ParsedContextSpec);
    if (this.spec) this.scheduleTokens(result.seq);
    return result.view;
  }

  close(): void {
    if (this.tokenTimer) clearTimeout(this.tokenTimer);
    this.tokenTimer = undefined;
    this.spec = undefined;
  }

  private last?: { seq: number; session: WorkspaceSession; columns: BuiltColumn[]; aligned: AlignedRow[]; view: CompareResult } | undefined;

  private inputsChanged(change: InputChange): void {
    if (!this.spec || change.kind === 'saved') return;
    if (change.kind !== 'edited') this.changedPaths = 'all';
    else if (this.changedPaths !== 'all') for (const path of change.paths) this.changedPaths.add(path);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      const session = this.host.session;
      const spec = this.spec;
      if (!session || !spec || this.host.closed) return;
      void this.compute(session, spec.columns, spec.context)
        .then((result) => {
          if (spec !== this.spec || session !== this.host.session) return;
          this.host.emit('compare:result', result.view);
          this.scheduleTokens(result.seq);
        })
        .catch((error) => this.host.reportError('compare', error));
    });
  }

  private async buildColumn(inputs: BuildInputs, spec: CompareColumnSpec, context: ParsedContextSpec): Promise<BuiltColumn> {
    mark('host:column:compare');
    const presetName = spec.preset ?? (context.kind === 'preset' ? context.name : 'context');
    let columnContext: ParsedContextSpec = spec.preset !== undefined ? { kind: 'preset', name: spec.preset } : context;
    if (spec.kind === 'profile') {
      // A stack preset of the workspace gives the stack context itself (its virtual files included).
      const stackPreset = spec.preset !== undefined ? inputs.snapshot.stackPresets.find((p) => p.name === spec.preset) : undefined;
      if (stackPreset) columnContext = { kind: 'stack', context: stackPreset.context as unknown as Record<string, unknown> };
      const label = `${spec.profileId}${spec.agent ? ` (${spec.agent})` : ''}${spec.preset ? ` @ ${spec.preset}` : ''}`;
      const outcome = await runBuild(inputs, { kind: 'profile', profileId: spec.profileId, agent: spec.agent }, columnContext);
      if (!outcome.ok) return failed(spec, label, presetName, outcome.error, 'stack');
      const stack = outcome.result as unknown as StackBuildResult & { text: string };
      return {
        view: {
          spec,
          label,
          variantId: null,
          why: `stack profile ${spec.profileId}, agent ${stack.agent}`,
          preset: presetName,
          kind: 'stack',
          chars: stack.text.length,
        },
        sections: stackColumnSections(stack),
        text: stack.text,
        request: (api) => requestInputFromStack(stack, api),
        window: { model: stack.modelId ? { id: stack.modelId, providerId: stack.providerId } : undefined },
      };
    }
    const resolved = resolveVariantContext(inputs.snapshot, columnContext);
    const label = spec.kind === 'variant' ? spec.variantId : spec.modelId;
    if (!resolved.ok) return failed(spec, label, presetName, resolved.error, 'variant');
    const [column] = buildCompareColumns(
      inputs.snapshot,
      [{ ...spec, preset: undefined }],
      { name: presetName, context: resolved.value, preset: () => undefined },
      inputs.options,
    );
    const c = column!;
    const at = spec.preset ? ` @ ${spec.preset}` : '';
    const builtContext = spec.kind === 'model' ? contextForModel(resolved.value, spec.modelId, spec.providerId) : resolved.value;
    // A model column is that model's; a variant column is checked as modelForVariantBuild says.
    const { snapshot } = inputs;
    const chosen =
      spec.kind === 'variant' && c.variant
        ? modelForVariantBuild(snapshot.variants, snapshot.config.fallback, c.variant, builtContext, snapshot.modelLimits)
        : { model: modelOfContext(builtContext), from: 'context' as const };
    const checkedModel = { model: chosen.model, modelFrom: chosen.from };
    if (!c.result || !c.variant) return failed(spec, `${c.label}${at}`, presetName, c.error ?? 'not built', 'variant');
    const sections = variantColumnSections(c.result, c.variant);
    return {
      view: {
        spec,
        label: `${c.label}${at}`,
        variantId: c.variantId,
        why: c.why,
        preset: presetName,
        kind: 'variant',
        chars: c.result.text.length,
        tools: c.tools,
      },
      sections,
      text: c.result.text,
      made: {
        built: { text: c.result.text, sections: c.result.sections, placeholderKeys: c.result.placeholderKeys },
        sections,
        variant: c.variant,
      },
      variant: c,
      request: (api) => requestInputFromVariant(c.result!, builtContext, c.variant, api),
      window: { ...checkedModel, config: c.variant.config, tools: c.result.tools.native },
    };
  }

  private async compute(
    session: WorkspaceSession,
    specs: readonly CompareColumnSpec[],
    context: ParsedContextSpec,
  ): Promise<{ seq: number; view: CompareResult }> {
    const seq = ++this.seq;
    mark('host:build:compare');
    // While another build of the columns is under way, the last columns may miss its changes: build all.
    const changed = this.computing > 0 ? 'all' : this.changedPaths;
    this.changedPaths = new Set();
    this.computing++;
    try {
      const date = new Date().toISOString().slice(0, 10);
      const before = this.last?.session === session && changed !== 'all' ? this.last.columns : [];
      const columns: BuiltColumn[] = [];
      /** Columns made by an edit in this call (their template text's edit is sent as it is). */
      const madeNow = new Set<BuiltColumn>();
      // One set of inputs for every column (reading the machine's facts costs a few system calls).
      let inputs: BuildInputs | undefined;
      for (const spec of specs) {
        const key = columnKey(spec, context, date);
        const kept = before.find((c) => c.key === key);
        const affecting = kept ? [...changed].filter((path) => affectsColumn(path, kept)) : [];
        if (kept && affecting.length === 0) columns.push(kept);
        else {
          inputs ??= this.host.preview.inputs(session, 'edited');
          const ahead = columnAhead(kept, affecting, inputs, (rel) => session.docs.get(rel)?.madeBy);
          if (ahead) {
            mark('host:ahead:compare');
            madeNow.add(ahead);
          }
          columns.push(ahead ?? { ...(await this.buildColumn(inputs, spec, context)), key });
        }
      }
      const aligned = alignColumns(columns.map((c) => c.sections));
      const rows = aligned.map((row) => ({
        key: row.key,
        cells: row.cells.map((cell, i) => {
          if (!cell.present) return { reason: cell.reason };
          const shown = { text: cell.text, ...(cell.uses > 1 ? { uses: cell.uses } : {}) };
          // The template text of a column made by an edit: the edit goes on the wire as it is.
          const made = madeNow.has(columns[i]!) ? columns[i]!.made?.rowEdit : undefined;
          if (made && row.key === TEMPLATE_TEXT) cellMadeByEdit(shown, made.from, made.edit);
          return shown;
        }),
      }));
      const view: CompareResult = { seq, columns: columns.map((c) => c.view), rows };
      if (!this.last || this.last.seq < seq) this.last = { seq, session, columns, aligned, view };
      mark('host:built:compare');
      return { seq, view };
    } finally {
      this.computing--;
    }
  }

  /** A column as last shown: its prompt text, or with `api` its request body and the model it names. */
  async copy(index: number, api?: ApiKind): Promise<{ label: string; text: string; model?: RequestModel }> {
    const shown = this.last?.columns[index];
    const spec = this.spec;
    if (!spec || !shown) throw new HostError('NOT_FOUND', `the compare view has no column ${index + 1}`);
    if (shown.view.error || !shown.request) throw new HostError('BUILD_FAILED', `${shown.view.label}: ${shown.view.error ?? 'not built'}`);
    if (api === undefined) return { label: shown.view.label, text: shown.text };
    // A column made ahead has the last build's request: its body comes from a build of what it shows.
    const column = shown.ahead
      ? await this.buildColumn(this.host.preview.inputs(this.last!.session, 'edited'), shown.view.spec, spec.context)
      : shown;
    if (column.view.error || !column.request)
      throw new HostError('BUILD_FAILED', `${column.view.label}: ${column.view.error ?? 'not built'}`);
    const input = column.request(api);
    return { label: column.view.label, text: requestBodyText(api, input), model: input.modelChoice! };
  }

  /**
   * Builds the columns of `last` made ahead of their builds that `which` picks, one per turn,
   * in place (the view shows the same). True when `last` is then current with those built;
   * false when a newer result is on its way (its tokens are counted then), or a build showed
   * something else than was made ahead (a new result is computed from builds only and shown).
   */
  private async settle(last: NonNullable<CompareService['last']>, which: (column: BuiltColumn) => boolean): Promise<boolean> {
    for (let i = 0; i < last.columns.length; i++) {
      const column = last.columns[i]!;
      if (!column.ahead || !which(column)) continue;
      await new Promise<void>((resolve) => setImmediate(resolve));
      const spec = this.spec;
      const quiet = this.changedPaths !== 'all' && this.changedPaths.size === 0 && !this.scheduled && this.computing === 0;
      if (!spec || this.last !== last || !quiet || this.host.closed || this.host.session !== last.session) return false;
      const built: BuiltColumn = {
        ...(await this.buildColumn(this.host.preview.inputs(last.session, 'edited'), column.view.spec, spec.context)),
        key: column.key,
      };
      if (this.last !== last) return false;
      if (built.text !== column.text || !sameRows(built.sections, column.sections)) {
        // Never expected (column-ahead.test.ts): said, and the builds shown instead.
        this.host.reportError('compare', new Error(`column ${column.view.label} made ahead of its build differed from the build`));
        this.inputsChanged({ kind: 'session' });
        return false;
      }
      last.columns[i] = built;
    }
    return true;
  }

  /** After a longer pause, the columns made ahead are built, to check what they show (see settle). */
  private scheduleConfirm(last: NonNullable<CompareService['last']>): void {
    if (!last.columns.some((c) => c.ahead)) return;
    this.tokenTimer = setTimeout(() => {
      this.tokenTimer = undefined;
      this.settle(last, () => true).catch((error) => this.host.reportError('compare', error));
    }, CONFIRM_DELAY_MS);
  }

  private scheduleTokens(seq: number): void {
    if (this.tokenTimer) clearTimeout(this.tokenTimer);
    this.tokenTimer = setTimeout(() => {
      this.tokenTimer = undefined;
      const last = this.last;
      if (!last || last.seq !== seq || this.host.closed) return;
      void (async () => {
        try {
          // A column made ahead has its text and rows; budgets read the build's sections: build those first.
          if (!(await this.settle(last, (c) => c.variant?.variant?.budgets !== undefined))) return;
          const stale = () => this.last?.seq !== seq || this.host.closed;
          // What a section's size counts (section-sizes.ts): every use of it, as one text.
          const counted = (cell: AlignedCell): string | null => (cell.present ? cell.row.occurrences.join('') : null);
          const texts = [
            ...last.aligned.flatMap((row) => row.cells.flatMap((cell) => counted(cell) ?? [])),
            ...last.columns.map((c) => c.text),
          ];
          if ((await this.tokens.countAll(texts, stale)) === null || stale()) return;
          const count = await this.tokens.sync();
          this.host.emit('compare:tokens', {
            seq,
            rows: last.aligned.map((row) => row.cells.map((cell) => (cell.present ? rowSize(cell.row, count).tokens : null))),
            chars: last.aligned.map((row) => row.cells.map((cell) => (cell.present ? cell.chars : null))),
            totals: last.columns.map((c) => (c.view.error ? null : count(c.text))),
            contextWindows: last.columns.map((c) =>
              c.window && !c.view.error
                ? (checkContextWindow({ ...c.window, text: c.text, table: last.session.snapshot().modelLimits, countTokens: count }) ??
                  null)
                : null,
            ),
            budgets: last.columns.map((c) =>
              c.variant?.variant?.budgets && c.variant.result
                ? budgetUsage(c.variant.variant.budgets, c.variant.result, count).lines
                : null,
            ),
          });
          this.scheduleConfirm(last);
        } catch (error) {
          this.host.reportError('compare tokens', error);
        }
      })();
    }, TOKEN_DELAY_MS);
  }
}

function failed(spec: CompareColumnSpec, label: string, preset: string, error: string, kind: 'variant' | 'stack'): BuiltColumn {
  return {
    view: { spec, label, variantId: null, why: '', preset, kind, error, chars: 0 },
    sections: { rows: [], absentReason: () => error },
    text: '',
  };
}

/**
 * `kept` after edits of `affecting` paths, without a build: when they are all its variant's base
 * template and the edit is certain (column-ahead.ts). Undefined: build it.
 */
function columnAhead(
  kept: BuiltColumn | undefined,
  affecting: readonly string[],
  inputs: BuildInputs,
  madeBy: (rel: string) => EditMadeBy | undefined,
): BuiltColumn | undefined {
  const made = kept?.made;
  const template = made?.variant.files?.template;
  if (!kept || !made || !template || affecting.some((path) => path !== template)) return undefined;
  const variant = inputs.snapshot.variants.find((v) => v.id === made.variant.id);
  const next = variant && columnAfterTemplateEdit(made, variant, madeBy(template));
  if (!next) return undefined;
  if (next.built === made.built) return { ...kept, made: next };
  return {
    ...kept,
    made: next,
    sections: next.sections,
    text: next.built.text,
    view: { ...kept.view, chars: next.built.text.length },
    ahead: true,
  };
}

/** Whether two columns' rows show and count the same. */
function sameRows(a: ColumnSections, b: ColumnSections): boolean {
  return (
    a.rows.length === b.rows.length &&
    a.rows.every((row, i) => {
      const other = b.rows[i]!;
      return (
        row.key === other.key &&
        row.text === other.text &&
        row.occurrences.length === other.occurrences.length &&
        row.occurrences.every((o, j) => o === other.occurrences[j])
      );
    })
  );
}

/** A column's spec, the view's context and the day: a column built for the same key can be kept. */
function columnKey(spec: CompareColumnSpec, context: ParsedContextSpec, date: string): string {
  return JSON.stringify([spec, context, date]);
}

/**
 * Whether an edit of the workspace file `path` can change a built column. A variant's
 * build reads its own folder and everything outside variants/; a model column also reads
 * every variant.yaml (the matchers that route it). An edit in another variant's folder,
 * other than its variant.yaml, changes neither, so while the user types in one variant's
 * template the columns of the others are kept as they are. Stack profile columns are always
 * built again (they may read real instruction files).
 */
function affectsColumn(path: string, column: BuiltColumn): boolean {
  const spec = column.view.spec;
  if (spec.kind === 'profile') return true;
  const folder = /^variants\/([^/]+)\/(.*)$/.exec(path);
  if (!folder) return true;
  const [, variantId, file] = folder;
  return file === 'variant.yaml' || variantId === column.view.variantId || (spec.kind === 'variant' && variantId === spec.variantId);
}

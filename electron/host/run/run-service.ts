import type { ApiKind } from '../../../shared/requests/api-kind.js';
import type { ChannelRequest, ConnectionsPayload, TestListPayload } from '../../../shared/ipc/contract.js';
import { HostError } from '../../../shared/ipc/host-error.js';
import { deterministicBuildOptions } from '../../../shared/engine/snapshots/snapshot-files.js';
import { baseUrlOf, type Connection } from '../../../shared/wire/connections.js';
import { modelsUrl, requestHeaders } from '../../../shared/wire/endpoints.js';
import { httpErrorMessage } from '../../../shared/wire/reply-decoder.js';
import type { EvalSummaryView, RunRecord } from '../../../shared/wire/run-result.js';
import type { WireEvent } from '../../../shared/wire/wire-event.js';
import type { BuildInputs, ParsedContextSpec } from '../build-runner.js';
import type { HostContext } from '../host-context.js';
import { columnLabel, columnRequest, type ColumnRequest, type ColumnRequestOutcome } from './column-request.js';
import { connectionsFile, ConnectionService } from './connection-service.js';
import { planEval, testColumns } from './eval-plan.js';
import { cellView, EvalEventBatch, EvalRequests } from './eval-events.js';
import { cellBuilds, runEval } from './eval-runner.js';
import { builtEvalWorker, runEvalInWorker } from './eval-in-worker.js';
import type { ClientLimits } from './http-client.js';
import { KeychainKeyStore, MemoryKeyStore, type KeyCipher } from './key-store.js';
import { ExactTokenCounts, twoCallCacheCheck } from './provider-checks.js';
import { RecordingStore } from './recordings.js';
import { RunHistory } from './run-history.js';
import { prepareRequest, runCell } from './run-cell.js';
import { scrubSecret } from './secret-scrub.js';
import { SpendGuard } from './spend-guard.js';
import { priceTable } from '../../../shared/wire/prices.js';
import { loadWorkspaceTests, TESTS_DIR } from './workspace-tests.js';
import { evaluateAssertions } from '../../../shared/wire/assertions.js';
import { testTurns, type WorkspaceTest } from '../../../shared/wire/test-file.js';

/**
 * The run channel group's service: sends one column's request, runs evals, keeps the run
 * history and the connections. Keys stay in the key store and the client's headers; what
 * goes to the renderer (answers and events) never holds one.
 */

export interface RunServiceOptions {
  /** The OS keychain (desktop, from Electron's safeStorage); without it keys are kept in memory for the session. */
  keyCipher?: KeyCipher | undefined;
  /** Where standard key variables are read (default process.env). */
  env?: Readonly<Record<string, string | undefined>> | undefined;
  /** Client limits (tests shorten them). */
  limits?: Partial<ClientLimits> | undefined;
  /**
   * The eval worker's file (eval-in-worker.ts); null runs evals on the host's thread. Default:
   * the built worker next to the host's code, if there is one (not when running from sources).
   */
  evalWorker?: URL | null | undefined;
}

const DEFAULT_CONCURRENCY = 4;
const EVENT_BATCH_MS = 16;
const MAX_CACHED_BUILDS = 2000;

export class RunService {
  readonly connections: ConnectionService;
  readonly history: RunHistory;
  private readonly counts = new ExactTokenCounts();
  private readonly active = new Map<string, AbortController>();
  private readonly evalRequests = new EvalRequests();
  /**
   * Variant and model columns' builds of evals, per workspace snapshot: an edit makes a new
   * snapshot (and drops the old builds with it), so an eval run again on an unchanged workspace
   * builds none of them again.
   */
  private readonly evalBuilds = new WeakMap<object, Map<string, Promise<ColumnRequestOutcome>>>();

  constructor(
    private readonly host: HostContext,
    private readonly options: RunServiceOptions = {},
  ) {
    const dir = host.options.userDataDir;
    const keys = options.keyCipher ? new KeychainKeyStore(dir, options.keyCipher) : new MemoryKeyStore();
    this.connections = new ConnectionService({ keys, env: options.env ?? process.env, file: connectionsFile(dir) });
    this.history = new RunHistory(dir);
    this.keyStoreKind = keys.kind;
  }

  private readonly keyStoreKind: 'keychain' | 'memory';

  close(): void {
    for (const controller of this.active.values()) controller.abort();
    this.active.clear();
  }

  cancel(id: string): boolean {
    const controller = this.active.get(id);
    if (!controller) return false;
    controller.abort();
    return true;
  }

  private begin(id: string): AbortController {
    if (this.active.has(id)) throw new HostError('INVALID_REQUEST', `a run '${id}' is already going`);
    const controller = new AbortController();
    this.active.set(id, controller);
    return controller;
  }

  private spendGuard(): SpendGuard {
    const settings = this.connections.settings();
    return new SpendGuard(settings.spendCapUsd, priceTable(settings.prices));
  }

  private async column(
    inputs: BuildInputs,
    request: { column: ChannelRequest<'run:send'>['column']; context: unknown },
    api: ApiKind,
  ): Promise<ColumnRequest> {
    const built = await columnRequest(inputs, request.column, api, request.context as ParsedContextSpec);
    if (!built.ok) throw new HostError('BUILD_FAILED', `${built.label}: ${built.error}`);
    return built.value;
  }

  /** One column's request as "Copy as request" shows it (the workspace as edited), with the message. */
  async send(request: ChannelRequest<'run:send'>): Promise<RunRecord> {
    const session = this.host.requireSession();
    const connection = this.connections.require(request.connection);
    const test = request.test === undefined ? undefined : this.workspaceTest(session.realRoot, request.test);
    const mode = request.mode ?? 'live';
    if (mode === 'record' && session.readOnly)
      throw new HostError('READ_ONLY', 'the built-in workspace is read-only: copy it to record replies into its tests/recordings/');
    // Recordings are keyed by the exact body: recorded and replayed runs build like the eval, the same on every day and machine.
    const inputs = mode === 'live' ? this.host.preview.inputs(session, 'edited') : this.evalInputs();
    const built = await this.column(inputs, request, connection.api);
    const prepared = prepareRequest(
      connection.api,
      baseUrlOf(connection),
      built.input,
      test ? testTurns(test.messages) : [{ role: 'user', content: request.message ?? '' }],
      request.stream ?? test?.stream ?? true,
    );
    const controller = this.begin(request.runId);
    let pending: WireEvent[] = [];
    let timer: NodeJS.Timeout | undefined;
    const flush = (): void => {
      timer = undefined;
      if (!pending.length) return;
      this.host.emit('run:event', { runId: request.runId, events: pending });
      pending = [];
    };
    try {
      const result = await runCell(prepared, {
        mode,
        recordings: mode === 'live' ? undefined : new RecordingStore(session.realRoot),
        ...(test ? { test: test.id, column: `${columnLabel(request.column)} via ${connection.id}` } : {}),
        key: this.connections.keyFor(connection),
        vocabulary: built.vocabulary,
        spend: this.spendGuard(),
        signal: controller.signal,
        limits: this.options.limits,
        onEvent: (event) => {
          pending.push(event);
          timer ??= setTimeout(flush, EVENT_BATCH_MS);
        },
      });
      if (timer) clearTimeout(timer);
      flush();
      const record: RunRecord = {
        id: `${new Date().toISOString().replace(/[-:.TZ]/g, '')}-${request.runId}`.slice(0, 64),
        at: new Date().toISOString(),
        label: built.label,
        connection: connection.id,
        api: connection.api,
        model: prepared.model,
        request: { url: prepared.shownUrl, body: prepared.body },
        result,
        ...(test ? { test: { id: test.id, assertions: result.status === 'ok' ? evaluateAssertions(test.assert, result) : [] } } : {}),
      };
      await this.history.save(record).catch((error: unknown) => this.host.reportError('run history', error));
      return record;
    } finally {
      if (timer) clearTimeout(timer);
      this.active.delete(request.runId);
    }
  }

  /** A workspace test by id, or the reason it cannot be used (a bad file names its problem). */
  private workspaceTest(root: string, id: string): WorkspaceTest {
    const loaded = loadWorkspaceTests(root);
    const test = loaded.tests.find((t) => t.id === id);
    if (test) return test;
    const problem = loaded.problems.find((p) => p.file === `${TESTS_DIR}/${id}.yaml` || p.file === `${TESTS_DIR}/${id}.yml`);
    if (problem) throw new HostError('INVALID_REQUEST', `${problem.file}: ${problem.message}`);
    throw new HostError('NOT_FOUND', `no test '${id}' (tests: ${loaded.tests.map((t) => t.id).join(', ') || 'none'})`);
  }

  /** Build inputs of evals: the workspace as edited, built like the export (fixed date and machine), so recordings stay valid. */
  private evalInputs(): BuildInputs {
    const session = this.host.requireSession();
    return { ...this.host.preview.inputs(session, 'edited'), options: deterministicBuildOptions() };
  }

  /**
   * The connections an eval may use: the saved ones, and the standard ones only once their key
   * is set (a standard connection nobody configured is never called).
   */
  private evalConnections(): Connection[] {
    return this.connections
      .all()
      .filter((c) => !c.standard || this.connections.keyFor(c.connection) !== undefined)
      .map((c) => c.connection);
  }

  tests(): TestListPayload {
    const session = this.host.requireSession();
    const loaded = loadWorkspaceTests(session.realRoot);
    const connections = this.evalConnections().length;
    return {
      tests: loaded.tests.map((t) => ({
        id: t.id,
        file: t.file,
        description: t.description ?? null,
        cells: testColumns(t).length * (t.columns.connections?.length ?? connections),
      })),
      problems: loaded.problems,
    };
  }

  async evaluate(request: ChannelRequest<'eval:start'>): Promise<EvalSummaryView> {
    const session = this.host.requireSession();
    if (request.mode === 'record' && session.readOnly)
      throw new HostError('READ_ONLY', 'the built-in workspace is read-only: copy it to record replies into its tests/recordings/');
    const loaded = loadWorkspaceTests(session.realRoot);
    const plan = planEval(loaded.tests, this.evalConnections(), request.tests);
    if (!plan.ok) throw new HostError('INVALID_REQUEST', plan.error);
    const controller = this.begin(request.evalId);
    const evalId = request.evalId;
    const inputs = this.evalInputs();
    let builds = this.evalBuilds.get(inputs.snapshot);
    if (!builds || builds.size > MAX_CACHED_BUILDS) this.evalBuilds.set(inputs.snapshot, (builds = new Map()));
    const common = {
      keyFor: (c: Connection) => this.connections.keyFor(c),
      mode: request.mode,
      concurrency: request.concurrency ?? this.connections.settings().concurrency ?? DEFAULT_CONCURRENCY,
      spend: this.spendGuard(),
      signal: controller.signal,
      limits: this.options.limits,
    };
    const workerFile = this.options.evalWorker === undefined ? builtEvalWorker() : (this.options.evalWorker ?? undefined);
    try {
      if (workerFile)
        // The worker batches the cells and the progress (every 50 ms, and what is left before it is done).
        return await runEvalInWorker(plan.cells, {
          ...common,
          workerFile,
          build: cellBuilds(inputs, builds),
          workspaceRoot: session.realRoot,
          onCells: (cells) => this.host.emit('eval:cells', { evalId, cells }),
          onProgress: (progress) => this.host.emit('eval:progress', { evalId, progress }),
          onRequest: (cellId, sent) => this.evalRequests.addLater(evalId, cellId, sent),
        });
      const events = new EvalEventBatch({
        cells: (cells) => this.host.emit('eval:cells', { evalId, cells }),
        progress: (progress) => this.host.emit('eval:progress', { evalId, progress }),
      });
      try {
        const summary = await runEval(plan.cells, {
          ...common,
          inputs,
          builds,
          recordings: new RecordingStore(session.realRoot),
          onProgress: (progress) => events.progress(progress),
          onCell: (cell) => {
            this.evalRequests.add(evalId, cell);
            events.cell(cellView(cell));
          },
        });
        return { ...summary, cells: summary.cells.map(cellView) };
      } finally {
        // Every cell and the last progress reach the renderer before the answer.
        events.flush();
      }
    } finally {
      this.active.delete(request.evalId);
    }
  }

  /** The request a cell of a recent eval sent. */
  evalRequest(request: ChannelRequest<'eval:request'>): { url: string; body: string } {
    const found = this.evalRequests.get(request.evalId, request.cellId);
    if (!found)
      throw new HostError(
        'NOT_FOUND',
        `the request of '${request.cellId}' is no longer kept (the host keeps those of its last evals): run the eval again`,
      );
    return found;
  }

  async countTokens(request: ChannelRequest<'run:countTokens'>): Promise<{ tokens: number; cached: boolean }> {
    const session = this.host.requireSession();
    const connection = this.connections.require(request.connection);
    const built = await this.column(this.host.preview.inputs(session, 'edited'), request, connection.api);
    const counted = await this.counts.count(connection.api, baseUrlOf(connection), this.connections.keyFor(connection), built.input);
    if (!counted.ok) throw new HostError('IO_ERROR', counted.message);
    return { tokens: counted.tokens, cached: counted.cached };
  }

  async cacheCheck(request: ChannelRequest<'run:cacheCheck'>): Promise<Awaited<ReturnType<typeof twoCallCacheCheck>>> {
    const session = this.host.requireSession();
    const connection = this.connections.require(request.connection);
    const built = await this.column(this.host.preview.inputs(session, 'edited'), request, connection.api);
    return twoCallCacheCheck(connection.api, baseUrlOf(connection), this.connections.keyFor(connection), built.input, request.message, {
      limits: this.options.limits,
    });
  }

  view(): ConnectionsPayload {
    const settings = this.connections.settings();
    return {
      connections: this.connections.views(),
      keyStore: this.keyStoreKind,
      spendCapUsd: settings.spendCapUsd ?? null,
      concurrency: settings.concurrency ?? DEFAULT_CONCURRENCY,
      prices: priceTable(settings.prices),
    };
  }

  setOptions(request: ChannelRequest<'connections:options'>): ConnectionsPayload {
    const settings = this.connections.settings();
    this.connections.setOptions({
      spendCapUsd: request.spendCapUsd === null ? undefined : (request.spendCapUsd ?? settings.spendCapUsd),
      concurrency: request.concurrency ?? settings.concurrency,
      prices: request.prices ? { ...(settings.prices ?? {}), ...request.prices } : settings.prices,
    });
    return this.view();
  }

  /** Lists the provider's models with the connection's key: proves the URL and the key work. */
  async test(id: string): Promise<{ ok: boolean; message: string }> {
    const connection = this.connections.require(id);
    const key = this.connections.keyFor(connection);
    const url = modelsUrl(connection.api, baseUrlOf(connection));
    try {
      const response = await fetch(url, { headers: requestHeaders(connection.api, key, false), signal: AbortSignal.timeout(15_000) });
      const text = (await response.text()).slice(0, 64 * 1024);
      if (!response.ok) return { ok: false, message: scrubSecret(httpErrorMessage(response.status, text), key) };
      return { ok: true, message: `${connection.id} answers at ${baseUrlOf(connection)}${key ? '' : ' (no key was sent)'}` };
    } catch (error) {
      return {
        ok: false,
        message: scrubSecret(`cannot reach ${baseUrlOf(connection)}: ${error instanceof Error ? error.message : String(error)}`, key),
      };
    }
  }
}

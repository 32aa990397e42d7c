import type { CacheCheckPayload, CompareColumnSpec, ContextSpec, EventPayload } from '../../../../shared/ipc/contract';
import type { RunMode, RunRecord, RunSummary } from '../../../../shared/wire/run-result';
import { addEvent, emptyReply, type Reply } from '../../../../shared/wire/reply';
import { call, callRaw } from '../api';
import { variantResultOf } from '../preview-slice';
import type { SliceCreator, StudioState } from '../types';
import { defaultConnection } from './connections-slice';

/**
 * The playground: one run per place — the preview's Run tab, or a compare column — sending
 * that place's exact request with the message (or a workspace test) to a connection, its
 * reply streamed in; the run history of the user-data folder, two earlier runs opened side by
 * side; the checks only a real call can make (exact token counts, the two-call cache check).
 */

/** Where a run is shown: the preview, or a compare column (by what it builds, so it moves with the column). */
export type RunPlace = string;
export const PREVIEW_PLACE: RunPlace = 'preview';
export const columnPlace = (spec: CompareColumnSpec): RunPlace => `column:${JSON.stringify(spec)}`;

/** Most characters of a streaming reply kept for the view (the host stops a reply at 16 MB). */
export const STREAM_KEEP_CHARS = 2_000_000;

export interface RunSlot {
  runId: string;
  label: string;
  connection: string;
  state: 'running' | 'cancelling' | 'done';
  /** What streamed in so far (then the finished reply). */
  reply: Reply;
  /** Characters of streamed text not kept (beyond STREAM_KEEP_CHARS). */
  dropped: number;
  record: RunRecord | null;
  /** The host did not run it at all (the column does not build, no such connection, …). */
  failure: string | null;
}

export type RunCheck<T> = 'busy' | { ok: true; value: T } | { ok: false; message: string };

export interface RunChecks {
  /** The exact count, and the estimate shown when it was asked for (another estimate now: the prompt changed since). */
  exact?: RunCheck<{ tokens: number; cached: boolean; connection: string; forEstimate: number | null }>;
  cache?: RunCheck<CacheCheckPayload & { connection: string }>;
}

/** What one place sends: its column, the context when the column names no preset, and its label. */
export interface RunRequestOf {
  column: CompareColumnSpec;
  context: ContextSpec;
  label: string;
}

export interface PlaygroundSlice {
  runs: Record<RunPlace, RunSlot>;
  /** The message every Run sends (the preview's and the compare columns' alike). */
  runMessage: string;
  /** A workspace test to send instead of the message (its id), or null. */
  runTest: string | null;
  /** Send live, send and record the reply into tests/recordings/, or replay the recording (no model). */
  runMode: RunMode;
  /** The connection each place sends to, when the user chose one. */
  runConnections: Record<RunPlace, string>;
  runChecks: Record<RunPlace, RunChecks>;
  /** The compare view shows each column's Run. */
  compareRunOpen: boolean;
  runHistory: RunSummary[] | null;
  /** Earlier runs opened from the history (at most two: the second is diffed against the first). */
  openedRuns: RunRecord[];
  setRunMessage(text: string): void;
  setRunTest(id: string | null): void;
  setRunMode(mode: RunMode): void;
  setRunConnection(place: RunPlace, id: string): void;
  /** The connection a place sends to (chosen, else the default one). */
  runConnectionOf(place: RunPlace): string | null;
  toggleCompareRun(open?: boolean): void;
  sendRun(place: RunPlace, request: RunRequestOf): Promise<void>;
  cancelRun(place: RunPlace): Promise<void>;
  /** Sends every compare column that built (each to its own connection). */
  sendAllColumns(): Promise<void>;
  cancelAllRuns(): Promise<void>;
  applyRunEvent(payload: EventPayload<'run:event'>): void;
  /** Asks the provider's counting endpoint; `estimate` is the estimate shown beside it (to tell when the prompt changed since). */
  countExactTokens(place: RunPlace, request: RunRequestOf, estimate?: number | null): Promise<void>;
  checkCache(place: RunPlace, request: RunRequestOf): Promise<void>;
  loadRunHistory(): Promise<void>;
  openEarlierRun(id: string): Promise<void>;
  closeEarlierRun(id: string): void;
}

/** The preview's request: the variant (or profile) it shows under the context shown. */
export function previewRunRequest(s: StudioState): RunRequestOf | null {
  const t = s.target;
  if (!t) return null;
  const context = s.contextSpec();
  if (t.kind === 'profile') {
    const column: CompareColumnSpec = t.agent
      ? { kind: 'profile', profileId: t.profileId, agent: t.agent }
      : { kind: 'profile', profileId: t.profileId };
    return { column, context, label: t.agent ? `${t.profileId} (${t.agent})` : t.profileId };
  }
  const variantId = t.kind === 'variant' ? t.variantId : variantResultOf(s.preview)?.variantId;
  if (!variantId) return null;
  return { column: { kind: 'variant', variantId }, context, label: variantId };
}

/** Each built compare column's request. */
export function columnRunRequests(s: StudioState): RunRequestOf[] {
  const context = s.contextSpec();
  return (s.compareResult?.columns ?? []).filter((c) => !c.error).map((c) => ({ column: c.spec, context, label: c.label }));
}

let runCounter = 0;
const newRunId = (): string => `r${(++runCounter).toString(36)}${Date.now().toString(36)}`;

/** The reply with a batch of streamed events added (a new object: the view re-renders). */
function withEvents(slot: RunSlot, events: EventPayload<'run:event'>['events']): Pick<RunSlot, 'reply' | 'dropped'> {
  const reply: Reply = { ...slot.reply, usage: { ...slot.reply.usage }, toolCalls: [...slot.reply.toolCalls] };
  let dropped = slot.dropped;
  for (const event of events) {
    if (event.type === 'text' && reply.text.length + event.text.length > STREAM_KEEP_CHARS) {
      const room = Math.max(0, STREAM_KEEP_CHARS - reply.text.length);
      addEvent(reply, { type: 'text', text: event.text.slice(0, room) });
      dropped += event.text.length - room;
    } else addEvent(reply, event);
  }
  return { reply, dropped };
}

export const createPlaygroundSlice: SliceCreator<PlaygroundSlice> = (set, get) => {
  const patchRun = (place: RunPlace, runId: string, patch: Partial<RunSlot>): void =>
    set((s) => {
      const slot = s.runs[place];
      // Another run took the place meanwhile (or another workspace opened): this one is no longer shown.
      if (!slot || slot.runId !== runId) return {};
      return { runs: { ...s.runs, [place]: { ...slot, ...patch } } };
    });
  const patchChecks = (place: RunPlace, patch: RunChecks): void =>
    set((s) => ({ runChecks: { ...s.runChecks, [place]: { ...s.runChecks[place], ...patch } } }));
  const withConnection = async (place: RunPlace): Promise<string | null> => {
    if (!get().connections) await get().loadConnections();
    return get().runConnectionOf(place);
  };
  return {
    runs: {},
    runMessage: '',
    runTest: null,
    runMode: 'live',
    runConnections: {},
    runChecks: {},
    compareRunOpen: false,
    runHistory: null,
    openedRuns: [],
    setRunMessage(text) {
      set({ runMessage: text });
    },
    setRunTest(id) {
      set({ runTest: id });
    },
    setRunMode(mode) {
      set({ runMode: mode });
    },
    setRunConnection(place, id) {
      set((s) => ({ runConnections: { ...s.runConnections, [place]: id } }));
    },
    runConnectionOf(place) {
      const s = get();
      const chosen = s.runConnections[place];
      if (chosen && s.connections?.connections.some((c) => c.id === chosen)) return chosen;
      return defaultConnection(s.connections)?.id ?? null;
    },
    toggleCompareRun(open) {
      const next = open ?? !get().compareRunOpen;
      set({ compareRunOpen: next });
      if (next && !get().connections) void get().loadConnections();
    },
    async sendRun(place, request) {
      if (get().runs[place]?.state === 'running') return;
      const connection = await withConnection(place);
      const runId = newRunId();
      const { runMessage, runTest, runMode } = get();
      const slot: RunSlot = {
        runId,
        label: request.label,
        connection: connection ?? '',
        state: 'running',
        reply: emptyReply(),
        dropped: 0,
        record: null,
        failure: null,
      };
      set((s) => ({ runs: { ...s.runs, [place]: slot } }));
      if (!connection) {
        patchRun(place, runId, { state: 'done', failure: 'No connection: add one under Models (a key, or a local server’s URL).' });
        return;
      }
      if (!runTest && !runMessage.trim()) {
        patchRun(place, runId, { state: 'done', failure: 'Write a message to send, or choose a test.' });
        return;
      }
      const r = await callRaw('run:send', {
        runId,
        column: request.column,
        context: request.context,
        connection,
        ...(runTest ? { test: runTest } : { message: runMessage }),
        ...(runMode === 'live' ? {} : { mode: runMode }),
      });
      if (r.ok) patchRun(place, runId, { state: 'done', record: r.value, reply: r.value.result.reply, dropped: 0 });
      else patchRun(place, runId, { state: 'done', failure: r.error.message });
      // The host kept it in the history: a history shown is out of date.
      if (r.ok && get().runHistory) void get().loadRunHistory();
    },
    async cancelRun(place) {
      const slot = get().runs[place];
      if (!slot || slot.state !== 'running') return;
      patchRun(place, slot.runId, { state: 'cancelling' });
      await call('run:cancel', { runId: slot.runId });
    },
    async sendAllColumns() {
      await Promise.all(columnRunRequests(get()).map((request) => get().sendRun(columnPlace(request.column), request)));
    },
    async cancelAllRuns() {
      await Promise.all(Object.keys(get().runs).map((place) => get().cancelRun(place)));
    },
    applyRunEvent({ runId, events }) {
      const runs = get().runs;
      const place = Object.keys(runs).find((p) => runs[p]!.runId === runId);
      const slot = place === undefined ? undefined : runs[place];
      if (place === undefined || !slot || slot.record) return;
      set({ runs: { ...runs, [place]: { ...slot, ...withEvents(slot, events) } } });
    },
    async countExactTokens(place, request, estimate = null) {
      const connection = await withConnection(place);
      if (!connection) return patchChecks(place, { exact: { ok: false, message: 'No connection to count with.' } });
      patchChecks(place, { exact: 'busy' });
      const r = await callRaw('run:countTokens', { column: request.column, context: request.context, connection });
      patchChecks(place, {
        exact: r.ok ? { ok: true, value: { ...r.value, connection, forEstimate: estimate } } : { ok: false, message: r.error.message },
      });
    },
    async checkCache(place, request) {
      const connection = await withConnection(place);
      if (!connection) return patchChecks(place, { cache: { ok: false, message: 'No connection to call.' } });
      const message = get().runMessage.trim() || 'Hello';
      patchChecks(place, { cache: 'busy' });
      const r = await callRaw('run:cacheCheck', { column: request.column, context: request.context, connection, message });
      patchChecks(place, { cache: r.ok ? { ok: true, value: { ...r.value, connection } } : { ok: false, message: r.error.message } });
    },
    async loadRunHistory() {
      const list = await call('run:history', {});
      if (list) set({ runHistory: list });
    },
    async openEarlierRun(id) {
      if (get().openedRuns.some((r) => r.id === id)) return;
      const record = await call('run:open', { id });
      if (record) set((s) => ({ openedRuns: [...s.openedRuns, record].slice(-2) }));
    },
    closeEarlierRun(id) {
      set((s) => ({ openedRuns: s.openedRuns.filter((r) => r.id !== id) }));
    },
  };
};

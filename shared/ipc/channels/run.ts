import { z } from 'zod';
import type { PriceTable } from '../../wire/prices.js';
import { PriceTableSchema } from '../../wire/prices.js';
import { ConnectionSchema } from '../../wire/connections.js';
import type { EvalCellView, EvalProgress, EvalSummaryView, RunRecord, RunSummary } from '../../wire/run-result.js';
import type { Usage, WireEvent } from '../../wire/wire-event.js';
import { ContextSpecSchema } from './builds.js';
import { channel, Empty } from './channel.js';
import { CompareColumnSpecSchema } from './compare.js';

/**
 * Channels of runs against real models: one request per column (its reply streamed as
 * run:event), the eval matrix of the workspace's tests (eval:progress, eval:cells), the run
 * history, and the connections. Keys go in (connections:set) and never come out: views say
 * only whether a key is set and where from.
 */

const RunId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'ids use letters, digits, _ -');
const ConnectionId = z.string().min(1).max(64);
const Message = z.string().min(1).max(1_000_000);
const TestId = z.string().regex(/^[A-Za-z0-9_.-]{1,200}$/, 'a test id (its file name without .yaml)');

export const RunModeSchema = z.enum(['live', 'record', 'replay']);

export interface ConnectionViewPayload {
  id: string;
  api: string;
  baseUrl: string;
  keyEnv: string;
  keySet: boolean;
  keySource: 'keychain' | 'session' | 'environment' | null;
  standard: boolean;
}

export interface ConnectionsPayload {
  connections: ConnectionViewPayload[];
  /** Where keys entered here are kept. */
  keyStore: 'keychain' | 'memory';
  spendCapUsd: number | null;
  concurrency: number;
  prices: PriceTable;
}

/** The "two calls" check: each call's usage, the provider's cached tokens of the second, the cache view's prediction. */
export interface CacheCheckPayload {
  first: Usage | null;
  second: Usage | null;
  /** Where the cache view says the stable prefix ends (characters of the system prompt). */
  predictedStableChars: number;
  cachedTokens: number | null;
  /** Why a call failed. */
  message?: string | undefined;
  request: { shownUrl: string; body: string };
}

export interface TestListPayload {
  tests: { id: string; file: string; description: string | null; cells: number }[];
  problems: { file: string; message: string }[];
}

const custom = <T>(check: (v: Record<string, unknown>) => boolean) =>
  z.custom<T>((v) => typeof v === 'object' && v !== null && check(v as Record<string, unknown>));

const ColumnRun = {
  column: CompareColumnSpecSchema,
  /** The context when the column names no preset (as the compare view's). */
  context: ContextSpecSchema,
  connection: ConnectionId,
};

export const runChannels = {
  'run:send': channel(
    z
      .object({
        runId: RunId,
        ...ColumnRun,
        /** The user message, in place of the export's placeholder. */
        message: Message.optional(),
        /** Or a workspace test (tests/<id>.yaml): its conversation is sent and the reply checked against its assertions. */
        test: TestId.optional(),
        stream: z.boolean().optional(),
        /**
         * live (default): sent as the preview builds it; record: sent and its whole reply written
         * to tests/recordings/; replay: the recorded reply, never a model. Recording and replaying
         * build like the eval (fixed date and machine), so the recording serves `eval --replay` too.
         */
        mode: RunModeSchema.optional(),
      })
      .strict()
      .refine((r) => (r.message === undefined) !== (r.test === undefined), 'give a message or a test, not both'),
    custom<RunRecord>((v) => typeof v.id === 'string' && typeof v.result === 'object'),
    'Send one column’s exact request (its "Copy as request" body with the message, or a test’s conversation) to a connection, live, recording its reply or replaying its recording; the reply streams as run:event, the answer is the finished run (kept in the run history; with a test, its assertions checked).',
  ),
  'run:cancel': channel(
    z.object({ runId: RunId }).strict(),
    z.boolean(),
    'Stop a run or an eval (its requests stop at once); false when none is running under that id.',
  ),
  'run:history': channel(
    Empty,
    z.array(custom<RunSummary>((v) => typeof v.id === 'string')),
    'Earlier runs, newest first (kept in the user-data folder).',
  ),
  'run:open': channel(
    z.object({ id: RunId }).strict(),
    custom<RunRecord>((v) => typeof v.id === 'string'),
    'One earlier run: request, reply, tool calls, usage.',
  ),
  'run:countTokens': channel(
    z.object(ColumnRun).strict(),
    z.object({ tokens: z.number().int(), cached: z.boolean() }).strict(),
    'Exact input tokens of a column’s request from the provider’s free counting endpoint (Anthropic count_tokens, Gemini countTokens), cached by content hash.',
  ),
  'run:cacheCheck': channel(
    z.object({ ...ColumnRun, message: Message }).strict(),
    custom<CacheCheckPayload>((v) => 'predictedStableChars' in v),
    'The "two calls" check: the same request twice, and the cached input tokens the provider reports for the second next to the stable prefix the cache view predicts.',
  ),
  'eval:tests': channel(
    Empty,
    custom<TestListPayload>((v) => Array.isArray(v.tests)),
    'The workspace’s tests (tests/<id>.yaml) with the number of cells each runs, and the problems of files that do not load.',
  ),
  'eval:start': channel(
    z
      .object({
        evalId: RunId,
        tests: z.array(z.string().max(200)).max(500).optional(),
        mode: RunModeSchema,
        concurrency: z.number().int().min(1).max(32).optional(),
      })
      .strict(),
    custom<EvalSummaryView>((v) => Array.isArray(v.cells)),
    'Run the matrix test × column (live, recording replies, or replaying recordings); progress comes as eval:progress and the finished cells as eval:cells (both batched, cells without their request bodies: eval:request); run:cancel stops it.',
  ),
  'eval:request': channel(
    z.object({ evalId: RunId, cellId: z.string().min(1).max(2000) }).strict(),
    z.object({ url: z.string(), body: z.string() }).strict(),
    'The request one cell of a recent eval sent (URL without credentials, exact body); the host keeps those of its last evals.',
  ),
  'connections:get': channel(
    Empty,
    custom<ConnectionsPayload>((v) => Array.isArray(v.connections)),
    'The connections (key set or not, and where from — never the key), the spending cap, the concurrency and the price table.',
  ),
  'connections:set': channel(
    z
      .object({
        connection: ConnectionSchema,
        /** A new key (kept in the keychain, or in memory in browser mode); null removes it; absent keeps it. */
        key: z.string().max(4096).nullable().optional(),
      })
      .strict(),
    custom<ConnectionsPayload>((v) => Array.isArray(v.connections)),
    'Save a connection and, when given, its key; the answer says only whether keys are set.',
  ),
  'connections:remove': channel(
    z.object({ id: ConnectionId }).strict(),
    custom<ConnectionsPayload>((v) => Array.isArray(v.connections)),
    'Forget a connection and its key.',
  ),
  'connections:options': channel(
    z
      .object({
        spendCapUsd: z.number().nonnegative().nullable().optional(),
        concurrency: z.number().int().min(1).max(32).optional(),
        prices: PriceTableSchema.optional(),
      })
      .strict(),
    custom<ConnectionsPayload>((v) => Array.isArray(v.connections)),
    'Set the spending cap (null: none), the eval concurrency and price table entries.',
  ),
  'connections:test': channel(
    z.object({ id: ConnectionId }).strict(),
    z.object({ ok: z.boolean(), message: z.string() }).strict(),
    'Check that a connection answers and takes its key (lists the provider’s models).',
  ),
} as const;

export const runEvents = {
  /** Events of a run's reply as they stream in. */
  'run:event': z.object({ runId: z.string(), events: z.array(custom<WireEvent>((v) => typeof v.type === 'string')) }).strict(),
  'eval:progress': z.object({ evalId: z.string(), progress: custom<EvalProgress>((v) => typeof v.done === 'number') }).strict(),
  /** Finished cells, in the order they finished (batched: a few messages a second, each cell once). */
  'eval:cells': z.object({ evalId: z.string(), cells: z.array(custom<EvalCellView>((v) => typeof v.id === 'string')) }).strict(),
} as const;

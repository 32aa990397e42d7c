import type { ApiKind } from '../../../shared/requests/api-kind.js';
import type { RequestInput } from '../../../shared/requests/request-input.js';
import { bodyText, conversationBody, type Turn } from '../../../shared/wire/conversation.js';
import { endpointUrl, requestHeaders, urlWithoutCredentials } from '../../../shared/wire/endpoints.js';
import { recordingKey } from '../../../shared/wire/recording-key.js';
import { createStreamDecoder, parseReplyText } from '../../../shared/wire/reply-decoder.js';
import { emptyReply, addEvent, type Reply } from '../../../shared/wire/reply.js';
import { agentToolCalls, type ToolVocabulary } from '../../../shared/wire/tool-calls.js';
import { NO_USAGE, type WireEvent } from '../../../shared/wire/wire-event.js';
import { contentHash } from '../hash.js';
import { countTokens } from '../tokens.js';
import { sendWireRequest, type ClientLimits, type SendOptions } from './http-client.js';
import type { RecordingStore } from './recordings.js';
import type { SpendGuard } from './spend-guard.js';
import type { CellResult, RunMode } from '../../../shared/wire/run-result.js';

export type { CellResult, RunMode } from '../../../shared/wire/run-result.js';

/**
 * One request of a run or an eval cell, from the column's request input to the reply as the
 * agent reads it: the exact body (the export's, with the conversation in), sent live, or
 * replayed from its recording, or recorded; the spending cap checked first.
 */

export interface PreparedRequest {
  api: ApiKind;
  model: string;
  /** Where it goes (with the base URL as configured). */
  url: string;
  /** The same without credentials or query: what is shown, stored and hashed. */
  shownUrl: string;
  body: string;
  stream: boolean;
  /** The recording key (shared/wire/recording-key.ts). */
  key: string;
  maxOutputTokens: number;
}

export function prepareRequest(
  api: ApiKind,
  baseUrl: string,
  input: RequestInput,
  turns: readonly Turn[],
  stream: boolean,
): PreparedRequest {
  const url = endpointUrl(api, baseUrl, input.model, stream);
  const body = bodyText(api, conversationBody(api, input, turns), stream);
  return {
    api,
    model: input.model,
    url,
    shownUrl: urlWithoutCredentials(url),
    body,
    stream,
    key: recordingKey(api, url, body, contentHash),
    maxOutputTokens: input.maxTokens,
  };
}

export interface CellContext {
  mode: RunMode;
  key: string | undefined;
  vocabulary: ToolVocabulary;
  spend: SpendGuard;
  recordings?: RecordingStore | undefined;
  /** For recordings: which test and column the request belongs to. */
  test?: string | undefined;
  column?: string | undefined;
  signal?: AbortSignal | undefined;
  limits?: Partial<ClientLimits> | undefined;
  onEvent?: ((event: WireEvent) => void) | undefined;
  sleep?: SendOptions['sleep'];
  now?: () => Date;
  /** Awaited before the synchronous work on a reply (reading a recording, its tool calls), so an eval's cells take turns (loop-turns.ts). */
  turn?: (() => Promise<void>) | undefined;
}

function finish(partial: Omit<CellResult, 'toolCalls'>, vocabulary: ToolVocabulary): CellResult {
  return { ...partial, toolCalls: agentToolCalls(partial.reply, vocabulary) };
}

/** A recorded reply through the same parsers as a live one. */
export function replayReply(
  api: ApiKind,
  stream: boolean,
  recorded: { status: number; contentType: string; body: string },
  onEvent?: (e: WireEvent) => void,
): Reply {
  const reply = emptyReply();
  const events =
    stream && recorded.contentType.includes('text/event-stream')
      ? (() => {
          const decoder = createStreamDecoder(api);
          return [...decoder.feed(recorded.body), ...decoder.end()];
        })()
      : parseReplyText(api, recorded.body);
  for (const event of events) {
    addEvent(reply, event);
    onEvent?.(event);
  }
  return reply;
}

export async function runCell(request: PreparedRequest, ctx: CellContext): Promise<CellResult> {
  if (ctx.mode === 'replay') {
    await ctx.turn?.();
    const read = ctx.recordings?.read(request.key) ?? { status: 'missing' as const };
    if (read.status !== 'found') {
      const stale =
        ctx.test !== undefined && ctx.column !== undefined ? ((await ctx.recordings?.keysOf(ctx.test, ctx.column))?.length ?? 0) : 0;
      const message =
        read.status === 'invalid'
          ? `needs recording: ${read.problem}`
          : stale
            ? 'needs recording: the request changed since it was recorded (the old recording is stale)'
            : 'needs recording: no reply was recorded for this request';
      return finish(
        {
          status: 'needs-recording',
          reply: emptyReply(),
          latencyMs: 0,
          cost: null,
          attempts: 0,
          source: 'none',
          recording: { missing: true, stale },
          message,
        },
        ctx.vocabulary,
      );
    }
    const reply = replayReply(request.api, request.stream, read.recording.reply, ctx.onEvent);
    return finish(
      {
        status: reply.error ? 'error' : 'ok',
        reply,
        latencyMs: read.recording.latencyMs,
        cost: ctx.spend.cost(request.model, reply.usage),
        attempts: 0,
        source: 'recording',
        recording: { file: `tests/recordings/${request.key}.json`, written: false },
        message: reply.error ?? undefined,
      },
      ctx.vocabulary,
    );
  }

  const inputTokens = ctx.spend.capUsd === undefined ? 0 : (await countTokens(request.body)).o200k;
  const reservation = ctx.spend.reserve(request.model, inputTokens, request.maxOutputTokens);
  if (!reservation.ok)
    return finish(
      { status: 'not-sent', reply: emptyReply(), latencyMs: 0, cost: null, attempts: 0, source: 'none', message: reservation.message },
      ctx.vocabulary,
    );

  const result = await sendWireRequest(
    {
      api: request.api,
      url: request.url,
      headers: requestHeaders(request.api, ctx.key, request.stream),
      body: request.body,
      stream: request.stream,
      secret: ctx.key,
    },
    { signal: ctx.signal, limits: ctx.limits, onEvent: ctx.onEvent, sleep: ctx.sleep },
  );
  await ctx.turn?.();
  const answered = result.status !== null && result.status < 400;
  const cost = reservation.settle(answered ? result.reply.usage : NO_USAGE);
  const base = {
    reply: result.reply,
    latencyMs: result.latencyMs,
    cost: answered ? cost : 0,
    attempts: result.attempts,
    source: 'live' as const,
  };
  if (result.cancelled) return finish({ ...base, status: 'cancelled', message: result.reply.error ?? 'cancelled' }, ctx.vocabulary);
  if (result.reply.error || !result.raw)
    return finish({ ...base, status: 'error', message: result.reply.error ?? 'no reply' }, ctx.vocabulary);
  let recording: CellResult['recording'];
  if (ctx.mode === 'record' && ctx.recordings) {
    await ctx.recordings.write({
      version: 1,
      key: request.key,
      api: request.api,
      url: request.shownUrl,
      ...(ctx.test !== undefined ? { test: ctx.test } : {}),
      ...(ctx.column !== undefined ? { column: ctx.column } : {}),
      recordedAt: (ctx.now?.() ?? new Date()).toISOString(),
      request: { body: request.body },
      reply: result.raw,
      latencyMs: Math.round(result.latencyMs),
    });
    if (ctx.test !== undefined && ctx.column !== undefined) await ctx.recordings.removeStale(ctx.test, ctx.column, request.key);
    // Workspace-relative, as a replay names it (the renderer is not told where the workspace lies on disk).
    recording = { file: `tests/recordings/${request.key}.json`, written: true };
  }
  return finish({ ...base, status: 'ok', recording }, ctx.vocabulary);
}

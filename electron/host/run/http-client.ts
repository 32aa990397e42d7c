import type { ApiKind } from '../../../shared/requests/api-kind.js';
import { createStreamDecoder, httpErrorMessage, parseReplyText } from '../../../shared/wire/reply-decoder.js';
import { addEvent, emptyReply, receivedSoFar, type Reply } from '../../../shared/wire/reply.js';
import type { WireEvent } from '../../../shared/wire/wire-event.js';
import { scrubSecret } from './secret-scrub.js';

/**
 * Sends one model request with `fetch` and reads the reply as it comes (server-sent events
 * through eventsource-parser, or one JSON body) into wire events. Whatever happens — a
 * refused key, a 429 storm, a server that drips, drops the connection, streams garbage,
 * answers 100 MB or never ends, or the user cancelling — it resolves with the reply so far
 * and one message saying what went wrong; it never throws and never hangs past its deadline.
 * Retries (429, 5xx, connection failures before any byte) wait as `retry-after` says, else
 * back off exponentially. The key is only ever in the request's headers.
 */

export interface WireRequest {
  api: ApiKind;
  url: string;
  /** Including the credential header. */
  headers: Record<string, string>;
  body: string;
  stream: boolean;
  /** The key in the headers, so nothing returned can contain it. */
  secret?: string | undefined;
}

export interface ClientLimits {
  /** The whole exchange, retries' waits included (default 5 minutes). */
  timeoutMs: number;
  /** Longest silence while a reply is being read (default 60 s). */
  idleTimeoutMs: number;
  /** Largest reply read (default 16 MB). */
  maxReplyBytes: number;
  /** Retries after the first attempt (default 4). */
  retries: number;
  /** First backoff (default 1 s; doubled each time). */
  backoffMs: number;
  /** A `retry-after` longer than this ends the run instead (default 60 s). */
  maxRetryWaitMs: number;
}

export const DEFAULT_LIMITS: ClientLimits = {
  timeoutMs: 5 * 60_000,
  idleTimeoutMs: 60_000,
  maxReplyBytes: 16 * 1024 * 1024,
  retries: 4,
  backoffMs: 1000,
  maxRetryWaitMs: 60_000,
};

export interface SendOptions {
  signal?: AbortSignal | undefined;
  limits?: Partial<ClientLimits> | undefined;
  /** Each event as it is read (text deltas as they stream in). */
  onEvent?: ((event: WireEvent) => void) | undefined;
  /** Told before each retry's wait. */
  onRetry?: ((info: { attempt: number; waitMs: number; reason: string }) => void) | undefined;
  /** Waits between retries (tests pass one that does not wait). */
  sleep?: ((ms: number, signal: AbortSignal) => Promise<void>) | undefined;
  fetch?: typeof fetch | undefined;
  now?: (() => number) | undefined;
}

export interface WireResult {
  reply: Reply;
  /** HTTP status of the last attempt (null: no answer). */
  status: number | null;
  /** The reply as it came, for a recording: only when the exchange succeeded. */
  raw: { status: number; contentType: string; body: string } | null;
  latencyMs: number;
  attempts: number;
  cancelled: boolean;
}

const RETRY_STATUSES = new Set([408, 429, 500, 502, 503, 504, 529]);
const MAX_ERROR_BODY = 64 * 1024;

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** `retry-after` as milliseconds: seconds, or an HTTP date. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(header)) return Math.round(Number(header) * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function seconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}

class Abort {
  readonly controller = new AbortController();
  reason: string | undefined;
  stop(reason: string): void {
    if (this.reason === undefined) this.reason = reason;
    this.controller.abort();
  }
}

export async function sendWireRequest(request: WireRequest, options: SendOptions = {}): Promise<WireResult> {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const now = options.now ?? (() => performance.now());
  const sleep = options.sleep ?? abortableSleep;
  const doFetch = options.fetch ?? fetch;
  const started = now();
  const reply = emptyReply();
  const scrub = (text: string): string => scrubSecret(text, request.secret);
  const emit = (event: WireEvent): void => {
    const clean: WireEvent =
      event.type === 'text'
        ? { ...event, text: scrub(event.text) }
        : event.type === 'error'
          ? { ...event, message: scrub(event.message) }
          : event;
    addEvent(reply, clean);
    options.onEvent?.(clean);
  };
  const abort = new Abort();
  const onCancel = (): void => abort.stop('cancelled');
  if (options.signal?.aborted) onCancel();
  options.signal?.addEventListener('abort', onCancel, { once: true });
  const deadline = setTimeout(() => abort.stop(`timed out after ${seconds(limits.timeoutMs)}`), limits.timeoutMs);
  let status: number | null = null;
  let raw: WireResult['raw'] = null;
  let attempts = 0;

  const fail = (message: string): void => emit({ type: 'error', message: `${message}; ${receivedSoFar(reply)}` });

  try {
    for (;;) {
      attempts++;
      if (abort.reason) {
        fail(abort.reason);
        break;
      }
      let response: Response;
      try {
        response = await doFetch(request.url, {
          method: 'POST',
          headers: request.headers,
          body: request.body,
          signal: abort.controller.signal,
        });
      } catch (error) {
        if (abort.reason) {
          fail(abort.reason);
          break;
        }
        const why = `cannot reach ${new URL(request.url).origin}: ${connectionError(error)}`;
        if (attempts <= limits.retries && (await waitToRetry(attempts, undefined, why))) continue;
        fail(why);
        break;
      }
      status = response.status;
      if (!response.ok) {
        const body = await readText(response, MAX_ERROR_BODY, abort, limits.idleTimeoutMs);
        const message = scrub(httpErrorMessage(response.status, body.text));
        if (RETRY_STATUSES.has(response.status) && attempts <= limits.retries) {
          const asked = retryAfterMs(response.headers.get('retry-after'), Date.now());
          if (asked !== undefined && asked > limits.maxRetryWaitMs) {
            fail(`${message} (the server asks to wait ${seconds(asked)}, longer than ${seconds(limits.maxRetryWaitMs)}; try later)`);
            break;
          }
          if (await waitToRetry(attempts, asked, message)) continue;
        }
        fail(attempts > 1 ? `${message} (after ${attempts} attempts)` : message);
        break;
      }
      const contentType = response.headers.get('content-type') ?? '';
      const streamed = request.stream && contentType.includes('text/event-stream');
      const text = streamed
        ? await readStream(response, request.api, emit, abort, limits)
        : await readText(response, limits.maxReplyBytes, abort, limits.idleTimeoutMs);
      if (!streamed) {
        const body = text as { text: string; stopped?: string };
        if (body.stopped) fail(body.stopped);
        else for (const event of parseReplyText(request.api, body.text)) emit(event);
        if (!reply.error) raw = { status: response.status, contentType, body: scrub(body.text) };
      } else {
        const body = text as { text: string; stopped?: string };
        if (body.stopped) fail(body.stopped);
        else if (!reply.error) raw = { status: response.status, contentType, body: scrub(body.text) };
      }
      break;
    }
  } finally {
    clearTimeout(deadline);
    options.signal?.removeEventListener('abort', onCancel);
  }
  if (reply.error && !reply.error.includes('received so far') && !reply.error.includes('nothing of the reply'))
    reply.error = `${reply.error}; ${receivedSoFar({ ...reply, error: null })}`;
  reply.text = scrub(reply.text);
  return { reply, status, raw, latencyMs: now() - started, attempts, cancelled: abort.reason === 'cancelled' };

  async function waitToRetry(attempt: number, askedMs: number | undefined, why: string): Promise<boolean> {
    const waitMs = askedMs ?? limits.backoffMs * 2 ** (attempt - 1);
    options.onRetry?.({ attempt, waitMs, reason: why });
    await sleep(waitMs, abort.controller.signal);
    return abort.reason === undefined;
  }
}

function connectionError(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = cause && typeof cause === 'object' && 'code' in cause ? String((cause as { code: unknown }).code) : '';
  const message = cause instanceof Error ? cause.message : String(cause);
  return code && !code.startsWith('UND_ERR') && !message.includes(code) ? `${code} ${message}` : message;
}

/** Reads one chunk, or gives up after `idleMs` of silence or when the exchange is aborted. */
async function readChunk(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  abort: Abort,
  idleMs: number,
): Promise<{ done: boolean; value?: Uint8Array | undefined; stopped?: string | undefined }> {
  let timer: NodeJS.Timeout | undefined;
  const idle = new Promise<{ done: boolean; stopped: string }>((resolve) => {
    timer = setTimeout(() => {
      abort.stop(`no data for ${seconds(idleMs)}`);
      resolve({ done: true, stopped: `no data for ${seconds(idleMs)}` });
    }, idleMs);
  });
  try {
    const result = await Promise.race([reader.read(), idle]);
    return result;
  } catch (error) {
    return { done: true, stopped: abort.reason ?? `the connection was cut: ${connectionError(error)}` };
  } finally {
    clearTimeout(timer);
  }
}

async function readText(
  response: Response,
  maxBytes: number,
  abort: Abort,
  idleMs: number,
): Promise<{ text: string; stopped?: string | undefined }> {
  if (!response.body) return { text: '' };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  try {
    for (;;) {
      const chunk = await readChunk(reader, abort, idleMs);
      if (chunk.stopped) return { text, stopped: chunk.stopped };
      if (chunk.done || !chunk.value) break;
      bytes += chunk.value.length;
      if (bytes > maxBytes) {
        abort.stop('too large');
        return { text, stopped: `the reply is larger than ${Math.round(maxBytes / 1024 / 1024)} MB: stopped reading` };
      }
      text += decoder.decode(chunk.value, { stream: true });
    }
    return { text: text + decoder.decode() };
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}

async function readStream(
  response: Response,
  api: ApiKind,
  emit: (event: WireEvent) => void,
  abort: Abort,
  limits: ClientLimits,
): Promise<{ text: string; stopped?: string | undefined }> {
  const decoder = createStreamDecoder(api);
  const textDecoder = new TextDecoder();
  if (!response.body) {
    for (const e of decoder.end()) emit(e);
    return { text: '' };
  }
  const reader = response.body.getReader();
  let text = '';
  let bytes = 0;
  try {
    for (;;) {
      const chunk = await readChunk(reader, abort, limits.idleTimeoutMs);
      if (chunk.stopped) return { text, stopped: chunk.stopped };
      if (chunk.done || !chunk.value) break;
      bytes += chunk.value.length;
      if (bytes > limits.maxReplyBytes) {
        abort.stop('too large');
        return { text, stopped: `the reply is larger than ${Math.round(limits.maxReplyBytes / 1024 / 1024)} MB: stopped reading` };
      }
      const piece = textDecoder.decode(chunk.value, { stream: true });
      text += piece;
      for (const e of decoder.feed(piece)) emit(e);
      if (decoder.failed) {
        abort.stop('malformed');
        return { text };
      }
    }
    const rest = textDecoder.decode();
    text += rest;
    for (const e of [...decoder.feed(rest), ...decoder.end()]) emit(e);
    return { text };
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}

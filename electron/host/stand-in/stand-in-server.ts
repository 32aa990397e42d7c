import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { ApiKind } from '../../../shared/requests/api-kind.js';
import { CREDENTIAL_HEADERS } from '../../../shared/wire/endpoints.js';
import type { Usage } from '../../../shared/wire/wire-event.js';
import { PLAIN_REPLY, type Fault, type ScriptedReply } from './scripted-reply.js';
import { errorBody, replyBody, replyEvents, textDeltaEvent, type ReplyToWrite } from './wire-formats.js';

/**
 * The loopback stand-in for the four model APIs: one HTTP server on 127.0.0.1 (a random
 * port) that speaks OpenAI Chat Completions, OpenAI Responses, Anthropic Messages (and
 * count_tokens) and Gemini generateContent (streamGenerateContent, countTokens), streamed and
 * not; records every request that arrives, whatever its path; and answers from a script —
 * replies, tool calls, usage with cached tokens, or any fault of scripted-reply.ts. Tests run
 * against it; capture points an installed agent at it.
 */

export interface RecordedRequest {
  /** 0, 1, 2, ... in order of arrival. */
  index: number;
  method: string;
  /** Path and query, as sent. */
  url: string;
  /** Header names in lower case; credential values replaced by `<redacted>`. */
  headers: Record<string, string>;
  /** The body exactly as it arrived (UTF-8). */
  body: string;
  api: ApiKind | null;
  route: 'generate' | 'count-tokens' | 'models' | 'unknown';
  model: string | null;
  stream: boolean;
  /** Whether the key matched the expected one (null when none is expected or none was sent). */
  keyMatched: boolean | null;
}

export type Script = (request: RecordedRequest, generateIndex: number) => ScriptedReply | undefined;

export interface StandInOptions {
  /** Replies in order, one per generation request (a fault with `times` answers that many); then `fallback`. */
  replies?: ScriptedReply[] | undefined;
  /** Or a function of the request (undefined: `fallback`). */
  script?: Script | undefined;
  /** When the script has nothing more (default: a short plain text, no tool call). */
  fallback?: ScriptedReply | undefined;
  /** The key requests must carry (any key, or none, when absent). */
  expectedKey?: string | undefined;
  /** The models it knows (any, when absent); others get 404. */
  models?: string[] | undefined;
  /** Largest request body accepted (default 32 MB). */
  maxRequestBytes?: number | undefined;
}

export interface StandIn {
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  /** The base URL a client of `api` is given (OpenAI's includes /v1). */
  baseUrl(api: ApiKind): string;
  /** Every request so far, in order. */
  readonly requests: readonly RecordedRequest[];
  /** Appends replies to the script. */
  enqueue(...replies: ScriptedReply[]): void;
  close(): Promise<void>;
}

const HUGE_DEFAULT = 100 * 1024 * 1024;
const FILL = 'a'.repeat(64 * 1024);
const HUGE_MARK = '\u0000HUGE\u0000';

function routeOf(
  method: string,
  pathname: string,
): { api: ApiKind | null; route: RecordedRequest['route']; model: string | null; stream?: boolean } {
  if (method === 'POST' && pathname === '/v1/chat/completions') return { api: 'openai-chat', route: 'generate', model: null };
  if (method === 'POST' && pathname === '/v1/responses') return { api: 'openai-responses', route: 'generate', model: null };
  if (method === 'POST' && pathname === '/v1/messages') return { api: 'anthropic', route: 'generate', model: null };
  if (method === 'POST' && pathname === '/v1/messages/count_tokens') return { api: 'anthropic', route: 'count-tokens', model: null };
  const gemini = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent|countTokens)$/.exec(pathname);
  if (method === 'POST' && gemini) {
    const model = decodeURIComponent(gemini[1]!);
    if (gemini[2] === 'countTokens') return { api: 'gemini', route: 'count-tokens', model };
    return { api: 'gemini', route: 'generate', model, stream: gemini[2] === 'streamGenerateContent' };
  }
  if (method === 'GET' && pathname === '/v1beta/models') return { api: 'gemini', route: 'models', model: null };
  if (method === 'GET' && pathname === '/v1/models') return { api: null, route: 'models', model: null };
  return { api: null, route: 'unknown', model: null };
}

function keyOf(headers: http.IncomingHttpHeaders): { api: ApiKind | null; key: string | undefined } {
  const bearer = /^Bearer (.+)$/.exec(String(headers.authorization ?? ''));
  if (headers['x-api-key']) return { api: 'anthropic', key: String(headers['x-api-key']) };
  if (headers['x-goog-api-key']) return { api: 'gemini', key: String(headers['x-goog-api-key']) };
  return { api: bearer ? 'openai-chat' : null, key: bearer?.[1] };
}

function redacted(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name] = (CREDENTIAL_HEADERS as readonly string[]).includes(name) ? '<redacted>' : Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** The system prompt of a body, for the stand-in's prompt cache. */
function systemOf(api: ApiKind, body: Record<string, unknown>): string {
  if (api === 'openai-chat') {
    const first = Array.isArray(body.messages) ? (body.messages[0] as Record<string, unknown> | undefined) : undefined;
    return first && (first.role === 'system' || first.role === 'developer') ? JSON.stringify(first.content) : '';
  }
  if (api === 'openai-responses') return JSON.stringify(body.instructions ?? '');
  if (api === 'anthropic') return JSON.stringify(body.system ?? '') + JSON.stringify(body.tools ?? '');
  return JSON.stringify(body.systemInstruction ?? '') + JSON.stringify(body.tools ?? '');
}

const tokensOf = (text: string): number => Math.ceil(text.length / 4);

export async function startStandIn(options: StandInOptions = {}): Promise<StandIn> {
  const queue: { reply: ScriptedReply; left: number }[] = (options.replies ?? []).map((reply) => ({ reply, left: timesOf(reply.fault) }));
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const cache = new Set<string>();
  const maxBody = options.maxRequestBytes ?? 32 * 1024 * 1024;
  let generateCount = 0;
  let closed = false;

  const nextReply = (request: RecordedRequest): ScriptedReply => {
    const index = generateCount++;
    const scripted = options.script?.(request, index);
    if (scripted) return scripted;
    const head = queue[0];
    if (!head) return options.fallback ?? PLAIN_REPLY;
    if (head.left !== Infinity) head.left--;
    if (head.left <= 0) queue.shift();
    return head.reply;
  };

  const later = (ms: number, fn: () => void): void => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBody) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('error', () => undefined);
    req.on('end', () => {
      try {
        handle(req, res, Buffer.concat(chunks).toString('utf8'), tooLarge);
      } catch (error) {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `stand-in: ${error instanceof Error ? error.message : String(error)}` } }));
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  const handle = (req: http.IncomingMessage, res: http.ServerResponse, body: string, tooLarge: boolean): void => {
    const url = req.url ?? '/';
    const pathname = url.split('?')[0] ?? '/';
    const route = routeOf(req.method ?? 'GET', pathname);
    const { api: keyApi, key } = keyOf(req.headers);
    let parsed: Record<string, unknown> = {};
    try {
      const value: unknown = body ? JSON.parse(body) : {};
      if (value && typeof value === 'object' && !Array.isArray(value)) parsed = value as Record<string, unknown>;
    } catch {
      // recorded as it came; answered below
    }
    const api = route.api ?? (route.route === 'models' ? (keyApi ?? 'openai-chat') : null);
    const model = route.model ?? (typeof parsed.model === 'string' ? parsed.model : null);
    const record: RecordedRequest = {
      index: requests.length,
      method: req.method ?? 'GET',
      url,
      headers: redacted(req.headers),
      body,
      api,
      route: route.route,
      model,
      stream: route.stream ?? parsed.stream === true,
      keyMatched: options.expectedKey === undefined || key === undefined ? null : key === options.expectedKey,
    };
    requests.push(record);
    const json = (status: number, text: string, headers: Record<string, string> = {}): void => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(text);
    };
    if (tooLarge) return json(413, errorBody(api, 413, 'request body too large'));
    if (route.route === 'unknown') return json(404, errorBody(null, 404, `the stand-in has no ${record.method} ${pathname}`));
    if (options.expectedKey !== undefined && key !== options.expectedKey)
      return json(401, errorBody(api, 401, key ? 'invalid API key' : 'no API key was sent'));
    if (route.route === 'models')
      return json(
        200,
        JSON.stringify(
          api === 'gemini'
            ? { models: (options.models ?? []).map((m) => ({ name: `models/${m}` })) }
            : { data: (options.models ?? []).map((id) => ({ id, object: 'model' })) },
        ),
      );
    if (options.models && model !== null && !options.models.includes(model))
      return json(404, errorBody(api, 404, `model '${model}' not found`));
    if (route.route === 'count-tokens') {
      const tokens = tokensOf(body);
      return json(200, JSON.stringify(api === 'gemini' ? { totalTokens: tokens } : { input_tokens: tokens }));
    }
    if (!api) return json(404, errorBody(null, 404, 'unknown API'));
    if (body && Object.keys(parsed).length === 0) return json(400, errorBody(api, 400, 'the body is not a JSON object'));
    answer(res, api, record, parsed, nextReply(record));
  };

  const answer = (
    res: http.ServerResponse,
    api: ApiKind,
    record: RecordedRequest,
    body: Record<string, unknown>,
    scripted: ScriptedReply,
  ): void => {
    const fault = scripted.fault;
    const json = (status: number, text: string, headers: Record<string, string> = {}): void => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(text);
    };
    if (fault?.kind === 'wrong-key') return json(401, errorBody(api, 401, 'invalid API key'));
    if (fault?.kind === 'unknown-model') return json(404, errorBody(api, 404, `model '${record.model ?? ''}' not found`));
    if (fault?.kind === 'rate-limit')
      return json(429, errorBody(api, 429, 'rate limit reached'), { 'retry-after': String(fault.retryAfterSeconds ?? 1) });
    if (fault?.kind === 'server-error') return json(fault.status ?? 500, errorBody(api, fault.status ?? 500, 'internal server error'));

    const reply = replyToWrite(api, record, body, scripted);
    const stream = record.stream;
    if (!stream) {
      if (fault?.kind === 'huge')
        return writeHuge(
          res,
          replyBody(api, { ...reply, text: HUGE_MARK }).split(JSON.stringify(HUGE_MARK).slice(1, -1)),
          fault.bytes,
          'application/json',
        );
      const text = fault?.kind === 'malformed' ? replyBody(api, reply).slice(0, 40) : replyBody(api, reply);
      return writeFaulty(res, 'application/json', text, fault);
    }
    if (fault?.kind === 'huge') {
      const delta = textDeltaEvent(api, FILL, reply.model);
      return writeHuge(res, [replyEvents(api, { ...reply, text: '' })[0] ?? '', ''], fault.bytes, 'text/event-stream', delta);
    }
    let events = replyEvents(api, reply);
    if (fault?.kind === 'malformed') events = [...events.slice(0, 2), 'data: {"this is": not JSON\n\n', ...events.slice(2)];
    if (fault?.kind === 'never-ends') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(events[0] ?? '');
      return;
    }
    writeFaulty(res, 'text/event-stream', events.join(''), fault);
  };

  /** The whole text at once, one byte at a time (drip), or cut off (drop). */
  const writeFaulty = (res: http.ServerResponse, type: string, text: string, fault: Fault | undefined): void => {
    res.writeHead(200, { 'content-type': type, ...(type === 'text/event-stream' ? { 'cache-control': 'no-cache' } : {}) });
    if (fault?.kind === 'never-ends') return;
    if (fault?.kind === 'drop') {
      const bytes = Buffer.from(text, 'utf8');
      res.write(bytes.subarray(0, fault.afterBytes ?? Math.floor(bytes.length / 2)), () => res.socket?.destroy());
      return;
    }
    if (fault?.kind === 'drip') {
      const bytes = Buffer.from(text, 'utf8');
      let at = 0;
      const step = (): void => {
        if (closed || res.destroyed || res.writableEnded) return;
        if (at >= bytes.length) return void res.end();
        res.write(bytes.subarray(at, at + 1));
        at++;
        later(fault.intervalMs ?? 1000, step);
      };
      step();
      return;
    }
    res.end(text);
  };

  /** `parts[0]`, then filler up to `bytes`, then `parts[1]`, minding backpressure and stopping when the client goes. */
  const writeHuge = (res: http.ServerResponse, parts: string[], bytes = HUGE_DEFAULT, type: string, fill = FILL): void => {
    res.writeHead(200, { 'content-type': type });
    res.write(parts[0] ?? '');
    let written = 0;
    const pump = (): void => {
      while (!closed && !res.destroyed && written < bytes) {
        written += fill.length;
        if (!res.write(fill)) return void res.once('drain', pump);
      }
      if (!res.destroyed && !closed) res.end(parts[1] ?? '');
    };
    res.on('close', () => res.removeAllListeners('drain'));
    pump();
  };

  const replyToWrite = (api: ApiKind, record: RecordedRequest, body: Record<string, unknown>, scripted: ScriptedReply): ReplyToWrite => {
    const toolCalls = (scripted.toolCalls ?? []).map((c, i) => ({
      id: c.id ?? `call_${record.index}_${i}`,
      name: c.name,
      arguments: c.arguments,
    }));
    const text = scripted.text ?? (toolCalls.length ? '' : 'OK');
    const system = systemOf(api, body);
    const cacheKey = `${api}\n${record.model ?? ''}\n${system}`;
    const hit = system.length > 2 && cache.has(cacheKey);
    const cachedWrite = api === 'anthropic' && !hit && JSON.stringify(body.system ?? '').includes('cache_control');
    if (system.length > 2) cache.add(cacheKey);
    const usage: Usage = {
      inputTokens: tokensOf(record.body),
      outputTokens: tokensOf(text + toolCalls.map((c) => JSON.stringify(c.arguments)).join('')),
      cachedInputTokens: hit ? tokensOf(system) : 0,
      cacheWriteTokens: cachedWrite ? tokensOf(system) : 0,
      ...scripted.usage,
    };
    return {
      id: `standin_${record.index}`,
      model: record.model ?? 'unknown',
      text,
      toolCalls,
      usage,
      stop: scripted.stop ?? (toolCalls.length ? 'tool-use' : 'end'),
    };
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    baseUrl: (api) => (api === 'openai-chat' || api === 'openai-responses' ? `${origin}/v1` : origin),
    requests,
    enqueue: (...replies) => queue.push(...replies.map((reply) => ({ reply, left: timesOf(reply.fault) }))),
    close: async () => {
      if (closed) return;
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** How many requests a script entry answers: faults that repeat say so, everything else once. */
function timesOf(fault: Fault | undefined): number {
  if (fault?.kind === 'rate-limit' || fault?.kind === 'server-error') return fault.times ?? Infinity;
  return 1;
}

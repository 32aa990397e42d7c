import type { ApiKind } from '../requests/api-kind.js';
import type { Json } from '../requests/request-bodies.js';
import { requestBody } from '../requests/request-bodies.js';
import { USER_MESSAGE_PLACEHOLDER, type RequestInput } from '../requests/request-input.js';

/**
 * A run's body: the body "Copy as request" and `export --format request` give for the column
 * (shared/requests), with the test's conversation put in. The first user turn takes the place
 * of the export's placeholder user message (the message's other parts, such as a stack's
 * reminders, stay); later turns follow in the API's own shapes.
 */

export interface ToolCallTurn {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

export type Turn =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content?: string | undefined; toolCalls?: ToolCallTurn[] | undefined }
  | { role: 'tool'; toolCallId: string; name: string; content: string };

/** The input with the first user message in place of the placeholder (or of the first part when there is none). */
export function withUserMessage(input: RequestInput, message: string): RequestInput {
  const at = input.user.indexOf(USER_MESSAGE_PLACEHOLDER);
  const user = [...input.user];
  user[at >= 0 ? at : 0] = message;
  return { ...input, user };
}

function openAiChatTurn(turn: Turn): Json {
  switch (turn.role) {
    case 'user':
      return { role: 'user', content: turn.content };
    case 'assistant':
      return {
        role: 'assistant',
        content: turn.content ?? null,
        ...(turn.toolCalls?.length
          ? {
              tool_calls: turn.toolCalls.map((c) => ({
                id: c.id,
                type: 'function',
                function: { name: c.name, arguments: JSON.stringify(c.arguments) },
              })),
            }
          : {}),
      };
    case 'tool':
      return { role: 'tool', tool_call_id: turn.toolCallId, content: turn.content };
  }
}

function openAiResponsesTurn(turn: Turn): Json[] {
  switch (turn.role) {
    case 'user':
      return [{ role: 'user', content: turn.content }];
    case 'assistant':
      return [
        ...(turn.content ? [{ role: 'assistant', content: turn.content }] : []),
        ...(turn.toolCalls ?? []).map((c) => ({
          type: 'function_call',
          call_id: c.id,
          name: c.name,
          arguments: JSON.stringify(c.arguments),
        })),
      ];
    case 'tool':
      return [{ type: 'function_call_output', call_id: turn.toolCallId, output: turn.content }];
  }
}

type AnthropicMessage = { role: 'user' | 'assistant'; content: Json[] };

function anthropicBlocks(turn: Turn): AnthropicMessage {
  switch (turn.role) {
    case 'user':
      return { role: 'user', content: [{ type: 'text', text: turn.content }] };
    case 'assistant':
      return {
        role: 'assistant',
        content: [
          ...(turn.content ? [{ type: 'text', text: turn.content }] : []),
          ...(turn.toolCalls ?? []).map((c) => ({ type: 'tool_use', id: c.id, name: c.name, input: c.arguments as Json })),
        ],
      };
    case 'tool':
      return { role: 'user', content: [{ type: 'tool_result', tool_use_id: turn.toolCallId, content: turn.content }] };
  }
}

type GeminiContent = { role: 'user' | 'model'; parts: Json[] };

function geminiParts(turn: Turn): GeminiContent {
  switch (turn.role) {
    case 'user':
      return { role: 'user', parts: [{ text: turn.content }] };
    case 'assistant':
      return {
        role: 'model',
        parts: [
          ...(turn.content ? [{ text: turn.content }] : []),
          ...(turn.toolCalls ?? []).map((c) => ({ functionCall: { name: c.name, args: c.arguments as Json } })),
        ],
      };
    case 'tool':
      return { role: 'user', parts: [{ functionResponse: { name: turn.name, response: { content: turn.content } } }] };
  }
}

/** Anthropic and Gemini want turns to alternate: consecutive turns of one role (tool results after a user turn) join. */
function joinRoles<T extends { role: string }>(items: T[], parts: (item: T) => Json[]): Json[] {
  const out: { role: string; items: Json[] }[] = [];
  for (const item of items) {
    const last = out[out.length - 1];
    if (last && last.role === item.role) last.items.push(...parts(item));
    else out.push({ role: item.role, items: [...parts(item)] });
  }
  return out as unknown as Json[];
}

/** The later turns (after the first user message) in the body, in the API's shape. */
function appendTurns(api: ApiKind, body: Record<string, Json>, later: readonly Turn[]): Json {
  if (!later.length) return body;
  switch (api) {
    case 'openai-chat':
      return { ...body, messages: [...(body.messages as Json[]), ...later.map(openAiChatTurn)] };
    case 'openai-responses':
      return { ...body, input: [...(body.input as Json[]), ...later.flatMap(openAiResponsesTurn)] };
    case 'anthropic': {
      const messages = joinRoles(later.map(anthropicBlocks), (m) => m.content).map((m) => {
        const { role, items } = m as unknown as { role: string; items: Json[] };
        return { role, content: items };
      });
      return { ...body, messages: [...(body.messages as Json[]), ...messages] };
    }
    case 'gemini': {
      const contents = joinRoles(later.map(geminiParts), (c) => c.parts).map((c) => {
        const { role, items } = c as unknown as { role: string; items: Json[] };
        return { role, parts: items };
      });
      return { ...body, contents: [...(body.contents as Json[]), ...contents] };
    }
  }
}

/** The body of a run: the export's body for `input`, the first user turn in it, later turns after it. */
export function conversationBody(api: ApiKind, input: RequestInput, turns: readonly Turn[]): Json {
  const first = turns.findIndex((t) => t.role === 'user');
  const firstUser = turns[first];
  const base = firstUser && firstUser.role === 'user' ? withUserMessage(input, firstUser.content) : input;
  const body = requestBody(api, base) as Record<string, Json>;
  return appendTurns(api, body, first < 0 ? [] : turns.slice(first + 1));
}

/** Fields that ask for a streamed reply (Gemini streams through another URL instead). */
export function streamFields(api: ApiKind): Record<string, Json> {
  switch (api) {
    case 'openai-chat':
      return { stream: true, stream_options: { include_usage: true } };
    case 'openai-responses':
    case 'anthropic':
      return { stream: true };
    case 'gemini':
      return {};
  }
}

/**
 * The exact text sent: two-space JSON and a final newline, like the export's files — with
 * `stream` off, byte for byte the export's text; streamed, the same with the stream fields
 * added at the end.
 */
export function bodyText(api: ApiKind, body: Json, stream: boolean): string {
  const value = stream ? { ...(body as Record<string, Json>), ...streamFields(api) } : body;
  return `${JSON.stringify(value, null, 2)}\n`;
}

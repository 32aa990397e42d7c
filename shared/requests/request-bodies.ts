import type { JsonSchemaProperty } from '../engine/tools/native-tools.js';
import type { ApiKind } from './api-kind.js';
import type { RequestInput } from './request-input.js';

/**
 * Request bodies, ready for curl, in each API's documented shape: the system prompt exactly
 * as built, the native tool definitions when the context enables native tool calls, and a
 * user message. Plain JSON values; key order is fixed, so the same input gives the same text.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function optional<T extends Json>(key: string, value: T | undefined): Record<string, T> {
  return value === undefined ? {} : { [key]: value };
}

function toJson(value: unknown): Json {
  return JSON.parse(JSON.stringify(value)) as Json;
}

/** OpenAI Chat Completions (POST /v1/chat/completions). */
export function openAiChatBody(input: RequestInput): Json {
  const tools = input.tools?.openai;
  return {
    model: input.model,
    messages: [
      { role: 'system', content: input.system },
      { role: 'user', content: input.user.length === 1 ? input.user[0]! : input.user.map((text) => ({ type: 'text', text })) },
    ],
    ...optional('tools', tools?.length ? toJson(tools) : undefined),
    max_completion_tokens: input.maxTokens,
    ...optional('temperature', input.temperature),
  };
}

/** OpenAI Responses (POST /v1/responses): the system prompt as `instructions`, function tools flat. */
export function openAiResponsesBody(input: RequestInput): Json {
  const tools = input.tools?.openai.map((t) => ({
    type: 'function',
    name: t.function.name,
    description: t.function.description,
    parameters: toJson(t.function.parameters),
    strict: false,
  }));
  return {
    model: input.model,
    instructions: input.system,
    input: [
      {
        role: 'user',
        content: input.user.length === 1 ? input.user[0]! : input.user.map((text) => ({ type: 'input_text', text })),
      },
    ],
    ...optional('tools', tools?.length ? tools : undefined),
    max_output_tokens: input.maxTokens,
    ...optional('temperature', input.temperature),
  };
}

/** Anthropic's system blocks: the stable prefix ends in a `cache_control` breakpoint. */
function anthropicSystem(input: RequestInput): Json[] {
  const { system } = input;
  const end = Math.max(0, Math.min(input.stablePrefixEnd, system.length));
  const cache = { type: 'ephemeral' };
  if (end === 0) return [{ type: 'text', text: system }];
  if (end === system.length) return [{ type: 'text', text: system, cache_control: cache }];
  return [
    { type: 'text', text: system.slice(0, end), cache_control: cache },
    { type: 'text', text: system.slice(end) },
  ];
}

/** Anthropic Messages (POST /v1/messages). */
export function anthropicBody(input: RequestInput): Json {
  const tools = input.tools?.anthropic;
  return {
    model: input.model,
    max_tokens: input.maxTokens,
    ...optional('temperature', input.temperature),
    ...(input.system === '' ? {} : { system: anthropicSystem(input) }),
    ...optional('tools', tools?.length ? toJson(tools) : undefined),
    messages: [
      {
        role: 'user',
        content: input.user.length === 1 ? input.user[0]! : input.user.map((text) => ({ type: 'text', text })),
      },
    ],
  };
}

/** Gemini's Schema writes types in capitals (OBJECT, STRING, ARRAY, ...), nested ones included. */
function geminiSchema(value: unknown): Json {
  if (Array.isArray(value)) return value.map(geminiSchema);
  if (value === null || typeof value !== 'object') return value as Json;
  const out: Record<string, Json> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (key === 'type' && typeof v === 'string') out[key] = v.toUpperCase();
    else if (key === 'properties' && v && typeof v === 'object')
      out[key] = Object.fromEntries(Object.entries(v as Record<string, JsonSchemaProperty>).map(([k, p]) => [k, geminiSchema(p)]));
    else out[key] = geminiSchema(v);
  }
  return out;
}

/** Gemini generateContent (POST /v1beta/models/<model>:generateContent); the model is in the URL. */
export function geminiBody(input: RequestInput): Json {
  const tools = input.tools?.gemini;
  return {
    ...(input.system === '' ? {} : { systemInstruction: { parts: [{ text: input.system }] } }),
    contents: [{ role: 'user', parts: input.user.map((text) => ({ text })) }],
    ...optional(
      'tools',
      tools?.length
        ? [
            {
              functionDeclarations: tools.map((t) => ({
                name: t.name,
                description: t.description,
                parameters: geminiSchema(t.parameters),
              })),
            },
          ]
        : undefined,
    ),
    generationConfig: { maxOutputTokens: input.maxTokens, ...optional('temperature', input.temperature) },
  };
}

export function requestBody(api: ApiKind, input: RequestInput): Json {
  switch (api) {
    case 'openai-chat':
      return openAiChatBody(input);
    case 'openai-responses':
      return openAiResponsesBody(input);
    case 'anthropic':
      return anthropicBody(input);
    case 'gemini':
      return geminiBody(input);
  }
}

/** A body as the file or the clipboard gets it: two-space JSON and a final newline. */
export function requestBodyText(api: ApiKind, input: RequestInput): string {
  return `${JSON.stringify(requestBody(api, input), null, 2)}\n`;
}

export type { Json };

import { requestTexts } from './verdict.js';

/**
 * A captured model request as a diff baseline for the preview: the system prompt as the agent
 * sent it, then every other text of the request that holds an instruction part of the verdict
 * (the first user message's memory block, Codex's AGENTS.md fragment), in request order, each
 * once, separated by a blank line. What the system prompt is depends on the API: `system`
 * (Anthropic Messages: a string or text blocks), `instructions` and system/developer input items
 * (OpenAI Responses), system/developer messages (Chat Completions), `systemInstruction` (Gemini).
 */

const SYSTEM_ROLES = new Set(['system', 'developer']);
const ITEM = /^(messages|input)\[(\d+)\]/;
const SYSTEM_PATH = /^(system(\[\d+\]\.text)?|instructions|(systemInstruction|system_instruction)\.parts\[\d+\]\.text)$/;
/** The strings of a message or input item that are its text (not its role, type or ids). */
const MESSAGE_TEXT = /^(messages|input)\[\d+\]\.content(\[\d+\]\.text)?$/;

function roleAt(body: unknown, list: string, index: number): unknown {
  if (!body || typeof body !== 'object') return undefined;
  const items = (body as Record<string, unknown>)[list];
  const item: unknown = Array.isArray(items) ? items[index] : undefined;
  return item && typeof item === 'object' ? (item as Record<string, unknown>).role : undefined;
}

export function captureBaselineText(body: string, partsAt: readonly (string | undefined)[]): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  const wanted = new Set(partsAt.filter((w): w is string => w !== undefined));
  const system: string[] = [];
  const rest: string[] = [];
  for (const { where, text } of requestTexts(body)) {
    const item = ITEM.exec(where);
    const isSystem =
      SYSTEM_PATH.test(where) ||
      (item !== null && MESSAGE_TEXT.test(where) && SYSTEM_ROLES.has(String(roleAt(parsed, item[1]!, Number(item[2])))));
    if (isSystem) system.push(text);
    else if (wanted.has(where)) rest.push(text);
  }
  return [...system, ...rest].join('\n\n');
}

import type { NativeToolDefinitions } from '../engine/tools/native-tools.js';
import { schemaProblems } from './json-schema-check.js';

/**
 * Tool calls as the agent reads them from a reply.
 *
 * Native calls (function calling): the arguments must be a JSON object valid under the
 * tool's JSON Schema, and the tool must be one the request defined.
 *
 * Cline-style XML calls (tools described in the prompt): the reply's text is scanned for an
 * opening tag named like an enabled tool, `<read_file>`; inside it, for opening tags named
 * like that tool's parameters; a parameter's value is the text up to its closing tag, with
 * surrounding whitespace trimmed — except `content` and `diff`, whose value runs to the last
 * closing tag before the tool's own (file contents may hold the same tag) and loses only one
 * leading and one trailing line break. Tags of unknown tools or parameters are plain text.
 * A call whose closing tag never comes is kept, marked partial.
 */

export interface ToolDefinition {
  name: string;
  /** JSON Schema of the arguments (type object). */
  parameters: Record<string, unknown>;
}

export interface ToolVocabulary {
  /** How the agent expects calls: native function calls, or XML in the text. */
  format: 'native' | 'xml';
  tools: ToolDefinition[];
}

export interface ParsedToolCall {
  format: 'native' | 'xml';
  name: string;
  /** The arguments as the agent gets them (null when native arguments are not a JSON object). */
  arguments: Record<string, unknown> | null;
  /** What the model wrote: the JSON arguments, or the whole XML call. */
  raw: string;
  /** Why the agent would not run it as is (unknown tool, bad JSON, schema violations, missing parameters, unclosed tag). */
  problems: string[];
  partial?: true | undefined;
}

/** The tools of a build, from its native definitions (the same names and parameters either way). */
export function toolVocabulary(native: NativeToolDefinitions | undefined, nativeCalls: boolean): ToolVocabulary {
  return {
    format: nativeCalls ? 'native' : 'xml',
    tools: (native?.openai ?? []).map((t) => ({
      name: t.function.name,
      parameters: t.function.parameters as unknown as Record<string, unknown>,
    })),
  };
}

function propertyNames(tool: ToolDefinition): string[] {
  const properties = tool.parameters.properties;
  return properties && typeof properties === 'object' ? Object.keys(properties) : [];
}

function requiredNames(tool: ToolDefinition): string[] {
  const required = tool.parameters.required;
  return Array.isArray(required) ? required.filter((r): r is string => typeof r === 'string') : [];
}

/** Native calls checked against the tools the request defined. */
export function checkNativeCalls(calls: readonly { name: string; arguments: string }[], vocabulary: ToolVocabulary): ParsedToolCall[] {
  return calls.map((call) => {
    const problems: string[] = [];
    let args: Record<string, unknown> | null = null;
    try {
      const parsed: unknown = JSON.parse(call.arguments || '{}');
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) args = parsed as Record<string, unknown>;
      else problems.push('the arguments are not a JSON object');
    } catch {
      problems.push('the arguments are not valid JSON');
    }
    const tool = vocabulary.tools.find((t) => t.name === call.name);
    if (!tool) problems.push(`'${call.name}' is not a tool the request defined`);
    else if (args) problems.push(...schemaProblems(tool.parameters, args));
    return { format: 'native', name: call.name, arguments: args, raw: call.arguments, problems };
  });
}

const WHOLE_VALUE_PARAMS = new Set(['content', 'diff']);

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function xmlValue(param: string, value: string): string {
  if (WHOLE_VALUE_PARAMS.has(param)) return value.replace(/^\r?\n/, '').replace(/\r?\n$/, '');
  return value.trim();
}

/** The parameters inside one tool call's body. */
function xmlParams(body: string, tool: ToolDefinition): Record<string, string> {
  const names = propertyNames(tool);
  const out: Record<string, string> = {};
  if (!names.length) return out;
  const opening = new RegExp(`<(${names.map(escapeRegex).join('|')})>`, 'g');
  let at = 0;
  while (at < body.length) {
    opening.lastIndex = at;
    const open = opening.exec(body);
    if (!open) break;
    const name = open[1]!;
    const start = open.index + open[0].length;
    const close = `</${name}>`;
    const end = WHOLE_VALUE_PARAMS.has(name) ? body.lastIndexOf(close) : body.indexOf(close, start);
    if (end < start) {
      out[name] = xmlValue(name, body.slice(start));
      break;
    }
    if (!(name in out)) out[name] = xmlValue(name, body.slice(start, end));
    at = end + close.length;
  }
  return out;
}

/** Cline-style XML calls in a reply's text, in order. */
export function parseXmlToolCalls(text: string, vocabulary: ToolVocabulary): ParsedToolCall[] {
  if (!vocabulary.tools.length) return [];
  const opening = new RegExp(`<(${vocabulary.tools.map((t) => escapeRegex(t.name)).join('|')})>`, 'g');
  const calls: ParsedToolCall[] = [];
  let at = 0;
  while (at < text.length) {
    opening.lastIndex = at;
    const open = opening.exec(text);
    if (!open) break;
    const tool = vocabulary.tools.find((t) => t.name === open[1])!;
    const start = open.index + open[0].length;
    const close = `</${tool.name}>`;
    // A whole-value parameter may hold the tool's closing tag: the call ends after that parameter closes.
    let end = text.indexOf(close, start);
    for (const param of WHOLE_VALUE_PARAMS) {
      const paramOpen = text.indexOf(`<${param}>`, start);
      if (paramOpen >= 0 && (end < 0 || paramOpen < end) && propertyNames(tool).includes(param)) {
        const paramClose = text.lastIndexOf(`</${param}>`);
        if (paramClose > paramOpen) end = text.indexOf(close, paramClose);
      }
    }
    const body = end < 0 ? text.slice(start) : text.slice(start, end);
    const args = xmlParams(body, tool);
    const problems = requiredNames(tool)
      .filter((name) => !(name in args))
      .map((name) => `the required parameter '${name}' is missing`);
    const call: ParsedToolCall = {
      format: 'xml',
      name: tool.name,
      arguments: args,
      raw: end < 0 ? text.slice(open.index) : text.slice(open.index, end + close.length),
      problems,
    };
    if (end < 0) {
      call.partial = true;
      call.problems.push(`the call is not closed (${close} is missing)`);
      calls.push(call);
      break;
    }
    calls.push(call);
    at = end + close.length;
  }
  return calls;
}

/** The reply's tool calls as the agent reads them: native ones checked, or XML ones parsed from the text. */
export function agentToolCalls(
  reply: { text: string; toolCalls: readonly { name: string; arguments: string }[] },
  vocabulary: ToolVocabulary,
): ParsedToolCall[] {
  if (vocabulary.format === 'native') return checkNativeCalls(reply.toolCalls, vocabulary);
  return parseXmlToolCalls(reply.text, vocabulary);
}

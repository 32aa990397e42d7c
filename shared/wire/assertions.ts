import { RE2JS } from 're2js';
import { schemaProblems } from './json-schema-check.js';
import { formatCost } from './prices.js';
import type { Reply } from './reply.js';
import type { Assertion } from './test-file.js';
import type { ParsedToolCall } from './tool-calls.js';

/** Checking a reply against a test's assertions: each passes or says why not. */

export interface ReplyOutcome {
  reply: Reply;
  /** The tool calls as the agent reads them. */
  toolCalls: ParsedToolCall[];
  latencyMs: number;
  /** Dollars (null: no price for the model). */
  cost: number | null;
}

export interface AssertionResult {
  assertion: Assertion;
  /** "first tool call is read_file", "text contains 'done'". */
  label: string;
  pass: boolean;
  /** Why it failed (absent when it passed). */
  why?: string | undefined;
}

function quote(text: string, max = 60): string {
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((v, i) => sameJson(v, (b as unknown[])[i]));
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  return ka.length === kb.length && ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

export function assertionLabel(a: Assertion): string {
  switch (a.type) {
    case 'tool-call':
      return `first tool call${a.name ? ` is ${a.name}` : ''}${a.arguments ? ` with ${JSON.stringify(a.arguments)}` : ''}${a.schema ? ' (arguments match the schema)' : ''}`;
    case 'contains':
      return `text contains ${quote(a.value)}`;
    case 'not-contains':
      return `text does not contain ${quote(a.value)}`;
    case 'regex':
      return `text matches /${a.pattern}/${a.ignoreCase ? 'i' : ''}`;
    case 'valid-json':
      return 'text is valid JSON';
    case 'no-tool-call':
      return 'no tool call';
    case 'max-latency':
      return `latency at most ${a.ms} ms`;
    case 'max-cost':
      return `cost at most ${formatCost(a.usd)}`;
    case 'max-output-tokens':
      return `at most ${a.tokens} output tokens`;
  }
}

function check(a: Assertion, o: ReplyOutcome): string | undefined {
  const text = o.reply.text;
  switch (a.type) {
    case 'tool-call': {
      const first = o.toolCalls[0];
      if (!first) return 'the reply made no tool call';
      if (a.name !== undefined && first.name !== a.name) return `the first tool call is ${first.name}`;
      if (first.problems.length) return `the agent would not run ${first.name}: ${first.problems.join('; ')}`;
      const args = first.arguments ?? {};
      for (const [key, value] of Object.entries(a.arguments ?? {}))
        if (!sameJson(args[key], value))
          return `argument ${key} is ${args[key] === undefined ? 'missing' : JSON.stringify(args[key])}, expected ${JSON.stringify(value)}`;
      if (a.schema) {
        const problems = schemaProblems(a.schema, args);
        if (problems.length) return `the arguments do not match the schema: ${problems.join('; ')}`;
      }
      return undefined;
    }
    case 'contains': {
      const found = a.ignoreCase ? text.toLowerCase().includes(a.value.toLowerCase()) : text.includes(a.value);
      return found ? undefined : `not found in ${quote(text)}`;
    }
    case 'not-contains': {
      const at = a.ignoreCase ? text.toLowerCase().indexOf(a.value.toLowerCase()) : text.indexOf(a.value);
      return at < 0 ? undefined : `found at character ${at}: ${quote(text.slice(Math.max(0, at - 20), at + a.value.length + 20))}`;
    }
    case 'regex': {
      const re = RE2JS.compile(a.pattern, a.ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
      return re.matcher(text).find() ? undefined : `no match in ${quote(text)}`;
    }
    case 'valid-json':
      try {
        JSON.parse(text);
        return undefined;
      } catch (error) {
        return `not JSON (${error instanceof Error ? error.message : String(error)}): ${quote(text)}`;
      }
    case 'no-tool-call':
      return o.toolCalls.length ? `the reply called ${o.toolCalls.map((c) => c.name).join(', ')}` : undefined;
    case 'max-latency':
      return o.latencyMs <= a.ms ? undefined : `took ${Math.round(o.latencyMs)} ms`;
    case 'max-cost':
      if (o.cost === null) return 'no price for the model in the price table';
      return o.cost <= a.usd ? undefined : `cost ${formatCost(o.cost)}`;
    case 'max-output-tokens':
      return o.reply.usage.outputTokens <= a.tokens ? undefined : `${o.reply.usage.outputTokens} output tokens`;
  }
}

export function evaluateAssertions(assertions: readonly Assertion[], outcome: ReplyOutcome): AssertionResult[] {
  return assertions.map((assertion) => {
    const why = check(assertion, outcome);
    return why === undefined
      ? { assertion, label: assertionLabel(assertion), pass: true }
      : { assertion, label: assertionLabel(assertion), pass: false, why };
  });
}

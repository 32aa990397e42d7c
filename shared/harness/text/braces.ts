import { expand } from 'brace-expansion';

/**
 * Brace expansion of a `paths:` glob, as Claude Code does it before matching
 * (shared/docs/harnesses/claude-code.md, "paths": braces expand within a budget of 1,000
 * patterns / 4 MiB per rule; over the budget the pattern is used literally and matches
 * nothing). Claude Code's docs give the budget but not the forms, so the forms are those of
 * bash and of the Node glob libraries (minimatch's brace-expansion, which this is):
 * lists (`{a,b}`, nested, empty members), numeric and letter sequences with an optional step
 * and zero padding (`a{1..3}.ts`, `{a..e..2}`, `{01..10}`); an escaped brace (`\{`) and braces
 * without a comma or `..` (`a{b}c`) stay as written. Cline matches `paths` with picomatch as
 * it is (cline-rules.md), which does its own expansion: text/path-patterns.ts.
 */
export interface BraceBudget {
  patterns: number;
  bytes: number;
}

/** A pattern longer than this is over any budget (it would cost too much to expand). */
const MAX_PATTERN_CHARS = 65536;
/** A sequence value is at most this much longer than the characters that wrote it. */
const SEQUENCE_GROWTH = 21;

/** The patterns a glob stands for, or undefined when they are over the budget. */
export function expandBraces(pattern: string, budget: BraceBudget): string[] | undefined {
  if (pattern.length > MAX_PATTERN_CHARS) return undefined;
  // The library stops quietly at `max` and `maxLength`: one result more than the budget, and
  // room for one more result past it, make any cut show up as "over".
  let out: string[];
  try {
    out = expand(pattern, { max: budget.patterns + 1, maxLength: budget.bytes + 1 + SEQUENCE_GROWTH * pattern.length });
  } catch {
    return undefined;
  }
  if (out.length > budget.patterns) return undefined;
  let bytes = 0;
  for (const p of out) bytes += p.length;
  if (bytes > budget.bytes) return undefined;
  // Bash drops a pattern that expands to nothing at all; a glob still means itself.
  return out.length === 0 ? [pattern] : out;
}

/** Splits at commas outside braces (`a/{b,c}, d` -> `a/{b,c}`, ` d`). */
export function splitTopLevel(inner: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(inner.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(inner.slice(from));
  return parts;
}

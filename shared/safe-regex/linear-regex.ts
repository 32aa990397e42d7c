import { RE2JS } from 're2js';

/**
 * Regular expressions that come from files (variant matchers, stack provider rules) run on
 * RE2JS, a linear-time engine: matching costs time proportional to the text, whatever the
 * pattern, so `^([\w.:-]+)+Z$` against a model id takes microseconds instead of seconds.
 * RE2 syntax is JavaScript's for everything such a file needs (classes, groups, alternation,
 * anchors, counted repetition); what a linear engine cannot do — lookaround,
 * backreferences, repetition counts over 1000 — is refused with a reason, never run.
 */

/** Longest pattern accepted (a pattern is a short matcher, not a program). */
export const MAX_PATTERN_LENGTH = 1000;

export interface LinearRegex {
  readonly source: string;
  /** Whether the pattern matches somewhere in the text (RegExp.prototype.test). */
  test(text: string): boolean;
}

export type CompiledRegex = { ok: true; regex: LinearRegex } | { ok: false; reason: string };

export interface RegexOptions {
  ignoreCase?: boolean | undefined;
}

const LINEAR_ONLY = 'patterns run on a linear-time engine: no lookaround, no backreferences, repetition counts up to 1000';
/** RE2's refusals of what only a backtracking engine does (the rest are plain syntax errors). */
const BEYOND_LINEAR = /unsupported|invalid escape|invalid repeat count|invalid named capture/;

const cache = new Map<string, CompiledRegex>();
const MAX_CACHED = 500;

function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/^error parsing regexp: /, '');
}

/** Compiles a pattern for the linear engine; a refusal says why (for lint and for the file's problems). */
export function compileLinearRegex(source: string, options: RegexOptions = {}): CompiledRegex {
  const key = `${options.ignoreCase ? 'i' : '-'}${source}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let compiled: CompiledRegex;
  if (source.length > MAX_PATTERN_LENGTH) {
    compiled = { ok: false, reason: `the pattern is ${source.length} characters long; at most ${MAX_PATTERN_LENGTH} are accepted` };
  } else {
    try {
      const re = RE2JS.compile(source, options.ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
      compiled = { ok: true, regex: { source, test: (text) => re.test(text) } };
    } catch (error) {
      const reason = reasonOf(error);
      compiled = { ok: false, reason: BEYOND_LINEAR.test(reason) ? `${reason} (${LINEAR_ONLY})` : reason };
    }
  }
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(key, compiled);
  return compiled;
}

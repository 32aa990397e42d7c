import { compileGlob, globMatcher } from '../../safe-regex/linear-glob.js';
import { expandBraces, splitTopLevel, type BraceBudget } from './braces.js';

/**
 * The `paths:` patterns of conditional rules, matched against paths relative to the rule's
 * base folder, in the two flavours the agents use:
 * - `claude`: braces expanded first within a budget (over it, the pattern matches nothing),
 *   an unclosed `[` matches nothing, dot-files matched;
 * - `cline`: picomatch as is, dot-files matched (`*.md` does not match `docs/a.md`).
 */
export type PatternFlavour = 'claude' | 'cline';

export interface PathPatterns {
  patterns: string[];
  /** The folder the patterns are relative to. */
  base: string;
  flavour: PatternFlavour;
}

export function patternMatcher(pattern: string, flavour: PatternFlavour, budget?: BraceBudget): (rel: string) => boolean {
  if (flavour === 'cline') {
    const m = globMatcher(pattern, { dot: true });
    return (rel) => m(rel.replace(/\\/g, '/'));
  }
  const expanded = expandBraces(pattern, budget ?? { patterns: 1000, bytes: 4194304 });
  if (expanded === undefined) return () => false;
  const matchers = expanded
    .filter((p) => {
      const open = p.indexOf('[');
      return open < 0 || p.indexOf(']', open + 1) >= 0;
    })
    .map((p) => globMatcher(p, { dot: true, nobrace: true }));
  return (rel) => matchers.some((m) => m(rel));
}

/** Why a pattern cannot be matched in linear time (it then matches nothing), or undefined. */
export function patternRefusal(pattern: string, flavour: PatternFlavour, budget?: BraceBudget): string | undefined {
  if (flavour === 'cline') {
    const compiled = compileGlob(pattern, { dot: true });
    return compiled.ok ? undefined : compiled.reason;
  }
  for (const p of expandBraces(pattern, budget ?? { patterns: 1000, bytes: 4194304 }) ?? []) {
    const compiled = compileGlob(p, { dot: true, nobrace: true });
    if (!compiled.ok) return compiled.reason;
  }
  return undefined;
}

/** A `paths` value: a YAML list, or (Claude Code) a comma-separated string split outside braces. */
export function pathsList(raw: unknown, commaString: boolean): string[] | undefined {
  if (typeof raw === 'string' && commaString)
    return splitTopLevel(raw)
      .map((x) => x.trim())
      .filter((x) => x !== '');
  if (Array.isArray(raw))
    return raw
      .filter((p): p is string => typeof p === 'string')
      .map((x) => x.trim())
      .filter((x) => x !== '');
  return undefined;
}

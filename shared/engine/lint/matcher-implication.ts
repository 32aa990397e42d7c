import type { Matcher, StringCondition } from '../../domain/matcher.js';
import { testCondition } from '../selection/evaluate-matcher.js';

type Field = 'providerId' | 'modelId' | 'customPrompt';

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function conditionImplies(later: StringCondition, earlier: StringCondition): boolean {
  if (sameJson(later, earlier)) return true;
  if (later.ignoreCase !== earlier.ignoreCase && later.equals === undefined) return false;
  const n = (s: string): string => (later.ignoreCase ? s.toLowerCase() : s);
  try {
    if (later.equals !== undefined) return testCondition(earlier, later.equals) && (later.ignoreCase ? earlier.ignoreCase : true);
  } catch {
    return false;
  }
  if (earlier.regex !== undefined || later.regex !== undefined) return false;
  if (later.contains !== undefined) return earlier.contains !== undefined && n(later.contains).includes(n(earlier.contains));
  if (later.prefix !== undefined) {
    if (earlier.prefix !== undefined) return n(later.prefix).startsWith(n(earlier.prefix));
    if (earlier.contains !== undefined) return n(later.prefix).includes(n(earlier.contains));
    return false;
  }
  if (later.suffix !== undefined) {
    if (earlier.suffix !== undefined) return n(later.suffix).endsWith(n(earlier.suffix));
    if (earlier.contains !== undefined) return n(later.suffix).includes(n(earlier.contains));
  }
  return false;
}

function atomField(m: Matcher): Field | undefined {
  if ('providerId' in m) return 'providerId';
  if ('modelId' in m) return 'modelId';
  if ('customPrompt' in m) return 'customPrompt';
  return undefined;
}

/**
 * Whether every context `later` matches is also matched by `earlier` (so, tried after
 * it, `later` can never win). Conservative: true only when it can be shown.
 */
export function matcherImplies(later: Matcher, earlier: Matcher): boolean {
  if ('always' in earlier && earlier.always) return true;
  if ('always' in later && !later.always) return true; // never matches: trivially shadowed, reported elsewhere
  if (sameJson(later, earlier)) return true;
  if ('any' in later) return later.any.every((m) => matcherImplies(m, earlier));
  if ('all' in earlier) return earlier.all.every((m) => matcherImplies(later, m));
  if ('any' in earlier) return earlier.any.some((m) => matcherImplies(later, m));
  if ('all' in later) return later.all.some((m) => matcherImplies(m, earlier));
  if ('flag' in later && 'flag' in earlier) return later.flag === earlier.flag && (later.is ?? true) === (earlier.is ?? true);
  const field = atomField(later);
  if (field && atomField(earlier) === field) {
    return conditionImplies((later as Record<Field, StringCondition>)[field], (earlier as Record<Field, StringCondition>)[field]);
  }
  return false;
}

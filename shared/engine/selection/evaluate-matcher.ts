import type { SystemPromptContext } from '../../domain/context.js';
import type { Matcher, MatcherFlag, StringCondition } from '../../domain/matcher.js';
import { compileLinearRegex, type LinearRegex } from '../../safe-regex/linear-regex.js';

/** A matcher that cannot be evaluated (a bad regex): the variant is reported and skipped. */
export class InvalidMatcherError extends Error {}

function flagValue(flag: MatcherFlag, context: SystemPromptContext): boolean {
  switch (flag) {
    case 'focusChainEnabled':
      return context.focusChainSettings?.enabled === true;
    case 'planMode':
      return context.providerInfo?.mode === 'plan';
    default:
      return context[flag] === true;
  }
}

function compile(source: string, ignoreCase: boolean): LinearRegex {
  const compiled = compileLinearRegex(source, { ignoreCase });
  if (!compiled.ok) throw new InvalidMatcherError(`the regex /${source}/ is not accepted: ${compiled.reason}`);
  return compiled.regex;
}

/** Every regex of a matcher that cannot run, with the reason (lint: evaluation stops at the first one it meets). */
export function matcherRegexRefusals(matcher: Matcher): string[] {
  const out: string[] = [];
  const visit = (m: Matcher): void => {
    if ('all' in m) m.all.forEach(visit);
    else if ('any' in m) m.any.forEach(visit);
    else if ('not' in m) visit(m.not);
    else {
      const c = 'providerId' in m ? m.providerId : 'modelId' in m ? m.modelId : 'customPrompt' in m ? m.customPrompt : undefined;
      if (c?.regex === undefined) return;
      const compiled = compileLinearRegex(c.regex, { ignoreCase: c.ignoreCase });
      if (!compiled.ok) out.push(`the regex /${c.regex}/ is not accepted: ${compiled.reason}`);
    }
  };
  visit(matcher);
  return out;
}

function conditionParts(c: StringCondition): { yes: string; no: string; value: string } {
  if (c.equals !== undefined) return { yes: 'equals', no: 'does not equal', value: JSON.stringify(c.equals) };
  if (c.contains !== undefined) return { yes: 'contains', no: 'does not contain', value: JSON.stringify(c.contains) };
  if (c.prefix !== undefined) return { yes: 'starts with', no: 'does not start with', value: JSON.stringify(c.prefix) };
  if (c.suffix !== undefined) return { yes: 'ends with', no: 'does not end with', value: JSON.stringify(c.suffix) };
  return { yes: 'matches', no: 'does not match', value: `/${c.regex ?? ''}/` };
}

/** "starts with \"gpt-5\"", for explanations. */
export function describeCondition(c: StringCondition, matched = true): string {
  const parts = conditionParts(c);
  return `${matched ? parts.yes : parts.no} ${parts.value}`;
}

export function testCondition(c: StringCondition, value: string | undefined): boolean {
  const v = value ?? '';
  if (c.regex !== undefined) return compile(c.regex, c.ignoreCase).test(v);
  const norm = (s: string): string => (c.ignoreCase ? s.toLowerCase() : s);
  const subject = norm(v);
  if (c.equals !== undefined) return subject === norm(c.equals);
  if (c.contains !== undefined) return subject.includes(norm(c.contains));
  if (c.prefix !== undefined) return subject.startsWith(norm(c.prefix));
  return subject.endsWith(norm(c.suffix ?? ''));
}

export interface MatcherVerdict {
  matched: boolean;
  /** Plain-words account of the decision, e.g. `model id "gpt-5" starts with "gpt-5"`. */
  explanation: string;
}

/** Evaluates a matcher; throws InvalidMatcherError for a matcher that cannot run. */
export function evaluateMatcher(matcher: Matcher, context: SystemPromptContext): MatcherVerdict {
  if ('all' in matcher) {
    const parts = matcher.all.map((m) => evaluateMatcher(m, context));
    const failed = parts.find((p) => !p.matched);
    return failed
      ? { matched: false, explanation: failed.explanation }
      : { matched: true, explanation: parts.map((p) => p.explanation).join(' and ') };
  }
  if ('any' in matcher) {
    const parts = matcher.any.map((m) => evaluateMatcher(m, context));
    const hit = parts.find((p) => p.matched);
    return hit
      ? { matched: true, explanation: hit.explanation }
      : { matched: false, explanation: `none of: ${parts.map((p) => p.explanation).join('; ')}` };
  }
  if ('not' in matcher) {
    const inner = evaluateMatcher(matcher.not, context);
    return { matched: !inner.matched, explanation: `not (${inner.explanation})` };
  }
  if ('always' in matcher) return { matched: matcher.always, explanation: matcher.always ? 'always matches' : 'never matches' };
  if ('flag' in matcher) {
    const want = matcher.is ?? true;
    const value = flagValue(matcher.flag, context);
    return { matched: value === want, explanation: `${matcher.flag} is ${value}${value === want ? '' : ` (wanted ${want})`}` };
  }
  const [label, value, cond] =
    'providerId' in matcher
      ? ['provider id', context.providerInfo?.providerId, matcher.providerId]
      : 'modelId' in matcher
        ? ['model id', context.providerInfo?.model.id, matcher.modelId]
        : ['custom prompt', context.providerInfo?.customPrompt, matcher.customPrompt];
  const matched = testCondition(cond, value);
  return { matched, explanation: `${label} ${JSON.stringify(value ?? '')} ${describeCondition(cond, matched)}` };
}

import type { Matcher, StringCondition } from '../domain/matcher.js';

/**
 * A declarative matcher as a TypeScript expression over `context` (a Cline-style
 * SystemPromptContext), with the engine's semantics: case-insensitive unless ignoreCase is
 * false, flags true only when set to true, focusChainEnabled from focusChainSettings.enabled,
 * planMode from providerInfo.mode. A missing string reads as ''.
 */

const SUBJECTS = {
  providerId: 'context.providerInfo?.providerId',
  modelId: 'context.providerInfo?.model?.id',
  customPrompt: 'context.providerInfo?.customPrompt',
} as const;

function stringTest(subject: string, c: StringCondition): string {
  const value = `(${subject} ?? "")`;
  if (c.regex !== undefined) return `new RegExp(${JSON.stringify(c.regex)}, ${c.ignoreCase ? '"i"' : '""'}).test(${value})`;
  const s = c.ignoreCase ? `${value}.toLowerCase()` : value;
  const lit = (v: string): string => JSON.stringify(c.ignoreCase ? v.toLowerCase() : v);
  if (c.equals !== undefined) return `${s} === ${lit(c.equals)}`;
  if (c.contains !== undefined) return `${s}.includes(${lit(c.contains)})`;
  if (c.prefix !== undefined) return `${s}.startsWith(${lit(c.prefix)})`;
  return `${s}.endsWith(${lit(c.suffix ?? '')})`;
}

function flagTest(flag: string, is: boolean): string {
  const read =
    flag === 'focusChainEnabled'
      ? 'context.focusChainSettings?.enabled'
      : flag === 'planMode'
        ? 'context.providerInfo?.mode'
        : `context.${flag}`;
  const yes = flag === 'planMode' ? '"plan"' : 'true';
  return `${read} ${is ? '===' : '!=='} ${yes}`;
}

export function matcherExpression(matcher: Matcher): string {
  if ('all' in matcher) return matcher.all.map((m) => `(${matcherExpression(m)})`).join(' && ');
  if ('any' in matcher) return matcher.any.map((m) => `(${matcherExpression(m)})`).join(' || ');
  if ('not' in matcher) return `!(${matcherExpression(matcher.not)})`;
  if ('always' in matcher) return matcher.always ? 'true' : 'false';
  if ('flag' in matcher) return flagTest(matcher.flag, matcher.is ?? true);
  if ('providerId' in matcher) return stringTest(SUBJECTS.providerId, matcher.providerId);
  if ('modelId' in matcher) return stringTest(SUBJECTS.modelId, matcher.modelId);
  return stringTest(SUBJECTS.customPrompt, matcher.customPrompt);
}

import { compileLinearRegex } from '../safe-regex/linear-regex.js';
import type { IdCondition, ProviderRule, StackProfile, StackText } from './profile.js';

export interface ProviderRuleVerdict {
  ruleId: string;
  /** 'matched', 'no-match', or 'not-tried' (an earlier rule matched). */
  verdict: 'matched' | 'no-match' | 'not-tried';
  reason: string;
}

export interface ProviderSelection {
  ruleId?: string | undefined;
  promptId?: string | undefined;
  prompt?: StackText | undefined;
  verdicts: ProviderRuleVerdict[];
}

function describe(c: IdCondition): string {
  if (typeof c === 'string') return `contains "${c}"`;
  const how = c.ignoreCase ? ' (any case)' : '';
  if (c.equals !== undefined) return `equals "${c.equals}"${how}`;
  if (c.contains !== undefined) return `contains "${c.contains}"${how}`;
  if (c.prefix !== undefined) return `starts with "${c.prefix}"${how}`;
  if (c.suffix !== undefined) return `ends with "${c.suffix}"${how}`;
  return `matches /${c.regex ?? ''}/${how}`;
}

/** Whether a value meets one condition. A bad regex never matches. */
export function idConditionHolds(c: IdCondition, value: string): boolean {
  if (typeof c === 'string') return value.includes(c);
  const fold = (s: string): string => (c.ignoreCase ? s.toLowerCase() : s);
  const v = fold(value);
  if (c.equals !== undefined) return v === fold(c.equals);
  if (c.contains !== undefined) return v.includes(fold(c.contains));
  if (c.prefix !== undefined) return v.startsWith(fold(c.prefix));
  if (c.suffix !== undefined) return v.endsWith(fold(c.suffix));
  if (c.regex !== undefined) {
    // Linear-time matching; a pattern the engine refuses (load-profile reports it) never matches.
    const compiled = compileLinearRegex(c.regex, { ignoreCase: c.ignoreCase });
    return compiled.ok && compiled.regex.test(value);
  }
  return false;
}

function check(field: string, conditions: readonly IdCondition[] | undefined, value: string): { ok: boolean; text: string } {
  if (conditions === undefined) return { ok: true, text: '' };
  const hit = conditions.find((c) => idConditionHolds(c, value));
  if (hit !== undefined) return { ok: true, text: `${field} "${value}" ${describe(hit)}` };
  return { ok: false, text: `${field} "${value}" meets none of: ${conditions.map(describe).join(', ')}` };
}

/** Whether one rule matches, with the reason in words. */
export function evaluateProviderRule(rule: ProviderRule, modelId: string, providerId: string): { matched: boolean; reason: string } {
  const model = check('model id', rule.modelId, modelId);
  const provider = check('provider id', rule.providerId, providerId);
  if (!model.ok) return { matched: false, reason: model.text };
  if (!provider.ok) return { matched: false, reason: provider.text };
  const parts = [model.text, provider.text].filter(Boolean);
  return { matched: true, reason: parts.length ? parts.join('; ') : 'catch-all rule (no conditions)' };
}

/** The provider prompt for a model: rules in order, first match wins. */
export function selectProviderPrompt(
  profile: Pick<StackProfile, 'providerRules' | 'providerPrompts'>,
  modelId: string,
  providerId: string,
): ProviderSelection {
  const verdicts: ProviderRuleVerdict[] = [];
  let winner: ProviderRule | undefined;
  for (const rule of profile.providerRules) {
    if (winner) {
      verdicts.push({ ruleId: rule.id, verdict: 'not-tried', reason: `rule '${winner.id}' matched first` });
      continue;
    }
    const { matched, reason } = evaluateProviderRule(rule, modelId, providerId);
    verdicts.push({ ruleId: rule.id, verdict: matched ? 'matched' : 'no-match', reason });
    if (matched) winner = rule;
  }
  if (!winner) return { verdicts };
  return { ruleId: winner.id, promptId: winner.prompt, prompt: profile.providerPrompts[winner.prompt], verdicts };
}

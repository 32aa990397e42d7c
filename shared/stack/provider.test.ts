import { describe, expect, it } from 'vitest';
import type { ProviderRule, StackText } from './profile.js';
import { idConditionHolds, selectProviderPrompt } from './provider.js';

const prompts: Record<string, StackText> = { a: { text: 'A' }, b: { text: 'B' }, c: { text: 'C' } };

describe('provider prompt rules', () => {
  it('bare strings are case-sensitive substrings; objects use the matcher condition', () => {
    expect(idConditionHolds('gpt-', 'openai/gpt-4o')).toBe(true);
    expect(idConditionHolds('gpt-', 'GPT-4o')).toBe(false);
    expect(idConditionHolds({ contains: 'gpt-', ignoreCase: true }, 'GPT-4o')).toBe(true);
    expect(idConditionHolds({ prefix: 'o3', ignoreCase: false }, 'o3-mini')).toBe(true);
    expect(idConditionHolds({ regex: '^claude-(opus|sonnet)', ignoreCase: true }, 'Claude-Sonnet-4')).toBe(true);
    expect(idConditionHolds({ regex: '(', ignoreCase: true }, 'x')).toBe(false);
  });

  it('tries rules in order and explains each verdict', () => {
    const rules: ProviderRule[] = [
      { id: 'first', modelId: ['x'], providerId: ['p'], prompt: 'a' },
      { id: 'second', modelId: ['x'], prompt: 'b' },
      { id: 'rest', prompt: 'c' },
    ];
    const sel = selectProviderPrompt({ providerRules: rules, providerPrompts: prompts }, 'model-x', 'q');
    expect(sel.ruleId).toBe('second');
    expect(sel.prompt?.text).toBe('B');
    expect(sel.verdicts.map((v) => v.verdict)).toEqual(['no-match', 'matched', 'not-tried']);
    expect(sel.verdicts[0]?.reason).toBe('provider id "q" meets none of: contains "p"');
    expect(sel.verdicts[2]?.reason).toBe("rule 'second' matched first");
    const rest = selectProviderPrompt({ providerRules: rules, providerPrompts: prompts }, 'y', 'q');
    expect(rest.ruleId).toBe('rest');
    expect(rest.verdicts[2]?.reason).toBe('catch-all rule (no conditions)');
  });

  it('gives no prompt when nothing matches', () => {
    const sel = selectProviderPrompt({ providerRules: [{ id: 'only', modelId: ['z'], prompt: 'a' }], providerPrompts: prompts }, 'y', 'q');
    expect(sel.ruleId).toBeUndefined();
    expect(sel.prompt).toBeUndefined();
  });
});

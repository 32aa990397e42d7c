import { describe, expect, it } from 'vitest';
import type { MatcherInput } from '../../shared/domain/matcher.js';
import { MatcherSchema } from '../../shared/domain/matcher.js';
import { parseContext } from '../../shared/domain/parse-context.js';
import type { SystemPromptContextInput } from '../../shared/domain/context.js';
import { evaluateMatcher } from '../../shared/engine/selection/evaluate-matcher.js';
import { selectVariant } from '../../shared/engine/selection/select-variant.js';
import { variant } from './build-helpers.js';

const ctx = (model: string, extra: SystemPromptContextInput = {}) =>
  parseContext({ ...extra, providerInfo: { providerId: 'openai', model: { id: model }, mode: 'act', ...extra.providerInfo } });
const m = (input: MatcherInput) => MatcherSchema.parse(input);

describe('string conditions', () => {
  it.each([
    [{ modelId: { equals: 'GPT-5' } }, 'gpt-5', true],
    [{ modelId: { equals: 'GPT-5', ignoreCase: false } }, 'gpt-5', false],
    [{ modelId: { contains: 'sonnet' } }, 'claude-sonnet-4', true],
    [{ modelId: { prefix: 'gpt-5' } }, 'openai/gpt-5', false],
    [{ modelId: { suffix: ':7b' } }, 'qwen:7b', true],
    [{ modelId: { regex: '^o[34]-' } }, 'o3-mini', true],
    [{ providerId: { equals: 'openai' } }, 'x', true],
    [{ customPrompt: { equals: 'compact' } }, 'x', false],
  ] as [MatcherInput, string, boolean][])('%j on %s -> %s', (matcher, model, expected) => {
    expect(evaluateMatcher(m(matcher), ctx(model)).matched).toBe(expected);
  });

  it('rejects a condition with zero or two operators', () => {
    expect(MatcherSchema.safeParse({ modelId: {} }).success).toBe(false);
    expect(MatcherSchema.safeParse({ modelId: { equals: 'a', prefix: 'b' } }).success).toBe(false);
  });
});

describe('combinators and flags', () => {
  it('all / any / not and context flags', () => {
    const matcher = m({
      all: [
        { any: [{ modelId: { contains: 'gpt' } }, { modelId: { contains: 'o3' } }] },
        { not: { flag: 'enableNativeToolCalls' } },
        { flag: 'planMode', is: false },
      ],
    });
    expect(evaluateMatcher(matcher, ctx('o3')).matched).toBe(true);
    expect(evaluateMatcher(matcher, ctx('o3', { enableNativeToolCalls: true })).matched).toBe(false);
    expect(evaluateMatcher(matcher, ctx('o3', { providerInfo: { providerId: 'openai', model: { id: 'o3' }, mode: 'plan' } })).matched).toBe(
      false,
    );
    expect(evaluateMatcher(matcher, ctx('claude')).explanation).toBe(
      'none of: model id "claude" does not contain "gpt"; model id "claude" does not contain "o3"',
    );
  });
  it('focusChainEnabled reads the focus chain settings', () => {
    expect(
      evaluateMatcher(m({ flag: 'focusChainEnabled' }), ctx('x', { focusChainSettings: { enabled: true, remindClineInterval: 6 } }))
        .matched,
    ).toBe(true);
  });
});

describe('selectVariant', () => {
  const a = variant({ id: 'a', matcher: m({ modelId: { contains: 'alpha' } }) });
  const broken = variant({ id: 'broken', matcher: m({ modelId: { regex: '(' } }) });
  const b = variant({ id: 'b', matcher: m({ modelId: { contains: 'al' } }) });
  const generic = variant({ id: 'generic' });

  it('tries variants in order; the first match wins and later ones are not tried', () => {
    const r = selectVariant([a, b, generic], ctx('alpha-1'));
    expect(r.ok && r.variant.id).toBe('a');
    expect(r.steps.map((s) => `${s.variantId}:${s.verdict}`)).toEqual(['a:match', 'b:not-tried', 'generic:not-tried']);
  });

  it('order matters: the same variants reversed pick the other one', () => {
    const r = selectVariant([b, a, generic], ctx('alpha-1'));
    expect(r.ok && r.variant.id).toBe('b');
  });

  it('a matcher that cannot run is reported and counts as no', () => {
    const r = selectVariant([broken, b, generic], ctx('alpha'));
    expect(r.ok && r.variant.id).toBe('b');
    expect(r.steps[0]!.verdict).toBe('invalid');
    expect(r.steps[0]!.explanation).toBe('matcher cannot run: the regex /(/ is not accepted: missing closing ): `(?i)(`');
  });

  it('falls back to generic when nothing matches', () => {
    const r = selectVariant([a, b, generic], ctx('zeta'));
    expect(r.ok && [r.variant.id, r.via, r.summary]).toEqual([
      'generic',
      'fallback',
      "no matcher said yes, so the fallback 'generic' serves",
    ]);
  });

  it('fails with a clear error naming the model and the variants when there is no generic', () => {
    const r = selectVariant([a, b], ctx('zeta'));
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.error).toBe(
        "no variant matches model 'zeta' (provider 'openai') and there is no 'generic' variant to fall back to; variants: a, b",
      );
  });
});

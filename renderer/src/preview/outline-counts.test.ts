import { describe, expect, it } from 'vitest';
import { parseContext } from '../../../shared/domain/parse-context';
import { defineVariant } from '../../../shared/domain/variant';
import { buildVariantPrompt } from '../../../shared/engine/build/build-variant-prompt';
import { ComponentRegistry } from '../../../shared/engine/components/component-registry';
import type { PreviewResult } from '../../../shared/ipc/contract';
import type { StudioState } from '../store';
import { outlineSignature } from './PreviewPane';

const components = new ComponentRegistry();
components.register('ROLE_SECTION', () => '# Role\n\nYou are a careful agent.');
components.register('RULES_SECTION', () => '# Rules\n\nWrite the tests first.');

function resultOf(seq: number, template: string): PreviewResult {
  const result = buildVariantPrompt({
    variant: defineVariant({
      id: 'v',
      family: 'f',
      description: 't',
      baseTemplate: template,
      componentOrder: ['ROLE_SECTION', 'RULES_SECTION'],
    }),
    context: parseContext({ cwd: '/proj' }),
    components,
    tools: new Map(),
    options: { now: '2026-01-15', processCwd: '/tmp' },
  });
  return {
    seq,
    target: { kind: 'variant', variantId: 'v' },
    outcome: { ok: true, kind: 'variant', result, durationMs: 1 },
    baseline: { spec: { kind: 'none' }, text: null },
  };
}

const rowsOf = (s: Partial<StudioState>) => JSON.parse(outlineSignature(s as StudioState)) as [string, string, number, number | null][];
const tokensOf = (seq: number, counts: number[]) => ({ seq, counts });

describe('the outline while counts are coming', () => {
  it("keeps an entry's count when the next result has it at the same size, and drops one whose size changed", () => {
    const t1 = '{{ROLE_SECTION}}\n\n{{RULES_SECTION}}\n\nMore words.';
    const r1 = resultOf(1, t1);
    const counted = rowsOf({ preview: r1, tokens: null, outlineTokens: tokensOf(1, [10, 20, 30]) });
    expect(counted.map((e) => e[3])).toEqual([10, 20, 30]);
    // The template's own words change; the counts of the next result are not in yet.
    const r2 = resultOf(2, `${t1} And more.`);
    const waiting = rowsOf({ preview: r2, tokens: null, outlineTokens: tokensOf(1, [10, 20, 30]) });
    expect(waiting.length).toBe(3);
    expect(waiting.slice(0, 2).map((e) => e[3])).toEqual([10, 20]);
    expect(waiting[2]![2]).not.toBe(counted[2]![2]);
    expect(waiting[2]![3]).toBeNull();
  });
});

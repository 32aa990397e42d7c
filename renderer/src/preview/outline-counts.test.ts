import { describe, expect, it } from 'vitest';
import type { PreviewResult } from '../../../shared/ipc/contract';
import type { StudioState } from '../store';
import { builtPreview } from '../testing/built-preview';
import { outlineSignature } from './PreviewPane';

const COMPONENTS = { ROLE_SECTION: '# Role\n\nYou are a careful agent.', RULES_SECTION: '# Rules\n\nWrite the tests first.' };
const resultOf = (seq: number, template: string): PreviewResult => builtPreview(seq, template, COMPONENTS);

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

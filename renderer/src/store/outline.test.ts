import { describe, expect, it } from 'vitest';
import type { VariantBuildResult } from '../../../shared/engine/build/build-result';
import { buildOutline, entryChars, entryText, jumpAt } from './outline';

const text = 'ROLE TEXT\n\n====\n\nRULES here\nmore\n\nOS: linux';
function result(): VariantBuildResult {
  return {
    kind: 'variant',
    variantId: 'generic',
    family: 'generic',
    text,
    sections: [
      { start: 0, end: 9, source: { kind: 'component', componentId: 'AGENT_ROLE_SECTION', origin: 'default' }, offset: 0 },
      { start: 9, end: 17, source: { kind: 'template', variantId: 'generic' }, offset: 20 },
      { start: 17, end: 32, source: { kind: 'component', componentId: 'RULES_SECTION', origin: 'override', file: 'x.md' }, offset: 0 },
      { start: 32, end: 36, source: { kind: 'template', variantId: 'generic' }, offset: 40 },
      { start: 36, end: 41, source: { kind: 'placeholder', key: 'OS', layer: 'standard' }, offset: 0 },
    ],
    components: [],
    placeholders: [],
    warnings: [],
    tools: { enabled: [], excluded: [] },
    sizes: { chars: text.length, bytes: text.length, lines: 8 },
    inputs: { currentDate: '2026-01-01', cwd: '/x' },
  };
}

describe('outline', () => {
  it('groups sections by owner and folds separators into the entry before', () => {
    const o = buildOutline(result());
    expect(o.map((e) => [e.label, e.start, e.end])).toEqual([
      ['AGENT_ROLE_SECTION', 0, 17],
      ['RULES_SECTION', 17, 32],
      ['Template', 32, 41],
    ]);
    expect(o[1]!.detail).toBe('RULES here');
    // The size counts the component's own text, not the separator folded into its entry.
    expect(o.map((e) => [e.pieces, entryChars(e)])).toEqual([
      [[[0, 9]], 9],
      [[[17, 32]], 15],
      [[[32, 41]], 9],
    ]);
    expect(entryText(text, o[0]!)).toBe('ROLE TEXT');
    expect(o[1]!.jump).toEqual({ kind: 'component', componentId: 'RULES_SECTION', origin: 'override', variantId: 'generic', offset: 0 });
  });

  it('maps an offset of the prompt to the place that produced it', () => {
    expect(jumpAt(result(), 20)).toEqual({
      kind: 'component',
      componentId: 'RULES_SECTION',
      origin: 'override',
      variantId: 'generic',
      offset: 3,
    });
    expect(jumpAt(result(), 33)).toEqual({ kind: 'template', variantId: 'generic', offset: 41 });
    expect(jumpAt(result(), 38)).toEqual({ kind: 'placeholder', key: 'OS', layer: 'standard', variantId: 'generic' });
    expect(jumpAt(result(), 999)).toEqual({ kind: 'none' });
  });

  it('lists stack sections with their files', () => {
    const o = buildOutline({
      kind: 'stack',
      text: 'abc\ndef',
      sections: [
        { layer: 'provider', label: "provider prompt 'anthropic'", start: 0, end: 3, source: { file: 'profiles/oc/anthropic.md' } },
      ],
    });
    expect(o).toEqual([
      {
        index: 0,
        label: "provider prompt 'anthropic'",
        detail: 'abc',
        start: 0,
        end: 3,
        pieces: [[0, 3]],
        jump: { kind: 'profile-file', file: 'profiles/oc/anthropic.md' },
      },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { VariantBuildResult } from '../../../shared/engine/build/build-result';
import { PieceText } from '../../../shared/engine/text/piece-text';
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

  it('reads the text by ranges as it reads the string: the first line of each entry and the blank runs, over texts in pieces, long lines included', () => {
    let seed = 5;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const lines = [
      '',
      '   ',
      '====',
      '  ==  ',
      'a short line',
      `${'long '.repeat(300)}end`,
      `${' '.repeat(700)}late start`,
      `${' '.repeat(511)}x`,
      '\t=\t',
    ];
    const firstShown = (t: string): string => {
      for (const raw of t.split('\n')) {
        const line = raw.trim();
        if (line && !/^=+$/.test(line)) return line.length > 70 ? `${line.slice(0, 69)}…` : line;
      }
      return '';
    };
    for (let round = 0; round < 40; round++) {
      const parts: string[] = [];
      for (let i = 0; i < 6 + Math.floor(next() * 6); i++)
        parts.push(Array.from({ length: 1 + Math.floor(next() * 4) }, () => lines[Math.floor(next() * lines.length)]).join('\n'));
      const whole = parts.join('\n');
      const sections: VariantBuildResult['sections'] = [];
      let at = 0;
      parts.forEach((part, i) => {
        const end = i === parts.length - 1 ? whole.length : at + part.length + 1;
        const source =
          next() < 0.5
            ? { kind: 'template' as const, variantId: 'generic' }
            : { kind: 'component' as const, componentId: `C${i % 3}`, origin: 'default' as const };
        sections.push({ start: at, end, source, offset: 0 });
        at = end;
      });
      // The same text in pieces: made by edits in a few places.
      let pieces = PieceText.of(whole.slice(0, Math.floor(whole.length / 3)) + whole.slice(Math.floor(whole.length / 2)));
      pieces = pieces.edit(
        Math.floor(whole.length / 3),
        Math.floor(whole.length / 3),
        whole.slice(Math.floor(whole.length / 3), Math.floor(whole.length / 2)),
      );
      expect(pieces.text).toBe(whole);
      const built = { ...result(), text: whole, sections };
      const fromString = buildOutline(built);
      expect(buildOutline(built, pieces), `round ${round}`).toEqual(fromString);
      for (const e of fromString) expect(e.detail, `round ${round}`).toBe(firstShown(whole.slice(e.start, e.end)));
    }
  });
  it('folds a template run into the entry before only when every character of it is blank, wherever the first non-blank one falls', () => {
    for (const at of [0, 1, 511, 512, 513, 1023, 1024, 1500]) {
      for (const mark of ['x', '']) {
        const gap = `${' '.repeat(at)}${mark}${'\n'.repeat(3)}`;
        const whole = `ROLE${gap}RULES`;
        const built: VariantBuildResult = {
          ...result(),
          text: whole,
          sections: [
            { start: 0, end: 4, source: { kind: 'component', componentId: 'A', origin: 'default' }, offset: 0 },
            { start: 4, end: 4 + gap.length, source: { kind: 'template', variantId: 'generic' }, offset: 0 },
            { start: 4 + gap.length, end: whole.length, source: { kind: 'component', componentId: 'B', origin: 'default' }, offset: 0 },
          ],
        };
        const labels = mark ? ['A', 'Template', 'B'] : ['A', 'B'];
        expect(
          buildOutline(built).map((e) => e.label),
          `blank up to ${at}, mark ${mark}`,
        ).toEqual(labels);
        expect(
          buildOutline(built, PieceText.of(whole)).map((e) => e.label),
          `pieces, blank up to ${at}, mark ${mark}`,
        ).toEqual(labels);
      }
    }
  });
});

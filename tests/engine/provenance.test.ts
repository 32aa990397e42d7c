import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { VariantBuildResult } from '../../shared/engine/build/build-result.js';
import { build } from './build-helpers.js';

/** The sections cover the final text exactly: in order, without gaps or overlaps. */
function expectPartition(r: VariantBuildResult): void {
  let at = 0;
  for (const s of r.sections) {
    expect(s.start).toBe(at);
    expect(s.end).toBeGreaterThan(s.start);
    at = s.end;
  }
  expect(at).toBe(r.text.length);
}

describe('provenance', () => {
  it('credits every range of the final text to the template, a component or a placeholder', () => {
    const r = build(
      {
        baseTemplate: 'Intro {{GREETING}}\n\n====\n\n{{A}}\n\n====\n\n{{CWD}}',
        componentOrder: ['A'],
        placeholders: { GREETING: 'hello' },
        files: { folder: 'variants/v', config: 'variants/v/variant.yaml', template: 'variants/v/template.md' },
      },
      { components: { A: 'Section A' } },
    );
    expect(r.text).toBe('Intro hello\n\n====\n\nSection A\n\n====\n\n/proj');
    expectPartition(r);
    expect(r.sections.map((s) => [r.text.slice(s.start, s.end), s.source.kind, s.offset])).toEqual([
      ['Intro ', 'template', 0],
      ['hello', 'placeholder', 0],
      ['\n\n====\n\n', 'template', 18],
      ['Section A', 'component', 0],
      ['\n\n====\n\n', 'template', 31],
      ['/proj', 'placeholder', 0],
    ]);
    expect(r.sections[0]!.source).toEqual({ kind: 'template', variantId: 'v', file: 'variants/v/template.md' });
    expect(r.sections[3]!.source).toEqual({ kind: 'component', componentId: 'A', origin: 'code' });
    expect(r.sections[5]!.source).toEqual({ kind: 'placeholder', key: 'CWD', layer: 'standard' });
    expect(r.components[0]).toMatchObject({ id: 'A', chars: 9, finalChars: 9, inTemplate: true });
  });

  it('maps ranges through the cleanup (trimmed, collapsed, spaced separators)', () => {
    const r = build(
      { baseTemplate: '  {{A}}\n\n\n\n====\n{{B}}  ', componentOrder: ['A', 'B'] },
      { components: { A: '\n\nfirst', B: 'second\n\n\n' } },
    );
    expect(r.text).toBe('first\n\n====\n\nsecond');
    expectPartition(r);
    const byKind = r.sections.map(
      (s) =>
        `${s.source.kind === 'component' ? s.source.componentId : s.source.kind}:${JSON.stringify(r.text.slice(s.start, s.end))}@${s.offset}`,
    );
    // The blank line comes from the collapsed run at offset 7, the separator from offset 11, and the
    // blank line cleanup inserts after it is credited to the line break it was inserted at (15).
    expect(byKind).toEqual(['A:"first"@2', 'template:"\\n\\n"@7', 'template:"====\\n"@11', 'template:"\\n"@15', 'B:"second"@0']);
    expect(r.components.map((c) => [c.id, c.chars, c.finalChars])).toEqual([
      ['A', 7, 5],
      ['B', 9, 6],
    ]);
  });

  it('the offset of a kept range points at the same text in its source', () => {
    const template = 'Head\n\n\n\n## \n{{A}}\n====\nTail {{X}}';
    const component = 'line1\n\n\n\nline2';
    const r = build({ baseTemplate: template, componentOrder: ['A'] }, { components: { A: component } });
    expectPartition(r);
    for (const s of r.sections) {
      const piece = r.text.slice(s.start, s.end);
      const source = s.source.kind === 'template' ? template : s.source.kind === 'component' ? component : '';
      // Cleanup replaces whitespace runs; every non-whitespace character still sits at its offset.
      const first = piece.search(/\S/);
      if (first >= 0 && source) expect(source[s.offset + first]).toBe(piece[first]);
    }
  });

  it('partitions the text for arbitrary templates and component outputs (property)', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', ' ', '\n', '=', '====', '#', '##', '{{A}}', '{{B}}', '{{', '}}', 'SEARCH', '\t') as fc.Arbitrary<string>,
      maxLength: 40,
    });
    fc.assert(
      fc.property(text, text, text, (template, a, b) => {
        const r = build({ baseTemplate: template, componentOrder: ['A', 'B'] }, { components: { A: a, B: b } });
        expectPartition(r);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('a build never throws', () => {
  it('on arbitrary templates, component outputs, throwing components and runtime placeholders', () => {
    const output = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.constant(undefined),
      fc.string().map((m) => new Error(m)),
    );
    const runtime = fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
    fc.assert(
      fc.property(
        fc.string({ maxLength: 120 }),
        fc.array(fc.string({ maxLength: 10 }), { maxLength: 4 }),
        fc.array(output, { maxLength: 4 }),
        runtime,
        (template, ids, outputs, rt) => {
          const components: Record<string, string | undefined | Error> = {};
          ids.forEach((id, i) => (components[id] = outputs[i]));
          const r = build({ baseTemplate: template, componentOrder: ids }, { components, context: { cwd: '/p', runtimePlaceholders: rt } });
          expect(typeof r.text).toBe('string');
          expectPartition(r);
        },
      ),
      { numRuns: 3000 },
    );
  });
});

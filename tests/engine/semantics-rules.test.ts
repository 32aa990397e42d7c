import { describe, expect, it } from 'vitest';
import { ComponentRegistry } from '../../shared/engine/components/component-registry.js';
import { build } from './build-helpers.js';
import { STANDARD_PLACEHOLDER_KEYS } from '../../shared/engine/sections.js';

// One test per rule of prompt-semantics.md, Part 1, with the exact expected text.

describe('components', () => {
  it('run in componentOrder, one after another: a later component sees the sections built before it', () => {
    const reg = new ComponentRegistry()
      .register('B', (_v, _c, input) => `B saw [${Object.keys(input.sections).join(',')}]`)
      .register('A', () => 'a');
    const r = build({ baseTemplate: '{{A}}|{{B}}', componentOrder: ['A', 'B'] }, { components: reg });
    expect(r.text).toBe('a|B saw [A]');
  });

  it('a result is kept only if non-empty after trimming, but the kept value is untrimmed', () => {
    expect(build({ baseTemplate: '[{{A}}][{{B}}]', componentOrder: ['A', 'B'] }, { components: { A: ' \n\t ', B: '  b  ' } }).text).toBe(
      '[{{A}}][  b  ]',
    );
  });

  it('a missing component warns and is skipped; a standard section slot then resolves to ""', () => {
    const r = build({ baseTemplate: 'x{{RULES_SECTION}}y{{CUSTOM}}z', componentOrder: ['RULES_SECTION', 'CUSTOM'] });
    expect(r.text).toBe('xy{{CUSTOM}}z');
    expect(r.warnings.filter((w) => w.severity === 'warning').map((w) => [w.code, w.message])).toEqual([
      ['COMPONENT_NOT_FOUND', "Warning: Component 'RULES_SECTION' not found"],
      ['COMPONENT_NOT_FOUND', "Warning: Component 'CUSTOM' not found"],
    ]);
  });

  it('a throwing component warns with its error and the build goes on', () => {
    const r = build({ baseTemplate: '{{A}}+{{B}}', componentOrder: ['A', 'B'] }, { components: { A: new Error('boom'), B: 'b' } });
    expect(r.text).toBe('{{A}}+b');
    const failed = r.warnings.find((w) => w.code === 'COMPONENT_FAILED')!;
    expect([failed.message, failed.detail, failed.componentId]).toEqual(["Warning: Failed to build component 'A':", 'boom', 'A']);
    expect(r.components.map((c) => [c.id, c.status])).toEqual([
      ['A', 'failed'],
      ['B', 'ok'],
    ]);
  });

  it('an empty component is reported with the stable code COMPONENT_EMPTY (info, not a Cline warning)', () => {
    const r = build({ baseTemplate: '{{A}}.', componentOrder: ['A'] }, { components: { A: undefined } });
    expect(r.warnings.map((w) => [w.code, w.severity, w.componentId ?? w.key])).toEqual([
      ['COMPONENT_EMPTY', 'info', 'A'],
      ['PLACEHOLDER_UNRESOLVED', 'info', 'A'],
    ]);
    expect(r.components[0]).toMatchObject({
      id: 'A',
      status: 'empty',
      chars: 0,
      finalChars: 0,
      reason: 'renders nothing for this context',
    });
  });
});

describe('placeholders: five layers', () => {
  it('1. variant placeholders fill custom keys', () => {
    expect(build({ baseTemplate: '{{GREETING}}', placeholders: { GREETING: 'hi' } }).text).toBe('hi');
  });

  it('2. CWD from the context, else the process cwd; SUPPORTS_BROWSER; MODEL_FAMILY; CURRENT_DATE (UTC)', () => {
    const t = '{{CWD}} {{SUPPORTS_BROWSER}} {{MODEL_FAMILY}} {{CURRENT_DATE}}';
    expect(build({ baseTemplate: t, family: 'famX' }, { context: { cwd: '/c', supportsBrowserUse: true } }).text).toBe(
      '/c true famX 2026-01-15',
    );
    expect(build({ baseTemplate: t }, { context: {}, processCwd: '/p' }).text).toBe('/p  fam 2026-01-15');
  });

  it('2. the date comes from the build options as a Date in UTC, unless the context sets one', () => {
    const late = new Date(Date.UTC(2026, 0, 15, 23, 59, 59));
    expect(build({ baseTemplate: '{{CURRENT_DATE}}' }, { now: late.toISOString().slice(0, 10) }).text).toBe('2026-01-15');
    expect(build({ baseTemplate: '{{CURRENT_DATE}}' }, { context: { date: '2030-02-03' } }).text).toBe('2030-02-03');
  });

  it('2. layer 2 overwrites a variant placeholder named MODEL_FAMILY or CWD', () => {
    expect(build({ baseTemplate: '{{MODEL_FAMILY}}/{{CWD}}', placeholders: { MODEL_FAMILY: 'mine', CWD: '/mine' } }).text).toBe(
      'fam//proj',
    );
  });

  it('3. component sections overwrite variant placeholders of the same key', () => {
    expect(
      build({ baseTemplate: '{{A}}', componentOrder: ['A'], placeholders: { A: 'variant' } }, { components: { A: 'component' } }).text,
    ).toBe('component');
  });

  it('4. falsy standard placeholders become the section or ""; unknown keys stay', () => {
    expect(build({ baseTemplate: '[{{OS}}][{{TODO_SECTION}}][{{UNKNOWN}}]', placeholders: { OS: '' } }).text).toBe('[][][{{UNKNOWN}}]');
  });

  it('5. runtime placeholders overwrite everything, sections and MODEL_FAMILY included', () => {
    const r = build(
      { baseTemplate: '{{A}} {{MODEL_FAMILY}} {{CWD}}', componentOrder: ['A'] },
      { components: { A: 'comp' }, context: { cwd: '/c', runtimePlaceholders: { A: 'rt', MODEL_FAMILY: 'rtfam', CWD: 3 } } },
    );
    expect(r.text).toBe('rt rtfam 3');
    expect(r.placeholders.map((p) => [p.key, p.layer])).toEqual([
      ['A', 'runtime'],
      ['MODEL_FAMILY', 'runtime'],
      ['CWD', 'runtime'],
    ]);
  });

  it('reports the layer that won for every key the template reads', () => {
    const r = build(
      { baseTemplate: '{{V}}{{CWD}}{{S}}{{OS}}{{R}}{{toString}}', componentOrder: ['S'], placeholders: { V: 'v' } },
      { components: { S: 's' }, context: { cwd: '/c', runtimePlaceholders: { R: 'r' } } },
    );
    expect(r.placeholders.map((p) => `${p.key}:${p.layer}`)).toEqual([
      'V:variant',
      'CWD:standard',
      'S:component',
      'OS:standard-default',
      'R:runtime',
      'toString:inherited',
    ]);
  });
});

describe('template pass', () => {
  it('trims keys, walks dotted keys, writes non-strings as JSON, keeps missing/null keys verbatim', () => {
    const r = build(
      { baseTemplate: '{{ a.b }}|{{a}}|{{n}}|{{f}}|{{z}}|{{arr.1}}|{{a.zz}}' },
      { context: { cwd: '/x', runtimePlaceholders: { a: { b: 'deep' }, n: 0, f: false, z: null, arr: ['x', 'y'] } } },
    );
    expect(r.text).toBe('deep|{"b":"deep"}|0|false|{{z}}|y|{{a.zz}}');
  });

  it('does not scan inserted text again', () => {
    expect(build({ baseTemplate: '{{A}}', componentOrder: ['A'] }, { components: { A: 'x {{CWD}} y' } }).text).toBe('x {{CWD}} y');
  });

  it('a key is everything up to the first }, which must be followed by another', () => {
    expect(
      build({ baseTemplate: '{{{CWD}}} {{C}WD}} {{}} {{CWD}' }, { context: { cwd: '/c', runtimePlaceholders: { '{CWD': 'brace' } } }).text,
    ).toBe('brace} {{C}WD}} {{}} {{CWD}');
  });

  it('names every key a tag may find a value under, of every layer (what a key typed ahead is checked against)', () => {
    const r = build(
      { baseTemplate: '{{MINE}} {{R}} {{A}} {{toString}}', placeholders: { MINE: 'm' }, componentOrder: ['A'] },
      { components: { A: 'section a' }, context: { cwd: '/x', runtimePlaceholders: { R: 1 } } },
    );
    expect(r.text).toBe('m 1 section a undefined');
    // toString is every object's (found in every build): left out, as a plain object's own keys are.
    expect(new Set(r.placeholderKeys)).toEqual(
      new Set(['MINE', 'CWD', 'SUPPORTS_BROWSER', 'MODEL_FAMILY', 'CURRENT_DATE', 'A', ...STANDARD_PLACEHOLDER_KEYS, 'R']),
    );
  });

  it('reports every unresolved key with its template offset', () => {
    const r = build({ baseTemplate: 'a {{X}} b {{Y.z}}' });
    expect(r.warnings.map((w) => [w.code, w.key, w.templateOffset])).toEqual([
      ['PLACEHOLDER_UNRESOLVED', 'X', 2],
      ['PLACEHOLDER_UNRESOLVED', 'Y.z', 10],
    ]);
  });
});

describe('cleanup, step by step', () => {
  const clean = (t: string): string => build({ baseTemplate: t }).text;
  it('1. runs of three or more line breaks (with whitespace between) become one blank line', () => {
    expect(clean('a\n \n\t\n  \nb')).toBe('a\n\nb');
    expect(clean('a\n  \nb')).toBe('a\n  \nb');
  });
  it('2. trims both ends', () => expect(clean(' \n a \n ')).toBe('a'));
  it('3. drops a separator at the very end', () => expect(clean('a\n\n=====\n')).toBe('a'));
  it('4. an empty section between separators collapses to one ==== line', () =>
    expect(clean('a\n====\n\n  \n=====\nb')).toBe('a\n\n====\n\nb'));
  it('5. two separators in a row become one', () => expect(clean('a\n\n====\n====\nb')).toBe('a\n\n====\n\nb'));
  it('6. empty ## header lines are removed at the start and in the middle', () => expect(clean('##\nA\n## \t\nB\n##')).toBe('A\nB'));
  it('6. a ## line with text is kept', () => expect(clean('## Title\nA')).toBe('## Title\nA'));
  it('7. separators get blank lines around them', () => expect(clean('a\n====\nb')).toBe('a\n\n====\n\nb'));
  it('7. unless a diff marker is within 50 characters', () => {
    expect(clean('------- SEARCH\nx\n=======\ny\n+++++++ REPLACE')).toBe('------- SEARCH\nx\n=======\ny\n+++++++ REPLACE');
    const far = `REPLACE${'.'.repeat(60)}\n====\nb`;
    expect(clean(far)).toBe(`REPLACE${'.'.repeat(60)}\n\n====\n\nb`);
  });
  it('8. collapses blank lines made by the header removal and trims again', () => expect(clean('a\n\n##\n\nb\n')).toBe('a\n\nb'));
});

import { describe, expect, it } from 'vitest';
import { buildVariantPrompt } from '../../shared/engine/build/build-variant-prompt.js';
import { columnAfterTemplateEdit, onlyTemplateChanged, type ColumnBuilt } from '../../shared/engine/compare/column-ahead.js';
import { variantColumnSections } from '../../shared/engine/compare/column-sections.js';
import { loadWorkspace } from '../../shared/engine/workspace/load-workspace.js';
import { applyMinimalEdit } from '../../shared/engine/text/minimal-edit.js';
import type { Variant } from '../../shared/domain/variant.js';
import { builtinWorkspaceDir } from '../../electron/host/builtin-workspace.js';
import { folderFileSource } from '../../electron/host/folder-source.js';
import { PROSE, random, randomEdit } from './template-typing.js';

/**
 * The compare view shows a keystroke in a column's base template without building the column
 * (electron/host/compare-service.ts): only when columnAfterTemplateEdit gives it, and then its
 * text, sections and rows must be exactly a build's. Checked against real builds of every
 * built-in variant under every preset, each edit made on the column the last one gave.
 */
const ws = loadWorkspace(folderFileSource(builtinWorkspaceDir()));
const options = { now: '2026-01-15', processCwd: '/tmp' };

function columnOf(variant: Variant, context: (typeof ws.presets)[number]['context']): ColumnBuilt {
  const result = buildVariantPrompt({ variant, context, components: ws.components, tools: ws.tools, options });
  return {
    built: { text: result.text, sections: result.sections, placeholderKeys: result.placeholderKeys },
    sections: variantColumnSections(result, variant),
    variant,
  };
}

describe('a compare column after a keystroke in its base template, without a build', () => {
  it('takes a new line at the end of the template: the Enter keeps every row, the first word after it is the build', () => {
    const [start] = ws.variants;
    const [preset] = ws.presets;
    const variant: Variant = { ...start!, baseTemplate: `${start!.baseTemplate.trimEnd()}\n${PROSE.trimEnd()}` };
    const column = columnOf(variant, preset!.context);
    const entered: Variant = { ...variant, baseTemplate: `${variant.baseTemplate}\n` };
    const afterEnter = columnAfterTemplateEdit(column, entered)!;
    expect(afterEnter.built.text).toBe(columnOf(entered, preset!.context).built.text);
    expect(afterEnter.built.text).toBe(column.built.text);
    expect(afterEnter.sections.rows).toBe(column.sections.rows);
    expect(afterEnter.rowEdit).toBeUndefined();
    expect(afterEnter.variant).toBe(entered);
    const typed: Variant = { ...entered, baseTemplate: `${entered.baseTemplate}Next` };
    const afterWord = columnAfterTemplateEdit(afterEnter, typed)!;
    const real = columnOf(typed, preset!.context);
    expect(afterWord.built.text).toBe(real.built.text);
    expect(afterWord.built.text.endsWith('punctuation!\nNext')).toBe(true);
    expect(afterWord.built.sections).toEqual(real.built.sections);
    expect(afterWord.sections.rows).toEqual(real.sections.rows);
    expect(afterWord.rowEdit!.edit.text).toBe('\nNext');
  });

  it('is exactly the build, text, sections and rows, whenever it is given', () => {
    const next = random(41);
    let given = 0;
    let refused = 0;
    for (const start of ws.variants) {
      for (const preset of ws.presets) {
        const lines = start.baseTemplate.split('\n');
        const cut = lines.slice(0, 1 + Math.floor(next() * (lines.length - 1))).join('\n').length + 1;
        let variant: Variant = { ...start, baseTemplate: start.baseTemplate.slice(0, cut) + PROSE + start.baseTemplate.slice(cut) };
        let column = columnOf(variant, preset.context);
        for (let i = 0; i < 30; i++) {
          const edited: Variant = {
            ...variant,
            baseTemplate: randomEdit(variant.baseTemplate, { start: cut, end: cut + PROSE.length }, next),
          };
          const ahead = columnAfterTemplateEdit(column, edited);
          const real = columnOf(edited, preset.context);
          if (ahead) {
            given++;
            const where = `${start.id} × ${preset.name}, edit ${i}`;
            expect(ahead.built.text, where).toBe(real.built.text);
            expect(ahead.built.sections, where).toEqual(real.built.sections);
            expect(ahead.sections.rows, where).toEqual(real.sections.rows);
            expect(ahead.variant).toBe(edited);
            // The edit of the template text's row, as the wire sends it.
            const row = (c: ColumnBuilt) => c.sections.rows.find((r) => r.key === '(template text)')!.text;
            expect(ahead.rowEdit!.from).toBe(row(column));
            expect(applyMinimalEdit(ahead.rowEdit!.from, ahead.rowEdit!.edit)).toBe(row(real));
            // Typing goes on from what was shown.
            column = ahead;
          } else {
            refused++;
            column = real;
          }
          variant = edited;
        }
      }
    }
    expect(given).toBeGreaterThan(150);
    expect(refused).toBeGreaterThan(100);
  });

  it('takes the template’s edit from the splice that made it, when it was made on the template the column knows', () => {
    const variant = ws.variants.find((v) => v.id === 'generic')!;
    const context = ws.presets[0]!.context;
    const withProse: Variant = { ...variant, baseTemplate: `${variant.baseTemplate}\n${PROSE}Last words here` };
    const column = columnOf(withProse, context);
    const template = withProse.baseTemplate;
    const typed: Variant = { ...withProse, baseTemplate: `${template} and more` };
    const end = template.length;
    // The edit the splice made is taken as it is: a wrong one shows (the last character replaced by "E and more").
    const wrong = { start: end - 1, endOld: end, text: 'E and more' };
    const taken = columnAfterTemplateEdit(column, typed, { from: template, to: typed.baseTemplate, edit: wrong })!;
    expect(taken.built.text.endsWith('Last words herE and more')).toBe(true);
    const right = { start: end, endOld: end, text: ' and more' };
    const made = columnAfterTemplateEdit(column, typed, { from: template, to: typed.baseTemplate, edit: right })!;
    expect(made.built.text).toBe(columnOf(typed, context).built.text);
    // Made on another text (a keystroke the column did not see): the two templates are compared instead.
    const stale = columnAfterTemplateEdit(column, typed, { from: `${template}!`, to: typed.baseTemplate, edit: wrong })!;
    expect(stale.built.text).toBe(columnOf(typed, context).built.text);
  });

  it('keeps every row but the template text as the same object, and gives nothing when more than the template changed', () => {
    const variant = ws.variants.find((v) => v.id === 'generic')!;
    const context = ws.presets[0]!.context;
    const withProse: Variant = { ...variant, baseTemplate: `${variant.baseTemplate}\n${PROSE}Last words here` };
    const column = columnOf(withProse, context);
    const typed: Variant = { ...withProse, baseTemplate: `${withProse.baseTemplate} and more` };
    const ahead = columnAfterTemplateEdit(column, typed)!;
    expect(ahead.built.text.endsWith('Last words here and more')).toBe(true);
    const changed = ahead.sections.rows.filter((row, i) => row !== column.sections.rows[i]);
    expect(changed.map((row) => row.key)).toEqual(['(template text)']);
    // The same template again: the column as it was, of the new variant object.
    expect(columnAfterTemplateEdit(column, { ...withProse })).toEqual({ ...column, variant: { ...withProse } });
    // Another field of the variant changed too: a build decides.
    const other: Variant = { ...typed, componentOrder: [...typed.componentOrder] };
    expect(onlyTemplateChanged(withProse, other)).toBe(false);
    expect(columnAfterTemplateEdit(column, other)).toBeUndefined();
    expect(onlyTemplateChanged(withProse, typed)).toBe(true);
    // Two braces typed at the end: literal text, known (no `}` after them). Before a tag, they swallow it: a build decides.
    const opened: Variant = { ...withProse, baseTemplate: `${withProse.baseTemplate} {{` };
    expect(columnAfterTemplateEdit(column, opened)?.built.text).toBe(columnOf(opened, context).built.text);
    expect(columnOf(opened, context).built.text.endsWith('Last words here {{')).toBe(true);
    const tagged: Variant = { ...withProse, baseTemplate: `${withProse.baseTemplate} in {{CWD}}.` };
    const taggedColumn = columnOf(tagged, context);
    const at = tagged.baseTemplate.indexOf('Last words') + 'Last'.length;
    const typedAt = (text: string): Variant => ({
      ...tagged,
      baseTemplate: tagged.baseTemplate.slice(0, at) + text + tagged.baseTemplate.slice(at),
    });
    expect(columnOf(typedAt('{{'), context).built.text.endsWith('Last{{ words here in {{CWD}}.')).toBe(true);
    expect(taggedColumn.built.text.endsWith('Last words here in {{CWD}}.')).toBe(false);
    expect(columnAfterTemplateEdit(taggedColumn, typedAt('{{'))).toBeUndefined();
    expect(columnAfterTemplateEdit(taggedColumn, typedAt('x'))?.built.text).toBe(columnOf(typedAt('x'), context).built.text);
  });

  it('reads the last column only around the edit: its prompt and its template text row as pieces', () => {
    const variant = ws.variants.find((v) => v.id === 'generic')!;
    const context = ws.presets[0]!.context;
    const cut = variant.baseTemplate.indexOf('\n') + 1;
    let edited: Variant = {
      ...variant,
      baseTemplate: variant.baseTemplate.slice(0, cut) + PROSE.repeat(200) + variant.baseTemplate.slice(cut),
    };
    let column = columnOf(edited, context);
    let at = cut + PROSE.length * 100 + 10;
    for (let i = 0; i < 40; i++) {
      edited = { ...edited, baseTemplate: `${edited.baseTemplate.slice(0, at)}k${edited.baseTemplate.slice(at)}` };
      at += i % 10 === 9 ? 300 : 1;
      const ahead = columnAfterTemplateEdit(column, edited)!;
      const real = columnOf(edited, context);
      expect(ahead.built.text).toBe(real.built.text);
      expect(ahead.sections.rows).toEqual(real.sections.rows);
      // Typing in four places: a few pieces each, the row's made from the last row's.
      expect(ahead.built.pieces!.count).toBeLessThanOrEqual(1 + 2 * (1 + Math.floor(i / 10)));
      expect(ahead.templateRow!.row).toBe(ahead.sections.rows.find((r) => r.key === '(template text)'));
      expect(ahead.templateRow!.pieces.count).toBeLessThanOrEqual(1 + 2 * (1 + Math.floor(i / 10)));
      // The next edit never reads the whole prompt it is made on.
      column = {
        ...ahead,
        built: {
          ...ahead.built,
          get text(): string {
            throw new Error('the whole prompt was read');
          },
        },
      };
    }
  });
});

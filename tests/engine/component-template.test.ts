import { describe, expect, it } from 'vitest';
import { parseTemplate, renderTemplate, templateKeys } from '../../shared/engine/template/component-template.js';

describe('component template language', () => {
  const vars = {
    NAME: 'Ada',
    on: true,
    off: false,
    none: [],
    mode: 'plan',
    n: 3,
    servers: [
      { name: 'git', tools: ['log', 'diff'] },
      { name: 'db', tools: [] },
    ],
    obj: { a: 1 },
  };

  it('behaves exactly like the Cline pass when it has only {{KEY}}', () => {
    expect(renderTemplate('Hi {{NAME}} {{obj}} {{missing}} {{ n }}', vars)).toBe('Hi Ada {"a":1} {{missing}} 3');
  });

  it('if / else / unless, with empty arrays false', () => {
    expect(renderTemplate('{{#if on}}A{{else}}B{{/if}}{{#if off}}C{{else}}D{{/if}}{{#unless none}}E{{/unless}}', vars)).toBe('ADE');
  });

  it('comparisons with literals', () => {
    expect(
      renderTemplate(
        '{{#if mode == "plan"}}P{{/if}}{{#if mode != \'plan\'}}Q{{/if}}{{#if n == 3}}3{{/if}}{{#if missing == null}}N{{/if}}',
        vars,
      ),
    ).toBe('P3N');
  });

  it('each with this, @index, @number, @first, @last, item fields before outer variables, else', () => {
    const t =
      '{{#each servers}}{{@number}}.{{name}}[{{#each tools}}{{this}}{{#unless @last}},{{/unless}}{{else}}none{{/each}}]{{#if @first}}*{{/if}} by {{NAME}};{{/each}}';
    expect(renderTemplate(t, vars)).toBe('1.git[log,diff]* by Ada;2.db[none] by Ada;');
  });

  it('a block tag alone on its line removes the whole line', () => {
    const t = 'start\n  {{#if on}}\nkept\n  {{else}}\nnot\n{{/if}}  \nend';
    expect(renderTemplate(t, vars)).toBe('start\nkept\nend');
  });

  it('tags that do not fit stay as ordinary keys (kept verbatim) and are reported', () => {
    expect(renderTemplate('a {{/if}} b {{else}} c {{#if on}} d', vars)).toBe('a {{/if}} b {{else}} c {{#if on}} d');
    expect(parseTemplate('{{#if on}} d').problems).toEqual([{ offset: 0, message: 'block {{#if on}} is never closed' }]);
    expect(parseTemplate('x {{/each}}').problems).toEqual([{ offset: 2, message: '{{/each}} has no matching open block' }]);
  });

  it('lists the keys a template reads', () => {
    expect(templateKeys('{{A}} {{#if b.c}}{{D}}{{/if}}').map((k) => `${k.key}@${k.offset}${k.block ? '#' : ''}`)).toEqual([
      'A@0',
      'b.c@6#',
      'D@17',
    ]);
  });
});

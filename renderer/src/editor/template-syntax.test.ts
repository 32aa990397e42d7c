import { describe, expect, it } from 'vitest';
import { closingAfter, CONTEXT_PATHS, keyAt, openTagBefore } from './template-syntax';
import { minimalEdit } from '../../../shared/engine/text/minimal-edit';

describe('template syntax helpers', () => {
  it('finds the tag under an offset, with block keys reduced to their path', () => {
    const t = 'Hi {{ USER }} and {{#if context.supportsBrowserUse}}x{{/if}}';
    expect(keyAt(t, 6)).toMatchObject({ key: 'USER', start: 3, end: 13, block: false });
    expect(keyAt(t, 25)).toMatchObject({ key: 'context.supportsBrowserUse', block: true });
    expect(keyAt(t, 1)).toBeUndefined();
  });

  it('knows when the cursor is inside an open tag', () => {
    expect(openTagBefore('Text {{AGE')).toEqual({ partial: 'AGE', block: false });
    expect(openTagBefore('{{#if cont')).toEqual({ partial: 'cont', block: true });
    expect(openTagBefore('{{A}} done')).toBeUndefined();
  });

  it('says what of the key and of its closing braces follows the cursor', () => {
    expect(closingAfter('}} and more')).toEqual({ keyRest: 0, braces: 2 });
    expect(closingAfter('AM_NAME}}')).toEqual({ keyRest: 7, braces: 2 });
    expect(closingAfter('} x')).toEqual({ keyRest: 0, braces: 1 });
    expect(closingAfter('}}}')).toEqual({ keyRest: 0, braces: 2 });
    expect(closingAfter(' rest of the line')).toEqual({ keyRest: 0, braces: 0 });
    expect(closingAfter('word after')).toEqual({ keyRest: 0, braces: 0 });
    expect(closingAfter('')).toEqual({ keyRest: 0, braces: 0 });
  });

  it('lists context paths from the context schema', () => {
    expect(CONTEXT_PATHS).toContain('context.supportsBrowserUse');
    expect(CONTEXT_PATHS).toContain('context.providerInfo.model.id');
  });

  it('computes the smallest replacement between two texts', () => {
    expect(minimalEdit('abcdef', 'abXdef')).toEqual({ start: 2, endOld: 3, text: 'X' });
    expect(minimalEdit('aaa', 'aaaa')).toEqual({ start: 3, endOld: 3, text: 'a' });
    expect(minimalEdit('same', 'same')).toBeNull();
  });
});

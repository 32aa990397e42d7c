import { describe, expect, it } from 'vitest';
import { applySplices } from '../../../shared/ipc/text-splice';
import type { DocState } from '../store/docs-slice';
import { changeSplices, type ModelChange } from './change-splices';

function doc(text: string): DocState {
  return {
    key: 'variant-template:generic',
    ref: { kind: 'variant-template', variantId: 'generic' },
    title: 't',
    path: 'p',
    text,
    savedText: text,
    dirty: false,
    readOnly: false,
    language: 'template',
    version: 0,
    disk: null,
  };
}

/** A model holding `after` (the text once the change is made). */
const model = (after: string, eol = '\n') => ({ getEOL: () => eol, getValueLength: () => after.length });

describe('editor changes as splices of the store’s text', () => {
  it('gives Monaco’s ranges (last first) as splices that make the model’s text', () => {
    const before = 'one two three';
    // Two cursors: after "three" and after "one" (Monaco lists the later range first).
    const changes: ModelChange[] = [
      { rangeOffset: 13, rangeLength: 0, text: '!' },
      { rangeOffset: 0, rangeLength: 3, text: 'ONE' },
    ];
    const splices = changeSplices(model('ONE two three!'), { changes }, doc(before), true);
    expect(splices).toEqual([
      { at: 13, remove: 0, insert: '!' },
      { at: 0, remove: 3, insert: 'ONE' },
    ]);
    expect(applySplices(before, splices!)).toBe('ONE two three!');
  });

  it('takes the whole text when the model may hold another text than the store', () => {
    const change = { changes: [{ rangeOffset: 0, rangeLength: 0, text: 'x' }] };
    // Not set from a text without \r (a lone \r the model shows as a line end: the same length).
    expect(changeSplices(model('xa\nb'), change, doc('a\rb'), false)).toBeNull();
    // Another length than the store's text (\r\n in the store, \n in the model).
    expect(changeSplices(model('xa\nb'), change, doc('a\r\nb'), true)).toBeNull();
    // A model with \r\n line ends, a change of line ends, a \r typed in.
    expect(changeSplices(model('xab', '\r\n'), change, doc('ab'), true)).toBeNull();
    expect(changeSplices(model('xab'), { ...change, isEolChange: true }, doc('ab'), true)).toBeNull();
    expect(changeSplices(model('\rab'), { changes: [{ rangeOffset: 0, rangeLength: 0, text: '\r' }] }, doc('ab'), true)).toBeNull();
    expect(changeSplices(model('xab'), change, doc('ab'), true)).toEqual([{ at: 0, remove: 0, insert: 'x' }]);
  });
});

import { describe, expect, it } from 'vitest';
import { editKindOf } from './edit-kind';

describe('editKindOf', () => {
  it('keystrokes are typing: a character, Enter with indentation, one Backspace', () => {
    expect(editKindOf([{ text: 'a', rangeLength: 0 }])).toBe('typing');
    expect(editKindOf([{ text: '\n  ', rangeLength: 0 }])).toBe('typing');
    expect(editKindOf([{ text: '', rangeLength: 1 }])).toBe('typing');
  });
  it('a deleted line, a paste, a replaced selection and several cursors are steps of their own', () => {
    expect(editKindOf([{ text: '', rangeLength: 23 }])).toBe('structured');
    expect(editKindOf([{ text: 'pasted text', rangeLength: 0 }])).toBe('structured');
    expect(editKindOf([{ text: 'x', rangeLength: 4 }])).toBe('structured');
    expect(
      editKindOf([
        { text: 'a', rangeLength: 0 },
        { text: 'a', rangeLength: 0 },
      ]),
    ).toBe('structured');
  });
});

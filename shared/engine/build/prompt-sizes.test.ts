import { describe, expect, it } from 'vitest';
import { promptSizes } from './prompt-sizes.js';

describe('promptSizes', () => {
  it('counts characters, UTF-8 bytes and lines', () => {
    const sizes = promptSizes('a\né\n€ 😀');
    expect(sizes.chars).toBe(8); // the emoji is two UTF-16 units
    expect(sizes.bytes).toBe(1 + 1 + 2 + 1 + 3 + 1 + 4);
    expect(sizes.lines).toBe(3);
    expect(promptSizes('')).toEqual({ chars: 0, bytes: 0, lines: 0 });
  });

  it('keeps bytes and lines as own enumerable fields, so JSON and structured clone carry them', () => {
    const sizes = promptSizes('one\ntwo');
    expect(Object.keys(sizes)).toEqual(['chars', 'bytes', 'lines']);
    expect(JSON.parse(JSON.stringify(sizes))).toEqual({ chars: 7, bytes: 7, lines: 2 });
    expect(structuredClone(sizes)).toStrictEqual({ chars: 7, bytes: 7, lines: 2 });
  });

  it('gives every object its own counts (the getters are shared)', () => {
    const a = promptSizes('x\ny\nz');
    const b = promptSizes('é');
    expect([a.lines, a.bytes, b.lines, b.bytes]).toEqual([3, 5, 1, 2]);
    expect([a.lines, b.bytes]).toEqual([3, 2]);
  });
});

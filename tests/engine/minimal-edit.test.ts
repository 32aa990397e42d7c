import { describe, expect, it } from 'vitest';
import { applyMinimalEdit, minimalEdit, minimalEditOfSplice, type MinimalEdit } from '../../shared/engine/text/minimal-edit.js';

/** The edit as a loop over the characters finds it: the longest common prefix, then the longest common suffix after it. */
function byCharacters(from: string, to: string): MinimalEdit | null {
  if (from === to) return null;
  let start = 0;
  while (start < Math.min(from.length, to.length) && from[start] === to[start]) start++;
  let a = from.length;
  let b = to.length;
  while (a > start && b > start && from[a - 1] === to[b - 1]) {
    a--;
    b--;
  }
  return { start, endOld: a, text: to.slice(start, b) };
}

function rng(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state >>> 8;
  };
}

describe('minimalEdit (compared block by block)', () => {
  it('finds the same edit as a loop over the characters, on long texts changed anywhere, near block ends too', () => {
    const next = rng(7);
    // Repeating text: the suffix and the prefix can overlap, which the edit must not count twice.
    const base = 'abcab'.repeat(2000);
    for (let i = 0; i < 300; i++) {
      const from = base.slice(0, 4000 + (next() % 6000));
      const at = [0, 2047, 2048, 2049, 4096, next() % from.length][next() % 6]!;
      const remove = Math.min(from.length - at, [0, 1, 5, 2048, 3000][next() % 5]!);
      const insert = ['', 'x', 'ab', 'abcab'.repeat(500), 'é😀'][next() % 5]!;
      const to = from.slice(0, at) + insert + from.slice(at + remove);
      const edit = minimalEdit(from, to);
      expect(edit).toEqual(byCharacters(from, to));
      if (edit) expect(applyMinimalEdit(from, edit)).toBe(to);
    }
  });

  it('is null for equal texts and handles one being empty', () => {
    expect(minimalEdit('a'.repeat(5000), 'a'.repeat(5000))).toBeNull();
    expect(minimalEdit('', 'x'.repeat(3000))).toEqual({ start: 0, endOld: 0, text: 'x'.repeat(3000) });
    expect(minimalEdit('y'.repeat(3000), '')).toEqual({ start: 0, endOld: 3000, text: '' });
  });
});

describe('minimalEditOfSplice (read around the splice)', () => {
  it('is the edit minimalEdit finds, for splices anywhere in texts with runs of the typed characters', () => {
    const next = rng(11);
    const bases = ['aaaaaaaaaa', 'abcab'.repeat(40), 'ab\nab\n'.repeat(30), 'x'];
    let nulls = 0;
    for (let i = 0; i < 3000; i++) {
      const from = bases[next() % bases.length]!.slice(0, 1 + (next() % 200));
      const at = next() % (from.length + 1);
      const remove = Math.min(from.length - at, [0, 0, 1, 2, 7][next() % 5]!);
      const inserted = ['', 'a', 'b', 'aa', 'ab', 'ca', from.slice(at, at + remove), 'é😀'][next() % 8]!;
      const to = from.slice(0, at) + inserted + from.slice(at + remove);
      const edit = minimalEditOfSplice(from, at, remove, inserted);
      expect(edit, `${JSON.stringify(from)} at ${at} -${remove} +${JSON.stringify(inserted)}`).toEqual(minimalEdit(from, to));
      if (edit === null) nulls++;
    }
    // The splices that change nothing (the same text put back) were made too.
    expect(nulls).toBeGreaterThan(100);
  });

  it('refuses a splice outside the text', () => {
    expect(() => minimalEditOfSplice('abc', 2, 2, '')).toThrow(RangeError);
    expect(() => minimalEditOfSplice('abc', -1, 0, 'x')).toThrow(RangeError);
  });
});

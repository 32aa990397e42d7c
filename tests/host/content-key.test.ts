import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentKey } from '../../electron/host/content-key.js';
import { folderFileSource } from '../../electron/host/folder-source.js';
import { MatrixCellMemo } from '../../electron/host/matrix-cell-memo.js';
import { loadWorkspace } from '../../shared/engine/workspace/load-workspace.js';
import { largeWorkspace } from '../../bench/generated-workspaces.js';
import { cleanupTempDirs, tempDir } from './support/fixtures.js';
import { afterEach } from 'vitest';

afterEach(() => cleanupTempDirs());

describe('content keys of build inputs (content-key.ts)', () => {
  it('gives equal data one key, whatever the objects', () => {
    const a = { id: 'x', list: [1, 'two', null, undefined], map: new Map([['k', { deep: true }]]), at: new Date(5), set: new Set([1]) };
    const b = structuredClone(a);
    expect(contentKey(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(contentKey(b)).toBe(contentKey(a));
  });

  it.each([
    ['0 and -0', 0, -0],
    ['NaN and null', NaN, null],
    ['undefined and null', undefined, null],
    ['a string and a number', '1', 1],
    ['true and "t"', true, 't'],
    ['a missing key and one holding undefined', {}, { a: undefined }],
    ['two key orders', { a: 1, b: 2 }, { b: 2, a: 1 }],
    ['an object and a Map of it', { a: 1 }, new Map([['a', 1]])],
    ['an object and one without prototype', { a: 1 }, Object.assign(Object.create(null) as object, { a: 1 })],
    ['a lone surrogate and U+FFFD', '\ud800', '\ufffd'],
    ['a Date and its time', new Date(5), 5],
    ['nested and flat lists', [[1], 2], [1, [2]]],
    ['a key with a quote', { 'a"': 1 }, { a: '"1' }],
  ])('tells %s apart', (_, x, y) => {
    expect(contentKey(x)).toBeDefined();
    expect(contentKey(x)).not.toBe(contentKey(y));
  });

  it('gives no key to what is not plain data: a function, a class instance, a hole, a cycle', () => {
    class Thing {
      a = 1;
    }
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    // eslint-disable-next-line no-sparse-arrays
    for (const value of [() => 1, { f: () => 1 }, new Thing(), [1, , 3], cycle, /re/]) expect(contentKey(value)).toBeUndefined();
  });

  it('lets the memo take a build of new objects with the same content, and not one whose content changed', () => {
    const dir = largeWorkspace(path.join(tempDir(), 'ws'), 8, 5);
    const first = loadWorkspace(folderFileSource(dir));
    const again = loadWorkspace(folderFileSource(dir));
    const memo = new MatrixCellMemo();
    const built = memo.digest(first, first.variants[0]!, first.presets[0]!);
    expect(again.variants[0]).not.toBe(first.variants[0]);
    expect(memo.digest(again, again.variants[0]!, again.presets[0]!)).toEqual({ digest: built.digest, text: undefined, exact: true });
    expect(memo.built).toBe(1);
    const changed = { ...again.variants[0]!, baseTemplate: `${again.variants[0]!.baseTemplate}!` };
    expect(memo.digest(again, changed, again.presets[0]!).text).toBeDefined();
    const context = { ...again.presets[0]!.context, cwd: '/elsewhere' };
    expect(memo.digest(again, again.variants[0]!, { ...again.presets[0]!, context }).text).toBeDefined();
    expect(memo.built).toBe(3);
  });
});

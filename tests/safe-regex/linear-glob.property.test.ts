import fc from 'fast-check';
import picomatch from 'picomatch/posix.js';
import { describe, expect, it } from 'vitest';
import { compileGlob } from '../../shared/safe-regex/linear-glob.js';

/**
 * The linear glob matcher gives picomatch's verdict for every glob and path: globs built
 * from every piece of glob syntax (stars, globstars, classes, braces, negation, extglobs,
 * escapes), short enough that picomatch's backtracking stays fast.
 */

const GLOB_PIECES = [
  'a',
  'b',
  '.',
  '*',
  '**',
  '?',
  '/',
  '[ab]',
  '[!a]',
  '[a-b]',
  '[^b]',
  '{a,b}',
  '{,a}',
  '{a,*}',
  '{1..3}',
  '!',
  '+(a|b)',
  '@(a)',
  '*(b)',
  '?(a)',
  '!(a)',
  '\\*',
  'x',
  '-',
  '1',
];
const SEGMENTS = ['a', 'b', 'ab', 'ba', '.a', '.b', 'a.b', 'x', 'x.a', '.', '..', '1', '2', '*', '[ab]', '-', 'aa', 'a1'];

const glob = fc.array(fc.constantFrom(...GLOB_PIECES), { minLength: 1, maxLength: 6 }).map((p) => p.join(''));
const path = fc.array(fc.constantFrom(...SEGMENTS), { minLength: 1, maxLength: 4 }).map((s) => s.join('/'));
const options = fc.record({ dot: fc.boolean(), nobrace: fc.boolean() });

describe('linear globs', () => {
  it('match exactly what picomatch matches', () => {
    let compared = 0;
    fc.assert(
      fc.property(glob, fc.array(path, { minLength: 1, maxLength: 8 }), options, (g, paths, opts) => {
        const mine = compileGlob(g, opts);
        expect(mine.ok, `${g} ${JSON.stringify(opts)}: ${mine.ok ? '' : mine.reason}`).toBe(true);
        if (!mine.ok) return;
        const theirs = picomatch(g, opts);
        for (const p of paths) {
          compared++;
          expect(mine.test(p), `${g} ${JSON.stringify(opts)} on ${p}`).toBe(theirs(p));
        }
      }),
      { numRuns: 1500, seed: 18 },
    );
    expect(compared).toBeGreaterThan(5000);
  });

  it('the path as written matches its glob, an empty path nothing (as in picomatch)', () => {
    const g = compileGlob('[a', { dot: true });
    expect(g.ok && g.test('[a')).toBe(true);
    expect(g.ok && g.test('')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { expandBraces } from './braces.js';
import { patternMatcher } from './path-patterns.js';

const budget = { patterns: 1000, bytes: 4194304 };

describe("Claude Code's brace expansion of paths patterns", () => {
  it('expands lists, nested lists and sequences as bash does', () => {
    expect(expandBraces('src/{a,b}/*.ts', budget)).toEqual(['src/a/*.ts', 'src/b/*.ts']);
    expect(expandBraces('src/{a,{b,c}}/x', budget)).toEqual(['src/a/x', 'src/b/x', 'src/c/x']);
    expect(expandBraces('a{1..3}.ts', budget)).toEqual(['a1.ts', 'a2.ts', 'a3.ts']);
    expect(expandBraces('v{01..03}', budget)).toEqual(['v01', 'v02', 'v03']);
    expect(expandBraces('{a..e..2}.md', budget)).toEqual(['a.md', 'c.md', 'e.md']);
    expect(expandBraces('a{,b}.md', budget)).toEqual(['a.md', 'ab.md']);
  });

  it('leaves braces without a comma or a sequence, and escaped ones, as written', () => {
    expect(expandBraces('a{b}c', budget)).toEqual(['a{b}c']);
    expect(expandBraces('docs/*.md', budget)).toEqual(['docs/*.md']);
  });

  it('gives up over the budget: patterns, bytes', () => {
    expect(expandBraces('{1..1000}', budget)).toHaveLength(1000);
    expect(expandBraces('{1..1001}', budget)).toBeUndefined();
    expect(expandBraces('{a,b}{a,b}{a,b}', { patterns: 7, bytes: 100 })).toBeUndefined();
    expect(expandBraces(`${'x'.repeat(50)}{a,b}`, { patterns: 10, bytes: 101 })).toBeUndefined();
    expect(expandBraces(`${'x'.repeat(50)}{a,b}`, { patterns: 10, bytes: 102 })).toHaveLength(2);
    expect(expandBraces('{0..9}'.repeat(4), budget)).toBeUndefined();
  });

  it('a range in a rule matches the files it names, and nothing once over the budget', () => {
    const m = patternMatcher('src/f{1..3}.ts', 'claude', budget);
    expect(['src/f1.ts', 'src/f3.ts', 'src/f4.ts'].map(m)).toEqual([true, true, false]);
    expect(patternMatcher('{1..2000}.ts', 'claude', budget)('1.ts')).toBe(false);
  });
});

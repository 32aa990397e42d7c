import { describe, expect, it } from 'vitest';
import { keptCounts } from './kept-counts';

describe('counts kept while the next ones are coming', () => {
  it('gives the count back at the same size, none at another size or for another entry', () => {
    const count = keptCounts();
    expect(count('a', 100, 25)).toBe(25);
    expect(count('a', 100, undefined)).toBe(25);
    expect(count('a', 100, null)).toBe(25);
    expect(count('a', 101, undefined)).toBeUndefined();
    expect(count('b', 100, undefined)).toBeUndefined();
    // A new count replaces the kept one.
    expect(count('a', 101, 26)).toBe(26);
    expect(count('a', 100, undefined)).toBeUndefined();
    expect(count('a', 101, null)).toBe(26);
  });
});

import { describe, expect, it } from 'vitest';
import { random } from '../../../tests/engine/template-typing';
import { formatCount } from './format';

describe('formatCount', () => {
  it('writes every number as en-US grouping does', () => {
    const intl = new Intl.NumberFormat('en-US');
    const next = random(7);
    const samples = [0, -0, 1, -1, 12, 123, 999, 1000, -1000, 12_345, 999_999, 1_000_000, -1_234_567, 0.5, 1234.5678, -0.25];
    samples.push(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 60, Infinity, -Infinity, NaN);
    for (let i = 0; i < 2000; i++) {
      const n = Math.floor(next() * 10 ** Math.floor(next() * 16));
      samples.push(n, -n);
    }
    for (const n of samples) expect(formatCount(n), String(n)).toBe(intl.format(n));
    expect(formatCount(41_310)).toBe('41,310');
  });
});

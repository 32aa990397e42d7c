import { describe, expect, it } from 'vitest';
import { parseStackContext, StackContextSchema, toDateString } from './context.js';

describe('stack context', () => {
  it('writes dates as Date#toDateString does', () => {
    const table: [string, string][] = [
      ['2026-11-29', 'Sun Nov 29 2026'],
      ['2026-01-01', 'Thu Jan 01 2026'],
      ['2024-02-29', 'Thu Feb 29 2024'],
      ['2000-03-01', 'Wed Mar 01 2000'],
      ['1900-03-01', 'Thu Mar 01 1900'],
      ['2025-12-31', 'Wed Dec 31 2025'],
    ];
    for (const [iso, text] of table) expect(toDateString(iso)).toBe(text);
  });

  it('fills defaults and rejects impossible input', () => {
    const ctx = parseStackContext({});
    expect(ctx.cwd).toBe('/home/user/project');
    expect(ctx.date).toBe('2026-01-01');
    expect(ctx.files).toEqual({});
    expect(StackContextSchema.safeParse({ date: '2026-02-30' }).success).toBe(false);
    expect(StackContextSchema.safeParse({ cwd: 'relative/dir' }).success).toBe(false);
    expect(StackContextSchema.safeParse({ files: { 'rel.md': 'x' } }).success).toBe(false);
    expect(StackContextSchema.safeParse({ unknownField: 1 }).success).toBe(false);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLEANUP_PASSES, runCleanup } from '../../shared/engine/text/cleanup.js';
import { applyEdits } from '../../shared/engine/text/edits.js';
import { formatValue, lookupDotted, scanTags } from '../../shared/engine/text/placeholder-scan.js';
import { referenceCleanup, referenceResolve } from '../../bench/reference-regexes.js';

/** Every pass, none skipped. */
function allPasses(text: string): string {
  if (!text) return '';
  let out = text;
  for (const pass of CLEANUP_PASSES) out = applyEdits(out, pass(out));
  return out;
}

/** What the builder runs (step 8 skipped when steps 3-7 changed nothing); must equal both. */
function cleanup(text: string): string {
  const out = runCleanup(text);
  expect(out).toBe(allPasses(text));
  return out;
}

function resolve(template: string, placeholders: Record<string, unknown>): string {
  let out = '';
  let at = 0;
  for (const tag of scanTags(template)) {
    out += template.slice(at, tag.start);
    const value = lookupDotted(placeholders, tag.raw.trim());
    out += value === undefined || value === null ? template.slice(tag.start, tag.end) : formatValue(value);
    at = tag.end;
  }
  return out + template.slice(at);
}

/** Strings over the characters the cleanup rules care about, so random inputs hit them often. */
const cleanupText = fc
  .array(
    fc.constantFrom(
      '=',
      '====',
      '\n',
      '\n\n',
      ' ',
      '\t',
      '\r',
      '\u2028',
      '\u00a0',
      '#',
      '##',
      'a',
      'SEARCH',
      'REPLACE',
      '-------',
      '+++++++',
      '-',
      '+',
      'x',
    ),
    { maxLength: 60 },
  )
  .map((parts) => parts.join(''));

describe('cleanup equals the regex chain of the semantics page', () => {
  it('on random text built from separators, headers, whitespace and diff markers', () => {
    fc.assert(
      fc.property(cleanupText, (text) => {
        expect(cleanup(text)).toBe(referenceCleanup(text));
      }),
      { numRuns: 20000 },
    );
  });

  it('on arbitrary unicode text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (text) => {
        expect(cleanup(text)).toBe(referenceCleanup(text));
      }),
      {
        numRuns: 3000,
      },
    );
  });

  it.each([
    ['separator run followed by a lone line', '====\n=====\nx'],
    ['double separator inside a longer run', '=====\n====\n'],
    ['repeated separator lines', '====\n====\n====\n====\nA'],
    ['header swallowing blank lines', 'A\n##  \n \n\n  B'],
    ['diff marker 49 characters away', `${'y'.repeat(44)}SEARCH\n====\nb`],
    ['diff marker 51 characters away', `SEARCH${'y'.repeat(46)}\n====\nb`],
  ])('%s', (_name, text) => {
    expect(cleanup(text)).toBe(referenceCleanup(text));
  });
});

describe('template pass equals the regex of the semantics page', () => {
  const placeholders: Record<string, unknown> = {
    A: 'alpha',
    B: { c: 'deep', n: 3 },
    '': 'empty',
    'x y': 'spaced',
    N: 0,
    F: false,
    Z: null,
  };
  const templateText = fc
    .array(
      fc.constantFrom('{{', '}}', '{', '}', 'A', 'B', '.', 'c', 'n', ' ', 'x y', 'Z', 'N', 'F', 'q', '\n', 'constructor', '__proto__'),
      {
        maxLength: 40,
      },
    )
    .map((parts) => parts.join(''));

  it('on random brace soup', () => {
    fc.assert(
      fc.property(templateText, (t) => {
        expect(resolve(t, placeholders)).toBe(referenceResolve(t, placeholders));
      }),
      { numRuns: 20000 },
    );
  });
});

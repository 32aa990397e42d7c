import { describe, expect, it } from 'vitest';
import { linesDiffComputers, type LinesDiffOptions } from 'monaco-editor/editor/common/diff/linesDiffComputers.js';
import type { DetailedLineRangeMapping } from 'monaco-editor/editor/common/diff/rangeMapping.js';
import { diffAfterEdit, type KnownDiff, type TextLines } from './diff-after-edit';

const OPTIONS: LinesDiffOptions = { ignoreTrimWhitespace: true, maxComputationTimeMs: 2000, computeMoves: false };

function linesOf(text: string): TextLines {
  const lines = text.split('\n');
  return {
    count: lines.length,
    lines: (start, end) => lines.slice(start - 1, end - 1),
    lineAt: (offset) => text.slice(0, offset).split('\n').length,
  };
}

function plain(changes: readonly DetailedLineRangeMapping[]) {
  return changes.map((c) => ({
    original: [c.original.startLineNumber, c.original.endLineNumberExclusive],
    modified: [c.modified.startLineNumber, c.modified.endLineNumberExclusive],
    inner: c.innerChanges?.map((i) => [i.originalRange.toString(), i.modifiedRange.toString()]),
  }));
}

const whole = (from: string, to: string, algorithm: 'legacy' | 'advanced') =>
  (algorithm === 'legacy' ? linesDiffComputers.getLegacy() : linesDiffComputers.getDefault()).computeDiff(
    from.split('\n'),
    to.split('\n'),
    OPTIONS,
  ).changes;

/** Lines that are all different from each other (one right diff). */
const base = Array.from({ length: 1200 }, (_, i) => `line ${i}: ${'word '.repeat(i % 7)}end`);

/** Deterministic edits at a few places far apart: typing, new lines, removed lines, a line joined. */
function* edits(seed: number): Generator<(lines: string[]) => string[]> {
  let x = seed;
  // The high bits of a linear congruential generator (its low bits repeat every few steps).
  const rand = (n: number) => ((x = (x * 1103515245 + 12345) % 2147483648), Math.floor((x / 2147483648) * n));
  for (let step = 0; step < 60; step++) {
    const place = [5, 600, 1150][rand(3)]! + rand(20);
    const kind = rand(4);
    yield (l) => {
      const out = [...l];
      const at = Math.min(place, out.length - 1);
      if (kind === 0) out[at] = `${out[at]}x${step}`;
      else if (kind === 1) out.splice(at, 0, `new line ${seed}-${step}`);
      else if (kind === 2 && out.length > 10) out.splice(at, 2);
      else out.splice(at, 2, `${out[at]} ${out[at + 1] ?? ''} joined ${step}`);
      return out;
    };
  }
}

describe('diffAfterEdit', () => {
  for (const algorithm of ['legacy', 'advanced'] as const)
    for (const seed of [1, 2, 3])
      it(`edits in three places far apart, one after another, give the whole texts' diff (${algorithm}, run ${seed})`, () => {
        const original = base.join('\n');
        let known: KnownDiff = { original, modified: original, changes: [] };
        let lines = base;
        for (const edit of edits(seed)) {
          lines = edit(lines);
          const modified = lines.join('\n');
          const next = diffAfterEdit(known, modified, linesOf(original), linesOf(modified), OPTIONS, algorithm);
          expect(next).toBeDefined();
          expect(plain(next!)).toEqual(plain(whole(original, modified, algorithm)));
          known = { original, modified, changes: next! };
        }
        expect(known.changes.length).toBeGreaterThan(2);
      });

  it('gives up on an edit whose lines, with the changes they touch, are too many to diff here', () => {
    const original = base.join('\n');
    const replaced = [...base.slice(0, 100), ...Array.from({ length: 500 }, (_, i) => `other ${i}`), ...base.slice(600)].join('\n');
    const known: KnownDiff = { original, modified: replaced, changes: whole(original, replaced, 'legacy') };
    const typed = replaced.replace('other 250', 'other 250x');
    expect(diffAfterEdit(known, typed, linesOf(original), linesOf(typed), OPTIONS, 'legacy')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { linesDiffComputers, type LinesDiffOptions } from 'monaco-editor/editor/common/diff/linesDiffComputers.js';
import type { DocumentDiff } from 'monaco-editor/editor/browser/widget/diffEditor/diffProviderFactoryService.js';
import { changedLines } from './changed-lines';
import { smallChangeDiff } from './small-change-diff';

const OPTIONS: LinesDiffOptions = { ignoreTrimWhitespace: true, maxComputationTimeMs: 2000, computeMoves: false };

const linesBefore = (text: string) => (offset: number) => text.slice(0, offset).split('\n').length - 1;

/** Line and character ranges as plain numbers, to compare two results. */
function plain(changes: DocumentDiff['changes']) {
  return changes.map((c) => ({
    original: [c.original.startLineNumber, c.original.endLineNumberExclusive],
    modified: [c.modified.startLineNumber, c.modified.endLineNumberExclusive],
    inner: c.innerChanges?.map((i) => [
      [i.originalRange.startLineNumber, i.originalRange.startColumn, i.originalRange.endLineNumber, i.originalRange.endColumn],
      [i.modifiedRange.startLineNumber, i.modifiedRange.startColumn, i.modifiedRange.endLineNumber, i.modifiedRange.endColumn],
    ]),
  }));
}

/** What Monaco's worker computes: the same computer over every line of both texts. */
function whole(from: string, to: string, algorithm: 'legacy' | 'advanced') {
  const computer = algorithm === 'legacy' ? linesDiffComputers.getLegacy() : linesDiffComputers.getDefault();
  return plain(computer.computeDiff(from.split('\n'), to.split('\n'), OPTIONS).changes);
}

/** A prose text whose lines are all different (a diff of it has one right answer). */
function prose(lines: number, seed: number): string[] {
  const words = ['agent', 'reads', 'files', 'before', 'edits', 'keeps', 'changes', 'small', 'tests', 'run'];
  return Array.from({ length: lines }, (_, i) => {
    const n = 3 + ((i * 7 + seed) % 9);
    return `${i}: ${Array.from({ length: n }, (_, k) => words[(i * 3 + k * 5 + seed) % words.length]).join(' ')}`;
  });
}

describe('changedLines', () => {
  it('takes the lines that differ and one line on each side', () => {
    const from = 'one\ntwo\nthree\nfour\nfive';
    expect(changedLines(from, 'one\ntwo\nthrEe\nfour\nfive')).toEqual({ start: 4, originalEnd: 18, modifiedEnd: 18 });
    expect(changedLines(from, 'one\ntwo\nthree\nfour\nfive\nadded')).toEqual({ start: 14, originalEnd: 23, modifiedEnd: 29 });
    expect(changedLines(from, 'One\ntwo\nthree\nfour\nfive')).toEqual({ start: 0, originalEnd: 7, modifiedEnd: 7 });
    expect(changedLines('\n\nsame', 'x\n\nsame')).toEqual({ start: 0, originalEnd: 1, modifiedEnd: 2 });
    expect(changedLines('a\n\nb\nc', 'a\n\nB\nc')).toEqual({ start: 2, originalEnd: 6, modifiedEnd: 6 });
    expect(changedLines('same', 'same')).toBeNull();
  });
});

describe('smallChangeDiff', () => {
  const base = prose(3000, 1);
  const text = base.join('\n');
  /** Edits a keystroke, a paste of a few lines or a cut makes, each at a few places. */
  const edits: [string, (lines: string[]) => string[]][] = [
    ['a character typed', (l) => l.map((s, i) => (i === 1500 ? `${s}x` : s))],
    ['a word changed mid-line', (l) => l.map((s, i) => (i === 10 ? s.replace(' ', ' NEW ') : s))],
    ['a line added', (l) => [...l.slice(0, 700), 'a brand new line', ...l.slice(700)]],
    ['a line removed', (l) => [...l.slice(0, 42), ...l.slice(43)]],
    ['three lines replaced by two', (l) => [...l.slice(0, 2000), 'first', 'second', ...l.slice(2003)]],
    ['the first line changed', (l) => [`X${l[0]}`, ...l.slice(1)]],
    ['the last line changed', (l) => [...l.slice(0, -1), `${l.at(-1)}!`]],
    ['a line added at the end', (l) => [...l, 'the end']],
    ['a line added at the start', (l) => ['the start', ...l]],
    ['two nearby edits', (l) => l.map((s, i) => (i === 100 ? `${s} one` : i === 104 ? `two ${s}` : s))],
  ];
  for (const algorithm of ['legacy', 'advanced'] as const)
    for (const [what, edit] of edits)
      it(`${what}: the same changes as the whole texts diffed (${algorithm})`, () => {
        const to = edit(base).join('\n');
        const here = smallChangeDiff(text, to, OPTIONS, algorithm, linesBefore(text));
        expect(here).toBeDefined();
        expect(here!.identical).toBe(false);
        expect(here!.changes.length).toBeGreaterThan(0);
        expect(plain(here!.changes)).toEqual(whole(text, to, algorithm));
      });

  it('says equal texts are identical, and whitespace-only changes are not (no line changes shown)', () => {
    expect(smallChangeDiff(text, text, OPTIONS, 'legacy', linesBefore(text))).toEqual({
      identical: true,
      quitEarly: false,
      changes: [],
      moves: [],
    });
    const spaced = text.replace('\n5: ', '\n5:  ');
    const r = smallChangeDiff(text, spaced, OPTIONS, 'legacy', linesBefore(text));
    expect(r?.identical).toBe(false);
    expect(plain(r!.changes)).toEqual(whole(text, spaced, 'legacy'));
  });

  it('a paste of 20,000 lines, and its removal, as the legacy computer over the whole texts has them', () => {
    const paste = prose(20_000, 3).map((l) => `pasted ${l}`);
    const pasted = [...base.slice(0, 2500), ...paste, ...base.slice(2500)].join('\n');
    for (const [a, b] of [
      [text, pasted],
      [pasted, text],
      [text, [...base, ...paste].join('\n')],
    ] as const) {
      const here = smallChangeDiff(a, b, OPTIONS, 'legacy', linesBefore(a));
      expect(here?.changes).toHaveLength(1);
      expect(plain(here!.changes)).toEqual(whole(a, b, 'legacy'));
    }
    // The advanced computer gives an insertion inner ranges: left to the worker.
    expect(smallChangeDiff(text, pasted, OPTIONS, 'advanced', linesBefore(text))).toBeUndefined();
    // A paste that also changes a line is a diff for the worker.
    const changedToo = [...base.slice(0, 2500), ...paste, `${base[2500]}!`, ...base.slice(2501)].join('\n');
    expect(smallChangeDiff(text, changedToo, OPTIONS, 'legacy', linesBefore(text))).toBeUndefined();
  });

  it("leaves to the worker large changes, a lone '\\r', moves and other algorithms", () => {
    const other = prose(3000, 2).join('\n');
    expect(smallChangeDiff(text, other, OPTIONS, 'legacy', linesBefore(text))).toBeUndefined();
    // Lines changed, not only added: 401 of them in place of one, or one of 33 KB.
    const manyLines = [...base.slice(0, 10), ...Array.from({ length: 401 }, (_, i) => `new ${i}`), ...base.slice(11)].join('\n');
    expect(smallChangeDiff(text, manyLines, OPTIONS, 'legacy', linesBefore(text))).toBeUndefined();
    const longLine = [...base.slice(0, 10), 'y'.repeat(33 * 1024), ...base.slice(11)].join('\n');
    expect(smallChangeDiff(text, longLine, OPTIONS, 'legacy', linesBefore(text))).toBeUndefined();
    const cr = text.replace('\n7: ', '\n7:\r ');
    expect(smallChangeDiff(text, cr, OPTIONS, 'legacy', linesBefore(text))).toBeUndefined();
    const typed = `${text}x`;
    expect(smallChangeDiff(text, typed, { ...OPTIONS, computeMoves: true }, 'legacy', linesBefore(text))).toBeUndefined();
    expect(smallChangeDiff(text, typed, OPTIONS, 'advanced-wasm', linesBefore(text))).toBeUndefined();
    expect(smallChangeDiff(text, typed, OPTIONS, 'legacy', linesBefore(text))).toBeDefined();
  });
});

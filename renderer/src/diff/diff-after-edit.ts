import type { LinesDiffOptions } from 'monaco-editor/editor/common/diff/linesDiffComputers.js';
import { DetailedLineRangeMapping, RangeMapping } from 'monaco-editor/editor/common/diff/rangeMapping.js';
import { minimalEdit } from '../../../shared/engine/text/minimal-edit';
import { lineBreaks } from './changed-lines';
import { diffOfLines } from './small-change-diff';

/** A diff made earlier: the changes that turn `original` into `modified`. */
export interface KnownDiff {
  original: string;
  modified: string;
  changes: readonly DetailedLineRangeMapping[];
}

/** A text's lines by number (1-based, end exclusive), and which line holds an offset. */
export interface TextLines {
  count: number;
  lines(start: number, endExclusive: number): string[];
  lineAt(offset: number): number;
}

/**
 * The diff after an edit of the modified text, from the diff before it: the changes the edit
 * touches, with the edited lines and a line of context each side, are diffed again
 * (small-change-diff.ts's `diffOfLines`); the changes before them stay, those after move by the
 * lines the edit added or removed. For edits in two places far apart (a line typed at the top,
 * then lines at the bottom), where the texts no longer differ in one small stretch. Undefined
 * when the original is not the known diff's, or the lines to diff again are too many.
 * `modifiedLines` are those of `modified`; `originalLines` those of `known.original`.
 */
export function diffAfterEdit(
  known: KnownDiff,
  modified: string,
  originalLines: TextLines,
  modifiedLines: TextLines,
  options: LinesDiffOptions,
  algorithm: string,
): DetailedLineRangeMapping[] | undefined {
  const edit = minimalEdit(known.modified, modified);
  if (!edit) return [...known.changes];
  const first = modifiedLines.lineAt(edit.start);
  const lastBefore = first + lineBreaks(known.modified, edit.start, edit.endOld);
  const delta = first + lineBreaks(edit.text) - lastBefore;
  const countBefore = modifiedLines.count - delta;
  // The lines to diff again, as numbered before the edit: the edited ones and every change
  // touching them, with a line of context each side that no change touches (the computer then
  // sees the same neighbours there as in the whole text).
  const changes = known.changes;
  let start = first;
  let end = lastBefore + 1;
  let lo: number;
  let hi: number;
  for (;;) {
    const withContext = [Math.max(1, start - 1), Math.min(countBefore + 1, end + 1)] as const;
    lo = changes.findIndex((c) => c.modified.endLineNumberExclusive >= withContext[0]);
    if (lo === -1) lo = changes.length;
    hi = lo;
    while (hi < changes.length && changes[hi]!.modified.startLineNumber <= withContext[1]) hi++;
    const grown =
      lo < hi
        ? [Math.min(start, changes[lo]!.modified.startLineNumber), Math.max(end, changes[hi - 1]!.modified.endLineNumberExclusive)]
        : [start, end];
    if (grown[0] === start && grown[1] === end) {
      [start, end] = withContext;
      break;
    }
    [start, end] = grown as [number, number];
  }
  // Lines outside the changes map one to one: by the last change before a line.
  const shift = (i: number): number =>
    i > 0 ? changes[i - 1]!.original.endLineNumberExclusive - changes[i - 1]!.modified.endLineNumberExclusive : 0;
  const originalStart = start + shift(lo);
  const originalEnd = end + shift(hi);
  if (originalStart < 1 || originalEnd > originalLines.count + 1 || originalStart > originalEnd) return undefined;
  const middle = diffOfLines(
    originalLines.lines(originalStart, originalEnd),
    modifiedLines.lines(start, end + delta),
    options,
    algorithm,
    originalStart - 1,
    start - 1,
  );
  if (!middle || middle.hitTimeout) return undefined;
  const after = changes.slice(hi).map(
    (c) =>
      new DetailedLineRangeMapping(
        c.original,
        c.modified.delta(delta),
        c.innerChanges?.map((i) => new RangeMapping(i.originalRange, i.modifiedRange.delta(delta))),
      ),
  );
  return [...changes.slice(0, lo), ...middle.changes, ...after];
}

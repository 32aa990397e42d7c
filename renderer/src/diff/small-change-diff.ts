import type { DocumentDiff } from 'monaco-editor/editor/browser/widget/diffEditor/diffProviderFactoryService.js';
import { linesDiffComputers, type LinesDiffOptions } from 'monaco-editor/editor/common/diff/linesDiffComputers.js';
import { DetailedLineRangeMapping, RangeMapping } from 'monaco-editor/editor/common/diff/rangeMapping.js';
import { LineRange } from 'monaco-editor/editor/common/core/ranges/lineRange.js';
import { changedLines, lineBreaks } from './changed-lines';

/** Differing lines up to this many (and characters, on each side) are diffed by smallChangeDiff's computer. */
const MAX_LINES = 400;
const MAX_CHARS = 32 * 1024;

/**
 * The diff of two texts that differ in a few lines: those lines diffed by the line diff
 * computer Monaco's worker would run (`algorithm`), moved down by the lines before them
 * (`linesBefore(offset)`: how many lines end before that offset). Lines only added or only
 * removed, however many (a paste), make one change without a computer, as the legacy computer
 * has it. Undefined when the texts differ in more (another baseline), when a lone '\r' (a line
 * break to Monaco) is among those lines, or when moves are asked for: that diff is the worker's.
 */
export function smallChangeDiff(
  from: string,
  to: string,
  options: LinesDiffOptions,
  algorithm: string,
  linesBefore: (offset: number) => number,
): DocumentDiff | undefined {
  if (options.computeMoves || (algorithm !== 'legacy' && algorithm !== 'advanced')) return undefined;
  const changed = changedLines(from, to);
  if (!changed) return { identical: true, quitEarly: false, changes: [], moves: [] };
  const fromText = from.slice(changed.start, changed.originalEnd);
  const toText = to.slice(changed.start, changed.modifiedEnd);
  if (fromText.includes('\r') || toText.includes('\r')) return undefined;
  const small = fromText.length <= MAX_CHARS && toText.length <= MAX_CHARS;
  // Lines only added leave the other side its context lines, at most three (and lines only removed likewise):
  // large texts unlike that are not split into lines here at all.
  const shorter = fromText.length <= toText.length ? fromText : toText;
  if (!small && (algorithm !== 'legacy' || lineBreaks(shorter, 0, shorter.length, 3) === 3)) return undefined;
  const before = linesBefore(changed.start);
  const result = diffOfLines(fromText.split('\n'), toText.split('\n'), options, algorithm, before, before);
  // As the worker says: texts that differ are not identical, even where no line changed but for whitespace.
  return result && { identical: false, quitEarly: result.hitTimeout, changes: result.changes, moves: [] };
}

/**
 * The diff of some lines of two texts, as whole-text line numbers: `fromLines` start after
 * `originalBy` lines of the original, `toLines` after `modifiedBy` of the modified text. Lines
 * only added or removed make one change (legacy); otherwise the computer runs, on up to
 * MAX_LINES lines and MAX_CHARS characters a side. Undefined beyond that.
 */
export function diffOfLines(
  fromLines: string[],
  toLines: string[],
  options: LinesDiffOptions,
  algorithm: string,
  originalBy: number,
  modifiedBy: number,
): { changes: DetailedLineRangeMapping[]; hitTimeout: boolean } | undefined {
  if (algorithm === 'legacy') {
    const added = oneSided(fromLines, toLines);
    if (added) {
      const change = new DetailedLineRangeMapping(
        new LineRange(originalBy + added.same + 1, originalBy + added.same + 1 + added.from),
        new LineRange(modifiedBy + added.same + 1, modifiedBy + added.same + 1 + added.to),
        undefined,
      );
      return { changes: [change], hitTimeout: false };
    }
  }
  if (fromLines.length > MAX_LINES || toLines.length > MAX_LINES) return undefined;
  if (charsOf(fromLines) > MAX_CHARS || charsOf(toLines) > MAX_CHARS) return undefined;
  const computer = algorithm === 'legacy' ? linesDiffComputers.getLegacy() : linesDiffComputers.getDefault();
  const result = computer.computeDiff(fromLines, toLines, options);
  const changes = result.changes.map(
    (c) =>
      new DetailedLineRangeMapping(
        c.original.delta(originalBy),
        c.modified.delta(modifiedBy),
        c.innerChanges?.map((i) => new RangeMapping(i.originalRange.delta(originalBy), i.modifiedRange.delta(modifiedBy))),
      ),
  );
  return { changes, hitTimeout: result.hitTimeout };
}

const charsOf = (lines: readonly string[]): number => lines.reduce((n, l) => n + l.length + 1, -1);

/**
 * Lines only added or only removed: after the lines both start with (`same`) and those both end
 * with, one side has none left. How many are left on each side; undefined when both have some.
 */
function oneSided(from: readonly string[], to: readonly string[]): { same: number; from: number; to: number } | undefined {
  const shorter = Math.min(from.length, to.length);
  let same = 0;
  while (same < shorter && from[same] === to[same]) same++;
  let end = 0;
  while (end < shorter - same && from[from.length - 1 - end] === to[to.length - 1 - end]) end++;
  const left = { same, from: from.length - same - end, to: to.length - same - end };
  return left.from === 0 || left.to === 0 ? left : undefined;
}

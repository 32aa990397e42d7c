import type { DocumentDiff } from 'monaco-editor/editor/browser/widget/diffEditor/diffProviderFactoryService.js';
import { linesDiffComputers, type LinesDiffOptions } from 'monaco-editor/editor/common/diff/linesDiffComputers.js';
import { DetailedLineRangeMapping, RangeMapping } from 'monaco-editor/editor/common/diff/rangeMapping.js';
import { changedLines, linesBetween } from './changed-lines';

/** Differing lines up to this many (and characters, on each side) are diffed by smallChangeDiff. */
const MAX_LINES = 400;
const MAX_CHARS = 32 * 1024;

/**
 * The diff of two texts that differ in a few lines: those lines diffed by the line diff
 * computer Monaco's worker would run (`algorithm`), moved down by the lines before them
 * (`linesBefore(offset)`: how many lines end before that offset). Undefined when they differ
 * in more (another baseline, a paste), when a lone '\r' (a line break to Monaco) is among
 * them, or when moves are asked for: that diff is the worker's.
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
  if (changed.originalEnd - changed.start > MAX_CHARS || changed.modifiedEnd - changed.start > MAX_CHARS) return undefined;
  const fromLines = linesBetween(from, changed.start, changed.originalEnd);
  const toLines = linesBetween(to, changed.start, changed.modifiedEnd);
  if (fromLines.length > MAX_LINES || toLines.length > MAX_LINES) return undefined;
  if (fromLines.some((l) => l.includes('\r')) || toLines.some((l) => l.includes('\r'))) return undefined;
  const computer = algorithm === 'legacy' ? linesDiffComputers.getLegacy() : linesDiffComputers.getDefault();
  const result = computer.computeDiff(fromLines, toLines, options);
  const before = linesBefore(changed.start);
  const changes = result.changes.map(
    (c) =>
      new DetailedLineRangeMapping(
        c.original.delta(before),
        c.modified.delta(before),
        c.innerChanges?.map((i) => new RangeMapping(i.originalRange.delta(before), i.modifiedRange.delta(before))),
      ),
  );
  // As the worker says: texts that differ are not identical, even where no line changed but for whitespace.
  return { identical: false, quitEarly: result.hitTimeout, changes, moves: [] };
}

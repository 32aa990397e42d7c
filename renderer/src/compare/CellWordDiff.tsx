import { useMemo, useState } from 'react';
import { cellEditSince } from '../../../shared/ipc/compare-wire';
import { DiffChunks, PlainChunks } from '../ui/TextChunks';
import { diffChunks } from '../ui/text-chunks';
import { wordDiffAfterEdits, wordDiffState, type WordDiffState } from '../ui/word-diff';
import { useCellChunks, type TextCell } from './cell-chunks';

interface Shown {
  first: TextCell;
  cell: TextCell;
  diff: WordDiffState;
}

/** The diff of the cells `first` and `cell`, from the one shown for the cells before them when that is certain. */
function diffOf(first: TextCell, cell: TextCell, before: WordDiffState | undefined): WordDiffState {
  if (before) {
    const baseEdit = cellEditSince(first, before.base);
    const otherEdit = cellEditSince(cell, before.other);
    const after =
      baseEdit !== undefined && otherEdit !== undefined
        ? wordDiffAfterEdits(before, first.text, cell.text, baseEdit, otherEdit)
        : undefined;
    if (after) return after;
  }
  return wordDiffState(first.text, cell.text);
}

/**
 * A compare cell's text with what differs from the first column's marked word by word. While
 * the user types in a template, both cells of a row are the last ones with an edit each (the
 * wire says which): the last diff is updated by those edits when that is certain
 * (wordDiffAfterEdits), instead of comparing two long texts again on every keystroke. The
 * text is shown as blocks (text-chunks.ts), so a keystroke renders the blocks it changed.
 */
export function CellWordDiff({ first, cell }: { first: TextCell; cell: TextCell }) {
  const [shown, setShown] = useState<Shown>(() => ({ first, cell, diff: wordDiffState(first.text, cell.text) }));
  let diff = shown.diff;
  if (shown.first !== first || shown.cell !== cell) {
    // New cells: the diff follows them in this render (React's pattern for state that follows props).
    diff = diffOf(first, cell, shown.diff);
    setShown({ first, cell, diff });
  }
  const chunks = useCellChunks(cell);
  const blocks = useMemo(() => diffChunks(chunks, diff.spans), [chunks, diff.spans]);
  return <DiffChunks chunks={blocks} removedClass="diff-removed" removedTitle="in the first column, not here" />;
}

/** The first column's cell: its text as blocks (a keystroke renders the one it is in). */
export function CellText({ cell }: { cell: TextCell }) {
  return <PlainChunks chunks={useCellChunks(cell)} />;
}

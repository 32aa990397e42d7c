import { useState } from 'react';
import type { CompareCell } from '../../../shared/ipc/contract';
import { cellEditSince } from '../../../shared/ipc/compare-wire';
import { chunksAfterEdit, chunksOfText, chunkText } from '../ui/text-chunks';

export type TextCell = Extract<CompareCell, { text: string }>;

/**
 * A compare cell's text as blocks (text-chunks.ts). While the user types, a cell comes with
 * the edit that made it from the last one (the wire says which): only the blocks it is in
 * are made again, without reading the rest of the long text. Otherwise the blocks found
 * unchanged are kept (chunksOfText), so the views memoised on them compare the same strings.
 */
export function useCellChunks(cell: TextCell): readonly string[] {
  const [shown, setShown] = useState<{ cell: TextCell; chunks: readonly string[] }>(() => ({ cell, chunks: chunkText(cell.text) }));
  if (shown.cell === cell) return shown.chunks;
  const edit = cellEditSince(cell, shown.cell.text);
  const chunks = edit === null ? shown.chunks : edit ? chunksAfterEdit(shown.chunks, edit) : chunksOfText(shown.chunks, cell.text);
  // New cell: the blocks follow it in this render (React's pattern for state that follows props).
  setShown({ cell, chunks });
  return chunks;
}

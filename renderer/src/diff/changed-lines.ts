import { minimalEdit } from '../../../shared/engine/text/minimal-edit';

/**
 * Where two texts differ, in whole lines, with a line of context on each side: everything
 * before `start` and from `originalEnd` / `modifiedEnd` on is the same in both (the common
 * prefix and suffix, cut back to line boundaries). A diff of the lines in between, moved down
 * by the lines before `start`, is a diff of the whole texts: the context line gives a line
 * diff computer the same neighbours there as in the whole text (a change's range may end at
 * the start of the line after it). Null when the texts are equal.
 */
export interface ChangedLines {
  /** Offset of the first line taken (the same in both texts). */
  start: number;
  /** End of the last line taken (before its line end, or the text's end), in each text. */
  originalEnd: number;
  modifiedEnd: number;
}

/** Where the line before the one holding `offset` starts (0 on the first two lines). */
function previousLineStart(text: string, offset: number): number {
  const lineStart = offset === 0 ? 0 : text.lastIndexOf('\n', offset - 1) + 1;
  return lineStart <= 1 ? 0 : text.lastIndexOf('\n', lineStart - 2) + 1;
}

/** Where the line after the one holding `offset` ends (the text's end on its last two lines). */
function nextLineEnd(text: string, offset: number): number {
  const lineEnd = text.indexOf('\n', offset);
  if (lineEnd === -1) return text.length;
  const next = text.indexOf('\n', lineEnd + 1);
  return next === -1 ? text.length : next;
}

export function changedLines(original: string, modified: string): ChangedLines | null {
  const edit = minimalEdit(original, modified);
  if (!edit) return null;
  // The suffix after the edit is the same in both, so the end taken is as far after it in each.
  const afterEdit = nextLineEnd(original, edit.endOld) - edit.endOld;
  return {
    start: previousLineStart(original, edit.start),
    originalEnd: edit.endOld + afterEdit,
    modifiedEnd: edit.start + edit.text.length + afterEdit,
  };
}

/** How many line breaks `text` holds in [from, to), counted up to `max`. */
export function lineBreaks(text: string, from = 0, to = text.length, max = Infinity): number {
  let n = 0;
  for (let at = text.indexOf('\n', from); at >= 0 && at < to && n < max; at = text.indexOf('\n', at + 1)) n++;
  return n;
}

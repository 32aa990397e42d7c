import type { MinimalEdit } from '../../../shared/engine/text/minimal-edit';
import type { DiffSpan } from './word-diff';

/**
 * A long text is shown as blocks of about this many characters, each cut after a newline, so
 * that a keystroke lays out and paints the block it is in, not the whole text (a 1 MB compare
 * cell took the page's frame on every key). A line is never cut: a block boundary would show
 * as a line break the text does not have.
 */
export const CHUNK_CHARS = 4096;

/**
 * `text` cut into blocks: each ends after the first newline at or beyond CHUNK_CHARS
 * characters from its start, the last one holds the rest. Joined, they are `text`.
 */
export function chunkText(text: string): string[] {
  const out: string[] = [];
  let from = 0;
  while (from < text.length) {
    const nl = text.indexOf('\n', from + CHUNK_CHARS - 1);
    const end = nl < 0 ? text.length : nl + 1;
    out.push(text.slice(from, end));
    from = end;
  }
  return out;
}

/**
 * The blocks of the text `edit` makes from the one `chunks` joins to, touching only the blocks
 * the edit is in: those are joined, edited and cut again (with the next block when the edit
 * took a block's closing newline); every other block is the same string as before, so a view
 * keeps its rendering. The blocks may differ from chunkText's of the new text; joined, they
 * are the same text, and every block but the last still ends with a newline.
 */
export function chunksAfterEdit(chunks: readonly string[], edit: MinimalEdit): string[] {
  if (chunks.length === 0) return chunkText(edit.text);
  // The first block touched holds the edit's start (an insertion at a block's end goes to the next one).
  let first = 0;
  let offset = 0;
  while (first < chunks.length - 1 && offset + chunks[first]!.length <= edit.start) offset += chunks[first++]!.length;
  let last = first;
  let end = offset + chunks[first]!.length;
  while (last < chunks.length - 1 && end < edit.endOld) end += chunks[++last]!.length;
  const joined = chunks.slice(first, last + 1).join('');
  let edited = joined.slice(0, edit.start - offset) + edit.text + joined.slice(edit.endOld - offset);
  while (last < chunks.length - 1 && !edited.endsWith('\n')) edited += chunks[++last]!;
  return [...chunks.slice(0, first), ...chunkText(edited), ...chunks.slice(last + 1)];
}

/**
 * The blocks of `text`, the text `chunks` joins to having changed in a way nobody said: the
 * blocks found unchanged at the start and at the end are kept (the same strings), the rest is
 * cut again (chunksAfterEdit). A view memoised on its blocks keeps the strings it compared
 * last: strings cut again from a new text are equal but other strings, and comparing them
 * reads them whole on every later keystroke. The blocks are compared once here instead.
 */
export function chunksOfText(chunks: readonly string[], text: string): readonly string[] {
  let start = 0;
  let first = 0;
  while (first < chunks.length) {
    const block = chunks[first]!;
    if (start + block.length > text.length || text.slice(start, start + block.length) !== block) break;
    start += block.length;
    first++;
  }
  if (first === chunks.length && start === text.length) return chunks;
  let oldEnd = 0;
  for (const block of chunks) oldEnd += block.length;
  let end = text.length;
  for (let last = chunks.length - 1; last >= first; last--) {
    const block = chunks[last]!;
    if (end - block.length < start || text.slice(end - block.length, end) !== block) break;
    end -= block.length;
    oldEnd -= block.length;
  }
  return chunksAfterEdit(chunks, { start, endOld: oldEnd, text: text.slice(start, end) });
}

/** What a block of a word diff marks, at offsets in the block's text: added text, and where the first column's removed text goes. */
export type ChunkMark = { kind: 'added'; start: number; end: number } | { kind: 'removed'; at: number; text: string };

/** A block of a column's text with the marks of its word diff against the first column. */
export interface DiffChunk {
  text: string;
  marks: readonly ChunkMark[];
}

const NO_MARKS: readonly ChunkMark[] = [];

/**
 * The word diff `parts` of the text `chunks` joins to, block by block: an added piece is
 * marked in every block it spans; a removed one goes where it was, at the start of the
 * block after a boundary (after the newline it follows), at the end of the last block at the
 * end, and a long one is cut into blocks of its own (splitLongRemoved). Only the pieces'
 * lengths are read, not the long texts they are slices of, except a long removed one's.
 */
export function diffChunks(chunks: readonly string[], parts: readonly DiffSpan[]): DiffChunk[] {
  const blocks = chunks.length > 0 ? chunks : [''];
  const marks: ChunkMark[][] = blocks.map(() => []);
  const starts: number[] = [];
  let total = 0;
  for (const block of blocks) {
    starts.push(total);
    total += block.length;
  }
  // The block holding position `at` (the last one for the very end).
  let block = 0;
  const blockAt = (at: number): number => {
    while (block < blocks.length - 1 && starts[block + 1]! <= at) block++;
    return block;
  };
  let pos = 0;
  for (const part of parts) {
    const length = part.length;
    if (part.kind === 'same') pos += length;
    else if (part.kind === 'removed') {
      const b = blockAt(pos);
      marks[b]!.push({ kind: 'removed', at: pos - starts[b]!, text: part.text });
    } else {
      const end = pos + length;
      for (let b = blockAt(pos); b < blocks.length && starts[b]! < end; b++) {
        const from = Math.max(pos, starts[b]!) - starts[b]!;
        const to = Math.min(end, starts[b]! + blocks[b]!.length) - starts[b]!;
        if (to > from) marks[b]!.push({ kind: 'added', start: from, end: to });
      }
      pos = end;
    }
  }
  return blocks.flatMap((text, i) => splitLongRemoved({ text, marks: marks[i]!.length > 0 ? marks[i]! : NO_MARKS }));
}

/** `mark` at offsets `by` characters earlier. */
function shifted(mark: ChunkMark, by: number): ChunkMark {
  return mark.kind === 'added' ? { kind: 'added', start: mark.start - by, end: mark.end - by } : { ...mark, at: mark.at - by };
}

/**
 * A block holding a long text the first column has and this one lacks, as several: that text
 * is cut as chunkText cuts (after a newline), and the block is cut with it, so typing in the
 * first column's long text renders one block here too. Every cut is right after a newline
 * shown, so none shows as a line break the texts lack.
 */
function splitLongRemoved(block: DiffChunk): DiffChunk[] {
  if (!block.marks.some((m) => m.kind === 'removed' && m.text.length > CHUNK_CHARS)) return [block];
  const out: DiffChunk[] = [];
  let base = 0;
  let marks: ChunkMark[] = [];
  for (const mark of block.marks) {
    if (mark.kind === 'added' || mark.text.length <= CHUNK_CHARS) {
      marks.push(shifted(mark, base));
      continue;
    }
    const parts = chunkText(mark.text);
    parts.forEach((part, i) => {
      marks.push({ kind: 'removed', at: mark.at - base, text: part });
      if (i === parts.length - 1) return;
      out.push({ text: block.text.slice(base, mark.at), marks });
      base = mark.at;
      marks = [];
    });
  }
  out.push({ text: block.text.slice(base), marks: marks.length > 0 ? marks : NO_MARKS });
  return out;
}

/** Whether two blocks' marks are the same (the blocks then show the same, given the same text). */
export function sameMarks(a: readonly ChunkMark[], b: readonly ChunkMark[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  return a.every((m, i) => {
    const n = b[i]!;
    if (m.kind === 'added') return n.kind === 'added' && m.start === n.start && m.end === n.end;
    return n.kind === 'removed' && m.at === n.at && m.text === n.text;
  });
}

/** Whether two blocks show the same: the same text and the same marks. */
export function sameChunk(a: DiffChunk, b: DiffChunk): boolean {
  return a.text === b.text && sameMarks(a.marks, b.marks);
}

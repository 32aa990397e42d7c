import { diffLines, diffWordsWithSpace, type Change } from 'diff';
import type { MinimalEdit } from '../../../shared/engine/text/minimal-edit';

/** One piece of a column's text: as in the first column, or added in this column; `removed` marks where the first column had text this one lacks. */
export interface DiffPiece {
  text: string;
  kind: 'same' | 'added' | 'removed';
}

const cache = new Map<string, DiffPiece[]>();
const CACHE_LIMIT = 400;
/** Longest a diff may take before it falls back to lines, then to "all changed". */
const TIMEOUT_MS = 25;
/**
 * Above this many characters (both sides) the differing middle is diffed by lines, not
 * words: the diff's timeout bounds its search, not the cutting of the texts into words,
 * which took about 30 ms per megabyte and side on every keystroke of a 1 MB template.
 */
const WORDS_UP_TO = 64 * 1024;
/** Above this the differing middle is shown as changed whole. */
const LINES_UP_TO = 2 * 1024 * 1024;
/** Middles longer than this are not remembered (the key is both texts). */
const CACHE_UP_TO = 64 * 1024;

function pieces(changes: readonly Change[]): DiffPiece[] {
  return changes.map((c) => ({ text: c.value, kind: c.added ? 'added' : c.removed ? 'removed' : 'same' }));
}

/** Characters compared at once while looking for the common ends. */
const BLOCK = 1024;

const isSpace = (c: number): boolean => c === 32 || c === 10 || c === 9 || c === 13;

/**
 * How many characters both texts start with and end with, each cut back to whitespace so
 * that no word is split (a word diff then sees whole words at the edges of the middle).
 */
function commonEnds(a: string, b: string): { head: number; tail: number } {
  const n = Math.min(a.length, b.length);
  // Whole blocks first (a native comparison of slices), then character by character.
  let head = 0;
  while (head + BLOCK <= n && a.slice(head, head + BLOCK) === b.slice(head, head + BLOCK)) head += BLOCK;
  while (head < n && a.charCodeAt(head) === b.charCodeAt(head)) head++;
  while (head > 0 && !isSpace(a.charCodeAt(head - 1))) head--;
  const room = n - head;
  let tail = 0;
  while (tail + BLOCK <= room && a.slice(a.length - tail - BLOCK, a.length - tail) === b.slice(b.length - tail - BLOCK, b.length - tail))
    tail += BLOCK;
  while (tail < room && a.charCodeAt(a.length - 1 - tail) === b.charCodeAt(b.length - 1 - tail)) tail++;
  while (tail > 0 && !isSpace(a.charCodeAt(a.length - tail))) tail--;
  return { head, tail };
}

/** The diff of two texts with nothing in common at their ends (or that is not worth finding). */
function middleDiff(base: string, other: string): DiffPiece[] {
  const size = base.length + other.length;
  const words = size <= WORDS_UP_TO ? diffWordsWithSpace(base, other, { timeout: TIMEOUT_MS }) : undefined;
  const lines = words || size > LINES_UP_TO ? undefined : diffLines(base, other, { timeout: TIMEOUT_MS });
  if (words) return pieces(words);
  if (lines) return pieces(lines);
  return [...(base ? [{ text: base, kind: 'removed' as const }] : []), ...(other ? [{ text: other, kind: 'added' as const }] : [])];
}

/** `parts` with adjacent pieces of one kind joined and empty ones left out. */
function joined(parts: readonly DiffPiece[]): DiffPiece[] {
  const out: DiffPiece[] = [];
  for (const p of parts) {
    const prev = out[out.length - 1];
    if (!p.text) continue;
    if (prev && prev.kind === p.kind) prev.text += p.text;
    else out.push({ ...p });
  }
  return out;
}

/**
 * A piece of a word diff by its length: what a column's blocks need (text-chunks.ts reads
 * the column's own text), without a copy of the long texts both columns share. Only text
 * the column lacks (removed) is carried.
 */
export type DiffSpan = { kind: 'same' | 'added'; length: number } | { kind: 'removed'; length: number; text: string };

/** `parts` as spans, adjacent ones of one kind joined and empty ones left out (joined). */
export function spansOf(parts: readonly DiffPiece[]): DiffSpan[] {
  return joined(parts).map((p) =>
    p.kind === 'removed' ? { kind: 'removed', length: p.text.length, text: p.text } : { kind: p.kind, length: p.text.length },
  );
}

function remember(key: string, value: DiffPiece[]): DiffPiece[] {
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

/** A word diff with what it was made of: the common ends it found and the diff of the middle between them. */
export interface WordDiffState {
  base: string;
  other: string;
  /** The texts were equal: one piece. */
  equal: boolean;
  head: number;
  tail: number;
  middle: readonly DiffPiece[];
  /** The diff by lengths (diffPieces gives its texts). */
  spans: DiffSpan[];
}

function stateOf(base: string, other: string, head: number, tail: number, middle: readonly DiffPiece[]): WordDiffState {
  // The common ends by their lengths only: slicing a long text made by edits would copy it whole.
  const spans = spansOf(middle);
  if (head > 0) {
    if (spans[0]?.kind === 'same') spans[0] = { kind: 'same', length: head + spans[0].length };
    else spans.unshift({ kind: 'same', length: head });
  }
  const last = spans[spans.length - 1];
  if (tail > 0) {
    if (last?.kind === 'same') spans[spans.length - 1] = { kind: 'same', length: last.length + tail };
    else spans.push({ kind: 'same', length: tail });
  }
  return { base, other, equal: false, head, tail, middle, spans };
}

function equalState(base: string, other: string): WordDiffState {
  return { base, other, equal: true, head: base.length, tail: 0, middle: [], spans: other ? [{ kind: 'same', length: other.length }] : [] };
}

/** The diff's pieces with their texts: the common ends sliced from the texts. */
export function diffPieces(state: WordDiffState): DiffPiece[] {
  if (state.equal) return [{ text: state.other, kind: 'same' }];
  const { base, head, tail, middle } = state;
  return joined([{ text: base.slice(0, head), kind: 'same' }, ...middle, { text: base.slice(base.length - tail), kind: 'same' }]);
}

/**
 * How `other` differs from `base`, word by word: the text both start and end with is one
 * piece each, the middle between them is diffed. A very different or very long middle falls
 * back to lines, then to "all changed". The pieces always add up to both texts. Memoised by
 * the pair while it is short, else by its middle: while typing, only the edited section is
 * diffed again.
 */
export function wordDiffState(base: string, other: string): WordDiffState {
  if (base === other) return equalState(base, other);
  const { head, tail } = commonEnds(base, other);
  const baseMiddle = base.slice(head, base.length - tail);
  const otherMiddle = other.slice(head, other.length - tail);
  const middleKey =
    baseMiddle.length + otherMiddle.length <= CACHE_UP_TO ? `middle:${baseMiddle.length}:${baseMiddle}\u0000${otherMiddle}` : undefined;
  const middle = (middleKey !== undefined ? cache.get(middleKey) : undefined) ?? middleDiff(baseMiddle, otherMiddle);
  if (middleKey !== undefined) remember(middleKey, middle);
  return stateOf(base, other, head, tail, middle);
}

export function wordDiff(base: string, other: string): DiffPiece[] {
  if (base === other) return [{ text: other, kind: 'same' }];
  const whole = base.length + other.length <= CACHE_UP_TO ? `${base.length}:${base}\u0000${other}` : undefined;
  const hit = whole !== undefined ? cache.get(whole) : undefined;
  if (hit) return hit;
  const out = diffPieces(wordDiffState(base, other));
  return whole !== undefined ? remember(whole, out) : out;
}

function sameEdit(a: MinimalEdit, b: MinimalEdit): boolean {
  return a.start === b.start && a.endOld === b.endOld && a.text === b.text;
}

/**
 * The word diff of the texts `edits` made from the last one's (`null`: that text is the same),
 * without comparing them again, when that is certain; else undefined (compute it anew). It is
 * when both texts took the same edit at the same place inside the text they start with (short
 * of its last whitespace, so its cut back to whitespace stays), or at the same distance from
 * their ends inside the text they end with (after its first character), or when they were
 * equal: the middle between the ends is then the same text, and so is its diff.
 */
export function wordDiffAfterEdits(
  last: WordDiffState,
  base: string,
  other: string,
  baseEdit: MinimalEdit | null,
  otherEdit: MinimalEdit | null,
): WordDiffState | undefined {
  if (!baseEdit || !otherEdit) return baseEdit === otherEdit ? last : undefined;
  const delta = baseEdit.text.length - (baseEdit.endOld - baseEdit.start);
  if (last.equal) return sameEdit(baseEdit, otherEdit) ? equalState(base, other) : undefined;
  if (sameEdit(baseEdit, otherEdit) && baseEdit.endOld <= last.head - 1)
    return stateOf(base, other, last.head + delta, last.tail, last.middle);
  const fromEnd = last.base.length - baseEdit.start;
  const alike =
    otherEdit.start === last.other.length - fromEnd &&
    otherEdit.endOld - otherEdit.start === baseEdit.endOld - baseEdit.start &&
    otherEdit.text === baseEdit.text;
  if (alike && fromEnd <= last.tail - 1) return stateOf(base, other, last.head, last.tail + delta, last.middle);
  return undefined;
}

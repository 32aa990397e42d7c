import { contentHash } from './hash.js';

/**
 * Token counts with gpt-tokenizer's o200k_base (GPT-4o, GPT-5, o-series) and cl100k_base
 * (GPT-4, GPT-3.5) encodings. The encoders load on first use (about half a second), counts
 * are cached by text, and special-token text such as `<|endoftext|>` counts as plain text
 * (a prompt may mention it; it must not throw).
 *
 * Counting never holds the host (on the desktop: the main process) for long. The text is
 * counted in bounded pieces, and the event loop runs between them. Byte-pair encoding takes
 * time that grows faster than the length of one run of letters, symbols or whitespace
 * (100,000 × `A` took 12 s): of a run longer than MAX_RUN characters only the first MAX_RUN
 * are counted and the rest is scaled from them, and the counts say `estimated: true`.
 */

export interface TokenCounts {
  o200k: number;
  cl100k: number;
  /** Present when part of the text was estimated rather than counted (long runs, a forced cut). */
  estimated?: true | undefined;
}

type Counter = (text: string, options: { disallowedSpecial: Set<string> }) => number;

let encoders: Promise<{ o200k: Counter; cl100k: Counter }> | undefined;

function loadEncoders(): Promise<{ o200k: Counter; cl100k: Counter }> {
  encoders ??= Promise.all([import('gpt-tokenizer/encoding/o200k_base'), import('gpt-tokenizer/encoding/cl100k_base')]).then(([o, c]) => ({
    o200k: o.countTokens as Counter,
    cl100k: c.countTokens as Counter,
  }));
  return encoders;
}

const NO_SPECIAL = { disallowedSpecial: new Set<string>() };
const CACHE_SIZE = 32;
const cache = new Map<string, TokenCounts>();
/** Counting runs this long at most before it lets the event loop run. */
const SLICE_MS = 8;

export async function countTokens(text: string): Promise<TokenCounts> {
  const key = text.length < 64 ? `=${text}` : contentHash(text);
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const enc = await loadEncoders();
  let o200k = 0;
  let cl100k = 0;
  let estimated = false;
  let sliceStart = performance.now();
  for (const piece of tokenPieces(text)) {
    o200k += countPiece(enc.o200k, piece);
    cl100k += countPiece(enc.cl100k, piece);
    if (!piece.exact) estimated = true;
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToEventLoop();
      sliceStart = performance.now();
    }
  }
  const counts: TokenCounts = estimated ? { o200k, cl100k, estimated: true } : { o200k, cl100k };
  cache.set(key, counts);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return counts;
}

/** A piece's count; a long run is counted by its head, scaled to the run's length. */
function countPieceNow(count: Counter, piece: TokenPiece): number {
  if (piece.scaleFrom === undefined) return count(piece.text, NO_SPECIAL);
  return Math.round(count(piece.scaleFrom, NO_SPECIAL) * (piece.text.length / piece.scaleFrom.length));
}

/**
 * Counts of lines seen before, per encoder. While the user types, a prompt changes in one
 * place; but the pieces above are cut at a distance from the previous cut, so an edit can
 * move every later cut, and a cache of pieces would miss. Lines stay the same: a piece is
 * counted as the sum of its lines (a line start followed by text is a clean cut, so the sum
 * is the piece's count), and only the lines not seen before are encoded. Recounting a 1 MB
 * prompt after a keystroke then takes milliseconds, during which the host would answer
 * nothing. Keyed by the line's text: looked up with the slice of the prompt, kept as a copy of
 * its own (a slice as a key would keep the whole prompt alive).
 */
const lineCounts = new Map<Counter, Map<string, number>>();
const LINE_CACHE_SIZE = 50_000;
/** Lines shorter than this are encoded, not looked up: the lookup costs about as much. */
const CACHED_LINE = 24;
/** The clean cuts at line starts (the first kind of CLEAN_CUT). */
const LINE_START = /\n(?=[^\s/])/g;

function countPiece(count: Counter, piece: TokenPiece): number {
  if (piece.scaleFrom !== undefined) return countPieceNow(count, piece);
  let counts = lineCounts.get(count);
  if (!counts) {
    counts = new Map();
    lineCounts.set(count, counts);
  }
  const text = piece.text;
  let n = 0;
  let from = 0;
  LINE_START.lastIndex = 0;
  for (;;) {
    const match = LINE_START.exec(text);
    const to = match ? match.index + 1 : text.length;
    n += countLine(count, counts, text.slice(from, to));
    if (!match) return n;
    from = to;
  }
}

function countLine(count: Counter, counts: Map<string, number>, line: string): number {
  if (line.length < CACHED_LINE) return count(line, NO_SPECIAL);
  let n = counts.get(line);
  if (n === undefined) {
    if (counts.size >= LINE_CACHE_SIZE) counts.clear();
    n = count(line, NO_SPECIAL);
    counts.set(ownCopy(line), n);
  }
  return n;
}

/** A string with the characters of `text` that does not refer to the string `text` was cut from. */
function ownCopy(text: string): string {
  return Buffer.from(text, 'utf16le').toString('utf16le');
}

export interface TokenPiece {
  text: string;
  /**
   * Whether the cut before this piece (and the piece itself) keeps counts exact: the counts of
   * exact pieces add up to the count of the whole text.
   */
  exact: boolean;
  /** For a long run: the head that is counted; the run's count is scaled from it. */
  scaleFrom?: string | undefined;
}

/** Pieces are cut at the first clean cut after MIN_PIECE characters... */
const MIN_PIECE = 512;
/** ...and at MAX_PIECE characters when there is none (an estimate from there). */
const MAX_PIECE = 1024;
/** Runs of one character class longer than this are counted from their head. */
export const MAX_RUN = 64;

/**
 * A clean cut lies where no pre-token of o200k or cl100k can span it, so the counts of the
 * pieces add up to the count of the whole:
 * - right after a line break that is followed by a character other than whitespace or `/`
 *   (the pre-tokenizers end every pre-token that holds a line break at the last line break of
 *   its run, and none starts with a line break followed by a letter, digit or symbol; but
 *   o200k lets a run of symbols go on with line breaks and slashes: `;` + `\n//`);
 * - right before a space or a symbol (not an apostrophe, not a combining mark) that stands
 *   between two letters: the pre-token before it ends with the letter, and both encodings
 *   start a new one with the space or symbol as the prefix of the next word.
 * (Tests check the sums on every built-in prompt and on random texts.)
 */
const CLEAN_CUT = /\n(?=[^\s/])|(?<=\p{L})(?=(?: |[^\s\p{L}\p{N}\p{M}'])\p{L})/gu;

/**
 * Maximal runs of one character class (letters and marks, whitespace, digits, symbols), one
 * after the other: each match starts where the last ended, so one pass is linear in the text.
 */
const RUNS = /[\p{L}\p{M}]+|\s+|\p{N}+|[^\s\p{L}\p{N}]+/gu;

/**
 * Splits a text into pieces to count one by one; joined, their texts are the text. Lazily:
 * finding the pieces of a megabyte takes a while too, and is done between the counts.
 */
export function* tokenPieces(text: string): Generator<TokenPiece, void, undefined> {
  let start = 0;
  let exact = true;
  while (start < text.length) {
    let end = text.length;
    let nextExact = true;
    if (text.length - start > MAX_PIECE) {
      // Look only a little past MAX_PIECE (what the lookarounds need), never through the rest.
      const window = text.slice(start, start + MAX_PIECE + 4);
      CLEAN_CUT.lastIndex = MIN_PIECE;
      const match = CLEAN_CUT.exec(window);
      const clean = match ? match.index + match[0].length : -1;
      if (clean > 0 && clean <= MAX_PIECE) {
        end = start + clean;
      } else {
        end = start + MAX_PIECE;
        // Never between the two halves of a surrogate pair.
        if (isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
        nextExact = false;
      }
    }
    yield* splitLongRuns(text.slice(start, end), exact);
    start = end;
    exact = nextExact;
  }
}

/** Of ASCII: 0 letters, 1 whitespace, 2 other symbols, 3 digits (RUNS's classes). */
const ASCII_CLASS = Uint8Array.from({ length: 128 }, (_, c) =>
  /[A-Za-z]/.test(String.fromCharCode(c)) ? 0 : /\s/.test(String.fromCharCode(c)) ? 1 : /\d/.test(String.fromCharCode(c)) ? 3 : 2,
);

/**
 * Whether no run of RUNS in `piece` (but digits) is longer than MAX_RUN, from one pass over
 * its units: a character outside ASCII counts as one of every class (it may be a letter, a
 * mark, a space or a symbol), so a run can only be overestimated. Most pieces have none, and
 * going through their runs one by one cost more than counting their lines.
 */
function shortRunsOnly(piece: string): boolean {
  let letters = 0;
  let spaces = 0;
  let symbols = 0;
  for (let i = 0; i < piece.length; i++) {
    const c = piece.charCodeAt(i);
    const k = c < 128 ? ASCII_CLASS[c] : 4;
    letters = k === 0 || k === 4 ? letters + 1 : 0;
    spaces = k === 1 || k === 4 ? spaces + 1 : 0;
    symbols = k === 2 || k === 4 ? symbols + 1 : 0;
    if (letters > MAX_RUN || spaces > MAX_RUN || symbols > MAX_RUN) return false;
  }
  return true;
}

/** Adds a piece to the list, its long runs (not digits: they are cut every 3) as pieces scaled from their head. */
function* splitLongRuns(piece: string, exact: boolean): Generator<TokenPiece, void, undefined> {
  if (shortRunsOnly(piece)) {
    if (piece.length > 0) yield { text: piece, exact };
    return;
  }
  let from = 0;
  let cutExact = exact;
  // A regex of its own: counts run interleaved, and this generator pauses between matches.
  const runs = new RegExp(RUNS);
  for (let match = runs.exec(piece); match; match = runs.exec(piece)) {
    const run = match[0];
    if (run.length <= MAX_RUN || /^\p{N}/u.test(run)) continue;
    if (match.index > from) yield { text: piece.slice(from, match.index), exact: cutExact };
    const head = Array.from(run.slice(0, MAX_RUN + 1))
      .slice(0, MAX_RUN)
      .join('');
    yield { text: run, exact: false, scaleFrom: head };
    from = match.index + run.length;
    cutExact = false;
  }
  if (from < piece.length) yield { text: piece.slice(from), exact: cutExact };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Starts loading the encoders without waiting (e.g. once the first workspace is open). */
export function warmUpTokenizer(): void {
  void loadEncoders().catch(() => undefined);
}

/**
 * A synchronous o200k counter (for the CLI, lint and budgets), once the encoders are loaded.
 * Counts in pieces like countTokens, so long runs without line breaks stay cheap.
 */
export async function loadTokenCounter(): Promise<(text: string) => number> {
  const enc = await loadEncoders();
  return (text) => {
    let n = 0;
    for (const piece of tokenPieces(text)) n += countPiece(enc.o200k, piece);
    return n;
  };
}

/**
 * loadTokenCounter's count a piece at a time: the generator pauses after each piece (a caller
 * working in time slices can stop between any two) and returns the text's count, the same number.
 */
export async function loadPieceCounter(): Promise<(text: string) => Generator<undefined, number, undefined>> {
  const enc = await loadEncoders();
  return function* count(text) {
    let n = 0;
    for (const piece of tokenPieces(text)) {
      n += countPiece(enc.o200k, piece);
      yield;
    }
    return n;
  };
}

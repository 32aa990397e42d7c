import { contentHash } from './hash.js';

/**
 * Token counts with gpt-tokenizer's o200k_base (GPT-4o, GPT-5, o-series) and cl100k_base
 * (GPT-4, GPT-3.5) encodings. The encoders load on first use (about half a second), counts
 * are cached by text, and special-token text such as `<|endoftext|>` counts as plain text
 * (a prompt may mention it; it must not throw).
 */

export interface TokenCounts {
  o200k: number;
  cl100k: number;
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

export async function countTokens(text: string): Promise<TokenCounts> {
  const key = text.length < 64 ? `=${text}` : contentHash(text);
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const enc = await loadEncoders();
  const counts = { o200k: 0, cl100k: 0 };
  // Counting 40 KB takes tens of milliseconds; in pieces, with the event loop free between
  // them, a keystroke arriving meanwhile is handled at once.
  for (const piece of tokenPieces(text)) {
    counts.o200k += enc.o200k(piece, NO_SPECIAL);
    counts.cl100k += enc.cl100k(piece, NO_SPECIAL);
    if (piece.length < text.length) await yieldToEventLoop();
  }
  cache.set(key, counts);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return counts;
}

const PIECE_SIZE = 4096;

/**
 * Splits a text where no token can span the cut, so the counts of the pieces add up to the
 * count of the whole: right after a line break that is followed by a character other than
 * whitespace. The pre-tokenizers of o200k and cl100k end every pre-token that holds a line
 * break at the last line break of its run, and no pre-token starts with a line break
 * followed by a letter, digit or symbol. (A test checks the sums on every built-in prompt.)
 */
export function tokenPieces(text: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (text.length - start > PIECE_SIZE) {
    let cut = text.indexOf('\n', start + PIECE_SIZE);
    while (cut >= 0 && (cut + 1 >= text.length || /\s/.test(text[cut + 1]!))) cut = text.indexOf('\n', cut + 1);
    if (cut < 0) break;
    pieces.push(text.slice(start, cut + 1));
    start = cut + 1;
  }
  pieces.push(text.slice(start));
  return pieces;
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
    for (const piece of tokenPieces(text)) n += enc.o200k(piece, NO_SPECIAL);
    return n;
  };
}

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
  const counts = { o200k: enc.o200k(text, NO_SPECIAL), cl100k: enc.cl100k(text, NO_SPECIAL) };
  cache.set(key, counts);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return counts;
}

/** Starts loading the encoders without waiting (e.g. once the first workspace is open). */
export function warmUpTokenizer(): void {
  void loadEncoders().catch(() => undefined);
}

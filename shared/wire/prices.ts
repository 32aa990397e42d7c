import { z } from 'zod';
import type { Usage } from './wire-event.js';

/**
 * What tokens cost, in US dollars per million tokens, by model id. A run's spending cap and
 * every cost shown are estimated from this table and the token counts; providers change
 * prices, so the table is only a starting point: the connections settings (and the CLI's
 * connections file) may replace or add entries under `prices:` (docs/run.md).
 *
 * A key matches a model id exactly, or, ending in `*`, every id that starts with the rest
 * (the longest match wins). The built-in entries are the providers' list prices for standard
 * (not batch, not priority) requests of up to 200k input tokens, as published in 2025.
 */

export const ModelPriceSchema = z
  .object({
    input: z.number().nonnegative(),
    output: z.number().nonnegative(),
    /** Input read from the prompt cache (default: `input`). */
    cachedInput: z.number().nonnegative().optional(),
    /** Input written to the prompt cache (Anthropic; default: `input`). */
    cacheWrite: z.number().nonnegative().optional(),
  })
  .strict();
export type ModelPrice = z.infer<typeof ModelPriceSchema>;

export const PriceTableSchema = z.record(z.string().min(1).max(200), ModelPriceSchema);
export type PriceTable = z.infer<typeof PriceTableSchema>;

export const BUILTIN_PRICES: PriceTable = {
  'gpt-5*': { input: 1.25, cachedInput: 0.125, output: 10 },
  'gpt-5-mini*': { input: 0.25, cachedInput: 0.025, output: 2 },
  'gpt-5-nano*': { input: 0.05, cachedInput: 0.005, output: 0.4 },
  'gpt-4.1*': { input: 2, cachedInput: 0.5, output: 8 },
  'gpt-4.1-mini*': { input: 0.4, cachedInput: 0.1, output: 1.6 },
  'gpt-4.1-nano*': { input: 0.1, cachedInput: 0.025, output: 0.4 },
  'gpt-4o*': { input: 2.5, cachedInput: 1.25, output: 10 },
  'gpt-4o-mini*': { input: 0.15, cachedInput: 0.075, output: 0.6 },
  'claude-opus-4-5*': { input: 5, cachedInput: 0.5, cacheWrite: 6.25, output: 25 },
  'claude-opus-4*': { input: 15, cachedInput: 1.5, cacheWrite: 18.75, output: 75 },
  'claude-sonnet-4*': { input: 3, cachedInput: 0.3, cacheWrite: 3.75, output: 15 },
  'claude-3-7-sonnet*': { input: 3, cachedInput: 0.3, cacheWrite: 3.75, output: 15 },
  'claude-haiku-4-5*': { input: 1, cachedInput: 0.1, cacheWrite: 1.25, output: 5 },
  'claude-3-5-haiku*': { input: 0.8, cachedInput: 0.08, cacheWrite: 1, output: 4 },
  'gemini-2.5-pro*': { input: 1.25, cachedInput: 0.125, output: 10 },
  'gemini-2.5-flash*': { input: 0.3, cachedInput: 0.03, output: 2.5 },
  'gemini-2.5-flash-lite*': { input: 0.1, cachedInput: 0.01, output: 0.4 },
};

/** The price of a model id under a table (overrides first, then the built-in table); undefined when none matches. */
export function priceOf(model: string, table: PriceTable): ModelPrice | undefined {
  if (Object.prototype.hasOwnProperty.call(table, model)) return table[model];
  let best: { length: number; price: ModelPrice } | undefined;
  for (const [key, price] of Object.entries(table)) {
    if (!key.endsWith('*')) continue;
    const prefix = key.slice(0, -1);
    if (model.startsWith(prefix) && (!best || prefix.length > best.length)) best = { length: prefix.length, price };
  }
  return best?.price;
}

/** The table a run uses: the user's entries over the built-in ones. */
export function priceTable(overrides: PriceTable | undefined): PriceTable {
  return { ...BUILTIN_PRICES, ...(overrides ?? {}) };
}

/** What a reply's usage cost, in dollars. */
export function usageCost(usage: Usage, price: ModelPrice): number {
  const cached = Math.min(usage.cachedInputTokens, usage.inputTokens);
  const written = Math.min(usage.cacheWriteTokens, usage.inputTokens - cached);
  const plain = usage.inputTokens - cached - written;
  return (
    (plain * price.input +
      cached * (price.cachedInput ?? price.input) +
      written * (price.cacheWrite ?? price.input) +
      usage.outputTokens * price.output) /
    1_000_000
  );
}

/** The most a request can cost: every input token at the full (or cache-write) price, and every output token it allows. */
export function worstCaseCost(inputTokens: number, maxOutputTokens: number, price: ModelPrice): number {
  const inputPrice = Math.max(price.input, price.cacheWrite ?? 0);
  return (inputTokens * inputPrice + maxOutputTokens * price.output) / 1_000_000;
}

/** Dollars for people: $0.0123, $1.25. */
export function formatCost(dollars: number): string {
  if (dollars === 0) return '$0';
  if (dollars < 0.01) return `$${dollars.toPrecision(2)}`;
  return `$${dollars.toFixed(dollars < 1 ? 4 : 2)}`;
}

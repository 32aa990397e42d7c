import type { RangeOrigin, VolatileRange } from './volatile-range.js';
import { describeField, type VolatileField } from './volatile-fields.js';
import { PROVIDER_CACHE_RULES, type ProviderCacheRule } from './provider-cache.js';

/** A volatile range with the words for its cause. */
export interface VolatileRangeReport extends VolatileRange {
  /** e.g. "the working directory" for each field. */
  causes: string[];
}

export interface CacheReport {
  /** Characters of the text (the build's). */
  chars: number;
  /** The longest prefix no volatile field can change: what a provider can cache across sessions. */
  stablePrefix: { chars: number; tokens: number | null };
  /** The first byte another session may change, with its cause; absent when nothing is volatile. */
  firstVolatile?: { offset: number; fields: VolatileField[]; causes: string[]; origin: RangeOrigin; excerpt: string } | undefined;
  ranges: VolatileRangeReport[];
  /** For each provider rule: whether the stable prefix reaches its minimum (null without a token count). */
  providers: (ProviderCacheRule & { reached: boolean | null })[];
}

/** The offset of the first volatile byte (the text's length when none). */
export function stablePrefixChars(ranges: readonly VolatileRange[], length: number): number {
  let first = length;
  for (const r of ranges) if (r.start < first) first = r.start;
  return first;
}

const EXCERPT = 80;

/** Drops ranges inside another range that already names all their fields (a value inside its own `#if` block). */
function withoutNested(ranges: readonly VolatileRange[]): VolatileRange[] {
  return ranges.filter(
    (r, i) =>
      !ranges.some(
        (o, j) =>
          j !== i &&
          o.start <= r.start &&
          r.end <= o.end &&
          (o.end - o.start > r.end - r.start || j < i) &&
          r.fields.every((f) => o.fields.includes(f)),
      ),
  );
}

/**
 * What provider caching can make of a build: the stable prefix (characters and, given a
 * token counter, tokens), the first volatile byte and its cause, every volatile range with
 * its fields, and whether each provider's minimum is reached.
 */
export function cacheReport(text: string, ranges: readonly VolatileRange[], countTokens?: (text: string) => number): CacheReport {
  const chars = stablePrefixChars(ranges, text.length);
  const tokens = countTokens ? countTokens(text.slice(0, chars)) : null;
  const reports = withoutNested(ranges).map((r) => ({ ...r, causes: r.fields.map(describeField) }));
  const firstRanges = reports.filter((r) => r.start === chars);
  const first = firstRanges[0];
  const fields = [...new Set(firstRanges.flatMap((r) => r.fields))];
  return {
    chars: text.length,
    stablePrefix: { chars, tokens },
    firstVolatile: first
      ? { offset: chars, fields, causes: fields.map(describeField), origin: first.origin, excerpt: text.slice(chars, chars + EXCERPT) }
      : undefined,
    ranges: reports,
    providers: PROVIDER_CACHE_RULES.map((rule) => ({ ...rule, reached: tokens === null ? null : tokens >= rule.minTokens })),
  };
}

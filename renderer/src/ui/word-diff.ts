import { diffLines, diffWordsWithSpace, type Change } from 'diff';

/** One piece of a column's text: as in the first column, or added in this column; `removed` marks where the first column had text this one lacks. */
export interface DiffPiece {
  text: string;
  kind: 'same' | 'added' | 'removed';
}

const cache = new Map<string, DiffPiece[]>();
const CACHE_LIMIT = 400;
/** Longest a diff may take before it falls back to lines, then to "all changed". */
const TIMEOUT_MS = 25;

function pieces(changes: readonly Change[]): DiffPiece[] {
  return changes.map((c) => ({ text: c.value, kind: c.added ? 'added' : c.removed ? 'removed' : 'same' }));
}

/**
 * How `other` differs from `base`, word by word (memoised by the pair: while typing, only
 * the edited section is diffed again). A very different pair falls back to lines.
 */
export function wordDiff(base: string, other: string): DiffPiece[] {
  if (base === other) return [{ text: other, kind: 'same' }];
  const key = `${base.length}:${base}\u0000${other}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const words = diffWordsWithSpace(base, other, { timeout: TIMEOUT_MS });
  const lines = words ? undefined : diffLines(base, other, { timeout: TIMEOUT_MS });
  const out = words ? pieces(words) : lines ? pieces(lines) : [{ text: other, kind: 'added' as const }];
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, out);
  return out;
}

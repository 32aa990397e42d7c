/** How many entries a view's kept counts hold at most: beyond that they start again. */
const KEPT = 4096;

/**
 * Token counts kept while the next ones are coming: the host counts a moment after each
 * result, and a view that drops every count at each result and shows them again when they
 * come renders all its rows twice per keystroke. An entry's count (by what the entry is, at
 * the size it was counted at) is shown again while its size is unchanged; one whose size
 * changed has none until its own comes.
 */
export function keptCounts(): (key: string, size: number, counted: number | null | undefined) => number | undefined {
  const kept = new Map<string, { size: number; count: number }>();
  return (key, size, counted) => {
    if (counted === null || counted === undefined) {
      const last = kept.get(key);
      return last?.size === size ? last.count : undefined;
    }
    if (kept.size >= KEPT) kept.clear();
    kept.set(key, { size, count: counted });
    return counted;
  };
}

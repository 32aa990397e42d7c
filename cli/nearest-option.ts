/** Edit distance (insertions, deletions, substitutions) between two short words. */
function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * The known option closest to a mistyped one (`varient` -> `variant`), or undefined when
 * none is close: at most two edits, and no more than a third of the word.
 */
export function nearestOption(given: string, known: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(given, name);
    if (distance <= Math.min(2, Math.ceil(name.length / 3)) && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

/** Added and removed line counts from Monaco's line changes (pure, for tests). */
export interface LineChangeLike {
  originalStartLineNumber: number;
  originalEndLineNumber: number;
  modifiedStartLineNumber: number;
  modifiedEndLineNumber: number;
}

export function countLines(changes: readonly LineChangeLike[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const c of changes) {
    // An end of 0 means "no lines on this side" (a pure insertion or deletion).
    if (c.modifiedEndLineNumber > 0) added += c.modifiedEndLineNumber - c.modifiedStartLineNumber + 1;
    if (c.originalEndLineNumber > 0) removed += c.originalEndLineNumber - c.originalStartLineNumber + 1;
  }
  return { added, removed };
}

/** The text of the changed lines on each side, for token counts. */
export function changedText(
  changes: readonly LineChangeLike[],
  original: (line: number) => string,
  modified: (line: number) => string,
): { added: string; removed: string } {
  const add: string[] = [];
  const rem: string[] = [];
  for (const c of changes) {
    if (c.modifiedEndLineNumber > 0) for (let l = c.modifiedStartLineNumber; l <= c.modifiedEndLineNumber; l++) add.push(modified(l));
    if (c.originalEndLineNumber > 0) for (let l = c.originalStartLineNumber; l <= c.originalEndLineNumber; l++) rem.push(original(l));
  }
  return { added: add.join('\n'), removed: rem.join('\n') };
}

/**
 * An edit as what changed: at offset `at` (UTF-16 units) of the text, `remove` units are
 * replaced by `insert`. An edit of several splices applies them one after the other, each to
 * the result of the one before (Monaco orders a change's ranges from the end of the text to
 * its start, so its offsets all refer to the text before the change).
 */
export interface TextSplice {
  at: number;
  remove: number;
  insert: string;
}

/** The text after the splices; throws a RangeError when one falls outside the text it applies to. */
export function applySplices(text: string, splices: readonly TextSplice[]): string {
  let out = text;
  for (const { at, remove, insert } of splices) {
    if (!Number.isInteger(at) || !Number.isInteger(remove) || at < 0 || remove < 0 || at + remove > out.length)
      throw new RangeError(`the splice at ${at} (removing ${remove}) is outside the text of ${out.length} characters`);
    out = out.slice(0, at) + insert + out.slice(at + remove);
  }
  return out;
}

import { minimalEditOfSplice, type MinimalEdit } from '../engine/text/minimal-edit.js';

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

/**
 * How a text was made from the one before it by one splice: what reads both texts (a prompt or
 * a column made ahead of its build) takes the edit from here instead of comparing them whole.
 * It holds while `from` and `to` are the texts at hand.
 */
export interface EditMadeBy {
  from: string;
  to: string;
  edit: MinimalEdit | null;
}

/** The edit that made `to` of `from` by `splices`, when they are one splice (undefined otherwise). Reads `from` around the splice only. */
export function editMadeBy(from: string, to: string, splices: readonly TextSplice[] | undefined): EditMadeBy | undefined {
  const one = splices?.length === 1 ? splices[0]! : undefined;
  return one && { from, to, edit: minimalEditOfSplice(from, one.at, one.remove, one.insert) };
}

/** The edit that makes `to` of `from` when the splice made exactly that (undefined: it did not, compare the two). */
export function splicedEdit(from: string, to: string, madeBy: EditMadeBy | undefined): MinimalEdit | null | undefined {
  return madeBy && madeBy.from === from && madeBy.to === to ? madeBy.edit : undefined;
}

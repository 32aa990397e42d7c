import type { MinimalEdit } from './minimal-edit.js';
import type { TextWindow } from './piece-text.js';

/**
 * Where a text differs from the one it was made from by edits: [start, endOld) of that one
 * became [start, endNew) of this one, and everything before and after is the same. It lets
 * two long texts made from one base be compared where they may differ only.
 */
export interface EditSpan {
  start: number;
  endOld: number;
  endNew: number;
}

/** The span of the text made by `edit` on top of one whose span from the base is `span` (null: the base itself). */
export function spanAfterEdit(span: EditSpan | null, edit: MinimalEdit): EditSpan {
  const grown = edit.text.length - (edit.endOld - edit.start);
  if (!span) return { start: edit.start, endOld: edit.endOld, endNew: edit.endOld + grown };
  // The union of the two ranges in the text the edit is made on; what lies after the span
  // there is the base's text shifted by the span's growth.
  const end = Math.max(span.endNew, edit.endOld);
  return { start: Math.min(span.start, edit.start), endOld: span.endOld + (end - span.endNew), endNew: end + grown };
}

/**
 * Whether `a` and `b`, each made from `base` with the span given, are the same text: only the
 * range where either may differ from the base is read (both keep the base's text before the
 * earlier start and after the later end).
 */
export function sameFromBase(base: { length: number }, a: TextWindow, aSpan: EditSpan, b: TextWindow, bSpan: EditSpan): boolean {
  if (a.length !== b.length) return false;
  const from = Math.min(aSpan.start, bSpan.start);
  const kept = Math.min(base.length - aSpan.endOld, base.length - bSpan.endOld);
  return a.slice(from, a.length - kept) === b.slice(from, b.length - kept);
}

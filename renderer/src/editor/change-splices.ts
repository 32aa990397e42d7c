import type { TextSplice } from '../../../shared/ipc/text-splice';
import type { DocState } from '../store/docs-slice';

/** One range of an editor change event (Monaco's IModelContentChange, the fields used here). */
export interface ModelChange {
  rangeOffset: number;
  rangeLength: number;
  text: string;
}

/** What is read of the editor's model. */
export interface ModelShape {
  getEOL(): string;
  getValueLength(): number;
}

/**
 * An editor change as splices of the document's text in the store, or null when they might
 * not apply to it and the model's whole text must be taken instead. They apply when the model
 * holds exactly the store's text: `mirrors` says its text was set from a text without `\r`
 * (Monaco rewrites other line ends to the model's own, offsets then differ; monaco/models.ts
 * keeps track), its line ends are `\n`, and it had the store text's length before the change.
 * Typing keeps this true: what goes into such a model has no `\r`.
 * Monaco orders a change's ranges from the end of the text to its start, each offset in the
 * text before the change: applied in that order, one after the other, they make the new text.
 */
export function changeSplices(
  model: ModelShape,
  event: { changes: readonly ModelChange[]; isEolChange?: boolean },
  doc: DocState,
  mirrors: boolean,
): TextSplice[] | null {
  if (!mirrors || event.isEolChange || event.changes.length === 0 || model.getEOL() !== '\n') return null;
  let grown = 0;
  for (const c of event.changes) {
    if (c.text.includes('\r')) return null;
    grown += c.text.length - c.rangeLength;
  }
  if (model.getValueLength() - grown !== doc.text.length) return null;
  return event.changes.map((c) => ({ at: c.rangeOffset, remove: c.rangeLength, insert: c.text }));
}

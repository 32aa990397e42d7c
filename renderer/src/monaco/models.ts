import { monaco } from './setup';
import type { DocState } from '../store/docs-slice';
import { minimalEdit, type MinimalEdit } from '../../../shared/engine/text/minimal-edit';

/** One Monaco model per open document, named `studio:/<doc key>`. */

export const TEMPLATE_LANGUAGE = 'vs-template';
export const PROMPT_LANGUAGE = 'vs-prompt';

export function uriOf(key: string): monaco.Uri {
  return monaco.Uri.from({ scheme: 'studio', path: `/${encodeURIComponent(key)}` });
}

export function keyOf(uri: monaco.Uri): string | undefined {
  if (uri.scheme !== 'studio') return undefined;
  return decodeURIComponent(uri.path.slice(1));
}

function languageId(doc: DocState): string {
  return doc.language === 'template' ? TEMPLATE_LANGUAGE : doc.language;
}

export function modelFor(doc: DocState): monaco.editor.ITextModel {
  const uri = uriOf(doc.key);
  const existing = monaco.editor.getModel(uri);
  if (existing) return existing;
  const model = monaco.editor.createModel(doc.text, languageId(doc), uri);
  setFrom(model, doc.text);
  return model;
}

/**
 * Models whose text is exactly the text they were last set from: line ends `\n` and no `\r`
 * in it (Monaco rewrites other line ends to the model's own). Typing keeps it so; the
 * editor's changes of such a model apply to the store's text as splices (editor/change-splices.ts).
 */
const exact = new WeakMap<monaco.editor.ITextModel, boolean>();

/** Whether the model's text is the text it was last set from (see `exact`). */
export function holdsTextAsSet(model: monaco.editor.ITextModel): boolean {
  return exact.get(model) === true && model.getEOL() === '\n';
}

/** Says that `model` was set from `text` (or, with no text, that the store took the model's own text). */
export function setFrom(model: monaco.editor.ITextModel, text?: string): void {
  exact.set(model, model.getEOL() === '\n' && (text === undefined || !text.includes('\r')));
}

/**
 * The text each model had after the last applyText, by version: while nothing else edited the
 * model, the next applyText compares with it instead of asking Monaco for the whole text.
 */
const appliedText = new WeakMap<monaco.editor.ITextModel, { version: number; text: string }>();

/** A model's text: as the last applyText (or rememberText) left it, read from Monaco only when something else edited it since. */
export function textOf(model: monaco.editor.ITextModel): string {
  const known = appliedText.get(model);
  return known && known.version === model.getVersionId() ? known.text : model.getValue();
}

/** Says that `model` holds `text` now (a model just made from it). */
export function rememberText(model: monaco.editor.ITextModel, text: string): void {
  if (model.getEOL() === '\n' && !text.includes('\r')) appliedText.set(model, { version: model.getVersionId(), text });
}

/**
 * Replaces a model's text with one small edit (keeps the viewport and decorations stable).
 * `madeFrom`: a text and the edit of it that makes `text`; when the model holds that text
 * (as the last applyText left it), the edit is applied as it is and neither text is read whole.
 */
export function applyText(
  model: monaco.editor.ITextModel,
  text: string,
  madeFrom?: { text: string; edit: MinimalEdit },
): { start: number; end: number } | null {
  const known = appliedText.get(model);
  const held = known && known.version === model.getVersionId() ? known.text : undefined;
  const byEdit = madeFrom !== undefined && held !== undefined && madeFrom.text === held;
  const e = byEdit ? madeFrom.edit : minimalEdit(held ?? model.getValue(), text);
  if (!e) return null;
  const range = monaco.Range.fromPositions(model.getPositionAt(e.start), model.getPositionAt(e.endOld));
  model.applyEdits([{ range, text: e.text }]);
  // A remembered text has no `\r`: by the edit, only what it puts in can bring one.
  const noCR = byEdit ? !e.text.includes('\r') : !text.includes('\r');
  exact.set(model, model.getEOL() === '\n' && noCR);
  // Only when the model holds exactly `text` (Monaco rewrites line ends to the model's own).
  appliedText.delete(model);
  if (model.getEOL() === '\n' && noCR) appliedText.set(model, { version: model.getVersionId(), text });
  return { start: e.start, end: e.start + e.text.length };
}

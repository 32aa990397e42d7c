import type { BuildSection } from './build-result.js';
import type { MinimalEdit } from '../text/minimal-edit.js';

/** A built prompt and where each of its ranges came from (a variant build's text and sections). */
export interface BuiltText {
  text: string;
  sections: readonly BuildSection[];
}

/**
 * What may be typed or deleted for the prompt to be known without a build: letters, digits,
 * inner spaces and punctuation that no step of the build reads. Braces make or break a
 * `{{key}}`; `=`, `#`, `+` and `-` make or break the separators, `##` lines and diff markers
 * cleanup looks for; tabs and newlines change its whitespace rules.
 */
const TYPED = /^[A-Za-z0-9 .,;:!?'"()*_/&@$]*$/;
/** A line may hold no brace for an edit in it to be known: it could be inside a `{{key}}` being written. */
const BRACE = /[{}]/;
const WORD = /[A-Za-z0-9]/;
const TWO_SPACES = /\s\s/;
/** Cleanup's separator; an edit this near one may change how cleanup treats it (its 50-character rule). */
const SEPARATOR = '====';
const NEAR_SEPARATOR = 64;
/** How far past the edit the copied range is checked against the template. */
const CHECKED_AFTER = NEAR_SEPARATOR;
/** A line longer than this is not searched for its ends: the edit waits for the build. */
const LONGEST_LINE = 4000;

/** The line of `text` around [from, to), or undefined when it is longer than LONGEST_LINE. */
function lineAround(text: string, from: number, to: number): string | undefined {
  const start = text.lastIndexOf('\n', from - 1) + 1;
  const nl = text.indexOf('\n', to);
  const end = nl < 0 ? text.length : nl;
  return end - start > LONGEST_LINE ? undefined : text.slice(start, end);
}

/** Whether the edit of the template `before` into `after` types or deletes only characters no build step reads. */
function plainEdit(before: string, after: string, edit: MinimalEdit): boolean {
  const removed = before.slice(edit.start, edit.endOld);
  const inserted = edit.text;
  if (!TYPED.test(removed) || !TYPED.test(inserted)) return false;
  const end = edit.start + inserted.length;
  // The characters around the edit, with what it removed and with what it put there: no two
  // whitespace characters side by side in either (no edge, double or blank-line space made or lost).
  // At the end of the template, the end of the prompt: cleanup trims it, so it must not end in whitespace.
  const left = after[edit.start - 1];
  const right = after[end] ?? '';
  if (left === undefined || (right === '' && /\s$/.test(left + inserted))) return false;
  if (TWO_SPACES.test(left + removed + right) || TWO_SPACES.test(left + inserted + right)) return false;
  // Not in a line with a brace: it could be inside a `{{key}}` being written.
  const lineBefore = lineAround(before, edit.start, edit.endOld);
  const lineAfter = lineAround(after, edit.start, end);
  return lineBefore !== undefined && lineAfter !== undefined && !BRACE.test(lineBefore) && !BRACE.test(lineAfter);
}

/**
 * Whether cleanup treats [from, to) of the prompt `text` as plain words: its line holds a
 * word (blank lines and `##` lines are cleanup's), and no separator is near enough for
 * cleanup's rules about separators to see it.
 */
function plainInPrompt(text: string, from: number, to: number): boolean {
  const line = lineAround(text, from, to);
  if (line === undefined || !WORD.test(line)) return false;
  return !text.slice(Math.max(0, from - NEAR_SEPARATOR), to + NEAR_SEPARATOR).includes(SEPARATOR);
}

/** A prompt known without a build (speculateTemplateEdit), and where it changed. */
export interface SpeculatedText extends BuiltText {
  /** The edit of the last build's text that makes `text`. */
  promptEdit: MinimalEdit;
  /** The index in `sections` of the template range the edit is in. */
  section: number;
}

/**
 * The prompt after an edit of a variant's base template, without building it, when that is
 * certain from the last build: the edit lies inside one range of the prompt copied from the
 * template (checked against the template it was built from), it only types or deletes
 * characters no build step reads (no brace, separator, `#`, newline or edge space), and the
 * line it is in stays a line of words. Then the prompt is the same copy with the same edit,
 * and the ranges after it shift. Anything else is undefined: the build decides.
 *
 * `built` is a build of `before`; `edit` turns `before` into `after`.
 */
export function speculateTemplateEdit(
  built: BuiltText,
  variantId: string,
  before: string,
  after: string,
  edit: MinimalEdit,
): SpeculatedText | undefined {
  // Strictly inside the range; or at its end when that is the end of the template and of the prompt.
  const atEnd = (s: BuildSection): boolean => edit.endOld === before.length && s.end === built.text.length;
  const containing = built.sections.findIndex(
    (s) =>
      s.source.kind === 'template' &&
      s.source.variantId === variantId &&
      s.offset < edit.start &&
      (edit.endOld < s.offset + (s.end - s.start) || (edit.endOld === s.offset + (s.end - s.start) && atEnd(s))),
  );
  const section = built.sections[containing];
  if (!section) return undefined;
  // The range is the template's text from its start to a little after the edit (cleanup may
  // have changed it further on, where the edit cannot matter to it).
  const at = section.start + (edit.start - section.offset);
  const checked = Math.min(section.end, at + (edit.endOld - edit.start) + CHECKED_AFTER) - section.start;
  if (built.text.slice(section.start, section.start + checked) !== before.slice(section.offset, section.offset + checked)) return undefined;
  if (!plainEdit(before, after, edit)) return undefined;
  const delta = edit.text.length - (edit.endOld - edit.start);
  const text = built.text.slice(0, at) + edit.text + built.text.slice(at + (edit.endOld - edit.start));
  if (!plainInPrompt(built.text, at, at + (edit.endOld - edit.start)) || !plainInPrompt(text, at, at + edit.text.length)) return undefined;
  const sections = built.sections.map((s, i): BuildSection => {
    if (i < containing) return s;
    if (i === containing) return { ...s, end: s.end + delta };
    const moved = { ...s, start: s.start + delta, end: s.end + delta };
    return s.source.kind === 'template' && s.source.variantId === variantId && s.offset > section.offset
      ? { ...moved, offset: s.offset + delta }
      : moved;
  });
  return { text, sections, promptEdit: { start: at, endOld: at + (edit.endOld - edit.start), text: edit.text }, section: containing };
}

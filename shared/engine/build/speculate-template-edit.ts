import type { BuildSection } from './build-result.js';
import type { MinimalEdit } from '../text/minimal-edit.js';
import { PieceText, type TextWindow } from '../text/piece-text.js';
import { keptWhitespaceAround, type WhitespaceRegion } from './kept-whitespace.js';
import { DIFF_MARKER, DIFF_MARKER_REACH } from '../text/cleanup.js';

/** A built prompt and where each of its ranges came from (a variant build's text and sections). */
export interface BuiltText {
  text: string;
  sections: readonly BuildSection[];
  /**
   * Made by speculateTemplateEdit: `text` as pieces (what its next edit reads, without reading
   * the whole text), and per section how long a start of it is known to be a verbatim copy of
   * the template at its offset (what the next edit need not compare again). A build has
   * neither: its sections are compared from their start the first time.
   */
  pieces?: PieceText | undefined;
  verified?: readonly number[] | undefined;
  /** What a tag's key must start with to find a value (VariantBuildResult's); absent: any key may. */
  placeholderKeys?: readonly string[] | undefined;
}

/**
 * What may be typed or deleted for the prompt to be known without a build: printable ASCII,
 * spaces, tabs and newlines. The template's pass reads only braces (tagsUnchanged decides about
 * those); cleanup reads whitespace (keptWhitespaceAround: runs it keeps, between characters that
 * are not whitespace), `=` runs, `##` lines and diff markers, which plainInPrompt keeps away from
 * the edit (a separator near, a line without a word).
 */
const TYPED = /^[\x21-\x7e \t\n]*$/;
/** What the last line may be made of after an edit at the template's end: printable ASCII and spaces. */
const PLAIN_LINE = /^[\x21-\x7e ]*$/;
const BRACE = /[{}]/;
const WORD = /[A-Za-z0-9]/;
/** Where cleanup's `##` rule sees a line end too: `^` and `$` match there, lineAround does not split there. */
const OTHER_LINE_END = /[\r\u2028\u2029]/;
const TWO_SPACES = /\s\s/;
/** Cleanup's separator; an edit this near one may change how cleanup treats it (its 50-character rule). */
const SEPARATOR = '====';
const NEAR_SEPARATOR = 64;
/**
 * How far from an edit a diff marker may change what step 7 sees of it: an edit moves a marker
 * into or out of a separator's reach only from between the two, within DIFF_MARKER_REACH and a
 * marker's length of it; looked for further, for the whitespace cleanup adds or takes on the way.
 */
const MARKER_REACH = 2 * DIFF_MARKER_REACH + 32;
/** How far past the edit the copied range is checked against the template. */
const CHECKED_AFTER = NEAR_SEPARATOR;
/** A line longer than this is not searched for its ends: the edit waits for the build. */
const LONGEST_LINE = 4000;

/**
 * The line of `text` around [from, to), or undefined when it is longer than LONGEST_LINE. Its
 * ends are looked for no further than LONGEST_LINE from the range: a line end further off
 * makes the line too long anyway.
 */
function lineAround(text: TextWindow, from: number, to: number): string | undefined {
  // As text.lastIndexOf('\n', from - 1): a line end at or before `last`.
  const last = Math.max(0, from - 1);
  const back = Math.max(0, last - LONGEST_LINE);
  const nlBefore = text.slice(back, last + 1).lastIndexOf('\n');
  const start = nlBefore < 0 ? (back === 0 ? 0 : -1) : back + nlBefore + 1;
  if (start < 0) return undefined;
  const ahead = Math.min(text.length, to + 1 + LONGEST_LINE);
  const nlAfter = text.slice(to, ahead).indexOf('\n');
  const end = nlAfter < 0 ? (ahead === text.length ? text.length : -1) : to + nlAfter;
  if (end < 0) return undefined;
  return end - start > LONGEST_LINE ? undefined : text.slice(start, end);
}

/**
 * How far from an edit the `}` that bound the tags it may change are looked for, when it types
 * or deletes no `}` (and, on its right, when it makes or breaks no `{{`): a tag that reaches
 * further holds a key longer than this, which is taken as unresolved.
 */
const TAG_REACH = 16_384;
const CHUNK = 4096;

/**
 * Where the template's pass starts afresh at or before `before`: just after the last `}`
 * before it, as every tag ends at a `}` and none holds one (what follows a `}` is scanned the
 * same whatever came before it). Else where the search stopped: the text's start, or `limit`
 * back. Read backwards in chunks until the `}`.
 */
function freshStartBefore(text: TextWindow, before: number, limit: number): number {
  const stop = Math.max(0, before - limit);
  for (let end = before; end > stop; end -= CHUNK) {
    const start = Math.max(stop, end - CHUNK);
    const close = text.slice(start, end).lastIndexOf('}');
    if (close >= 0) return start + close + 1;
  }
  return stop;
}

/**
 * Where the tags that may hold `from` have ended: past the first `}` at or after it and the
 * character after that (a tag ends there or no tag holds `from`; what follows is scanned the
 * same whatever came before). With no `}` from `from` to the text's end, or within `limit`, no
 * tag ends after `from` (one ending further off is taken as none): `from` itself.
 */
function tagsEndFrom(text: TextWindow, from: number, limit: number): number {
  const close = indexIn(text, '}', from, Math.min(text.length, from + limit));
  return close < 0 ? from : Math.min(text.length, close + 2);
}

/** Where `needle` first is in [from, to) of `text`, or -1: read in chunks (a long range is not copied whole). */
function indexIn(text: TextWindow, needle: string, from: number, to: number): number {
  for (let start = from; start < to; start += CHUNK) {
    const found = text.slice(start, Math.min(to, start + CHUNK + needle.length - 1)).indexOf(needle);
    if (found >= 0) return start + found;
  }
  return -1;
}

/** A tag the template's pass takes, where it is in the template: from its `{{` to after its `}}`. */
interface FoundTag {
  start: number;
  end: number;
}

/** The tags of [from, to) of `text`, as scanTags finds them in that range (read by chunks, as indexIn). */
function tagsIn(text: TextWindow, from: number, to: number): FoundTag[] {
  const tags: FoundTag[] = [];
  let p = indexIn(text, '{{', from, to);
  let close = -2;
  while (p >= 0) {
    if (close < p + 2) close = indexIn(text, '}', p + 2, to);
    if (close < 0) break;
    if (close > p + 2 && text.slice(close + 1, close + 2) === '}') {
      tags.push({ start: p, end: close + 2 });
      p = indexIn(text, '{{', close + 2, to);
    } else {
      p = indexIn(text, '{{', p + 1, to);
    }
  }
  return tags;
}

/**
 * Whether a tag's key is certain to find no value: its first part is none of the keys the
 * build's placeholders hold (`keys`), nor a key every object has. Unknown keys: not certain.
 */
function surelyUnresolved(text: TextWindow, tag: FoundTag, keys: readonly string[] | undefined): boolean {
  if (!keys) return false;
  const head = text
    .slice(tag.start + 2, tag.end - 2)
    .trim()
    .split('.', 1)[0]!;
  return !keys.includes(head) && !(head in Object.prototype);
}

/**
 * Whether the template's pass takes the edited template as it took `before`, with the edit in
 * literal text: the tags it finds are the same (moved by the edit), but for tags whose keys
 * find no value (`keys`), whose text it leaves as it is. The tags an edit may change lie
 * between the last `}` before it and the first `}` after it (and the one after that): outside,
 * the pass goes on the same on both sides (freshStartBefore, tagsEndFrom). So the tags found
 * there are compared: a tag on one side only, or holding the edit, is one the edit made, broke
 * or changed the key of, and must be unresolved on both sides (a `{{` typed that swallows a tag
 * further on is refused; keys typed into an unresolved one are known). A `}` typed or deleted,
 * or a `{{` made or broken, may change tags however far off: those are read to the `}`s,
 * however far; other edits only TAG_REACH either way. The `}` just before the edit is not one
 * the pass starts afresh after: the edit may make or break a `}}` with it. `around`: the
 * characters beside the edit (the same before and after it) and what it removed, as plainEdit read them.
 */
function tagsUnchanged(
  before: TextWindow,
  after: TextWindow,
  edit: MinimalEdit,
  around: { left: string; removed: string; right: string },
  keys: readonly string[] | undefined,
): boolean {
  const { left, removed, right } = around;
  const closes = removed.includes('}') || edit.text.includes('}');
  const opens = (left + removed + right).includes('{{') || (left + edit.text + right).includes('{{');
  const from = freshStartBefore(before, Math.max(0, edit.start - 1), closes ? Infinity : TAG_REACH);
  const endNew = edit.start + edit.text.length;
  const reach = closes || opens ? Infinity : TAG_REACH;
  const was = tagsIn(before, from, tagsEndFrom(before, edit.endOld, reach));
  const now = tagsIn(after, from, tagsEndFrom(after, endNew, reach));
  if (was.length === 0 && now.length === 0) return true;
  // A tag of the edited template as a tag of `before`: moved back by the edit, when it is not in it.
  const delta = edit.text.length - removed.length;
  const back = (at: number): number | undefined => (at <= edit.start ? at : at >= endNew ? at - delta : undefined);
  // The same tag: at the same place, and not holding the edit (so the same text).
  const same = (a: FoundTag, b: FoundTag): boolean =>
    back(b.start) === a.start && back(b.end) === a.end && (a.end <= edit.start || a.start >= edit.endOld);
  return (
    was.every((a) => now.some((b) => same(a, b)) || surelyUnresolved(before, a, keys)) &&
    now.every((b) => was.some((a) => same(a, b)) || surelyUnresolved(after, b, keys))
  );
}

/**
 * Whether the region of the template ends in a run with a newline just before a `{`, and the
 * edit, which ends at `editEnd`, reaches past the run's first newline: a slot's text may go on
 * with the run there, and cleanup collapse the two together (three newlines or more) from the
 * first newline to the last, which the prompt's run, collapsed already, would not show. What is
 * before the first newline cleanup keeps; a run that ends at a literal character of the range
 * is the template's own, as cleanup sees it.
 */
function newlinesBeforeTag(template: TextWindow, region: WhitespaceRegion, editEnd: number): boolean {
  const run = /\s*$/.exec(region.text)![0];
  const firstNewline = run.indexOf('\n');
  if (firstNewline < 0 || template.slice(region.end, region.end + 1) !== '{') return false;
  return editEnd > region.end - run.length + firstNewline;
}

/**
 * Whether an edit makes or takes whitespace: types or deletes some, joins two runs of it (what
 * was between them deleted) or splits one (typed inside it), or leaves whitespace at the
 * template's end: after it, whitespace is on its left and on its right or nothing is. An edit
 * beside a run that leaves the run as it was does not (a letter typed at a line's end).
 */
function changesWhitespace(removed: string, inserted: string, left: string, right: string): boolean {
  return /\s/.test(removed + inserted) || (/\s/.test(left) && (right === '' || /\s/.test(right)));
}

/**
 * Whether the edit of the template `before` into `after` types or deletes only characters no
 * build step reads, and whether it makes or takes whitespace (changesWhitespace). `after` is
 * read around the edit only (a window of `before` with the edit: the edited template itself is
 * a rope that a read would copy whole). `rangeStart`: where the range of the template the edit
 * is in starts (literal text up to the edit). `keys`: the build's placeholderKeys (tagsUnchanged).
 */
function plainEdit(
  before: TextWindow,
  after: TextWindow,
  edit: MinimalEdit,
  rangeStart: number,
  keys: readonly string[] | undefined,
): { whitespace: boolean } | undefined {
  const removed = before.slice(edit.start, edit.endOld);
  const inserted = edit.text;
  const end = edit.start + inserted.length;
  const left = edit.start > 0 ? after.slice(edit.start - 1, edit.start) : undefined;
  const right = after.slice(end, end + 1);
  if (left === undefined) return undefined;
  if (!TYPED.test(removed) || !TYPED.test(inserted)) return undefined;
  const whitespace = changesWhitespace(removed, inserted, left, right);
  if (whitespace) {
    // The whitespace around the edit, with what it removed and with what it put there: runs cleanup keeps, between
    // characters of the range that are not whitespace (no edge of the prompt, no blank lines collapsed).
    const regionBefore = keptWhitespaceAround(before, edit.start, edit.endOld, rangeStart);
    const regionAfter = keptWhitespaceAround(after, edit.start, end, rangeStart);
    if (!regionBefore || !regionAfter) return undefined;
    if (newlinesBeforeTag(before, regionBefore, edit.endOld) || newlinesBeforeTag(after, regionAfter, end)) return undefined;
  }
  if (!tagsUnchanged(before, after, edit, { left, removed, right }, keys)) return undefined;
  return { whitespace };
}

/**
 * Whether cleanup treats [from, to) of the prompt `text` as plain words: its lines hold a
 * word (blank lines and `##` lines are cleanup's) and no other line end than a newline (where
 * a `##` line may start or end too), and no separator is near enough for cleanup's rules about
 * separators to see it, or (`besideSeparator`) its lines hold none (a `=` typed may make one
 * there) and no diff marker is near.
 *
 * Those rules read a separator's own line, whether the lines beside it are empty, whitespace
 * between separators, and whether a diff marker is within DIFF_MARKER_REACH of one. An edit of
 * lines of words (a word on each before and after; whitespace between them in runs cleanup
 * keeps, whose lines keptInPrompt checks the same way) leaves lines of words, and a separator's
 * line and the lines beside it as they were: each rule decides as before, and its edits are the
 * same, moved by the edit. A diff marker it could make, break, or move into or out of a
 * separator's reach would be within MARKER_REACH of it, before or after it. The template's
 * tail (atTemplateTail) keeps away from separators: its new last line is the prompt's end.
 */
function plainInPrompt(text: TextWindow, from: number, to: number, besideSeparator = false): boolean {
  const line = lineAround(text, from, to);
  if (line === undefined || !WORD.test(line) || OTHER_LINE_END.test(line)) return false;
  if (!text.slice(Math.max(0, from - NEAR_SEPARATOR), to + NEAR_SEPARATOR).includes(SEPARATOR)) return true;
  return besideSeparator && !line.includes(SEPARATOR) && !DIFF_MARKER.test(text.slice(Math.max(0, from - MARKER_REACH), to + MARKER_REACH));
}

/**
 * Whether cleanup leaves the whitespace around [from, to) of the prompt `text` as it is
 * (keptWhitespaceAround, not before `floor`: the start of the range the edit is in), and, when
 * the edit is on more than one line, those lines are plain words: the lines at both ends and
 * every line between that is not blank hold a word.
 */
function keptInPrompt(text: TextWindow, from: number, to: number, floor: number): boolean {
  const region = keptWhitespaceAround(text, from, to, floor);
  if (!region) return false;
  if (!region.multiline) return true;
  if (!plainInPrompt(text, region.start, region.start, true) || !plainInPrompt(text, region.end, region.end, true)) return false;
  // The lines between are the edit's own, which plainInPrompt has kept from separators.
  return region.text
    .split('\n')
    .slice(1, -1)
    .every((line) => !/\S/.test(line) || WORD.test(line));
}

/** A prompt known without a build (speculateTemplateEdit), and where it changed. */
export interface SpeculatedText extends BuiltText {
  pieces: PieceText;
  verified: readonly number[];
  /** The edit of the last build's text that makes `text`. */
  promptEdit: MinimalEdit;
  /** The index in `sections` of the template range the edit is in. */
  section: number;
}

/**
 * The prompt after an edit of a variant's base template, without building it, when that is
 * certain from the last build: the edit lies inside one range of the prompt copied from the
 * template (checked against the template it was built from), it only types or deletes
 * characters no build step reads there (plainEdit: printable ASCII; braces and keys that leave
 * the tags as they are, but for tags whose keys find no value; whitespace in runs cleanup
 * keeps), and the lines it is on stay lines of words away from any separator. Then the prompt
 * is the same copy with the same edit, and the ranges after it shift. Anything else is
 * undefined: the build decides.
 *
 * `built` is a build of `before`; `edit` turns `before` into the edited template (which is
 * not needed: what is read of it is read from `before` and the edit). `before` may be given
 * as pieces (an editor's long template is a rope, which a read of any part of copies whole).
 */
export function speculateTemplateEdit(
  built: BuiltText,
  variantId: string,
  before: string | PieceText,
  edit: MinimalEdit,
): SpeculatedText | undefined {
  // The last text and the template are read as their pieces (around the edit), never whole.
  const pieces = built.pieces ?? PieceText.of(built.text);
  const template = typeof before === 'string' ? PieceText.of(before) : before;
  const tail = atTemplateTail(built, pieces, variantId, template, edit);
  if (tail) return tail;
  // Strictly inside the range; or at its end when that is the end of the template and of the prompt.
  const atEnd = (s: BuildSection): boolean => edit.endOld === template.length && s.end === pieces.length;
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
  // What an earlier edit compared is not compared again.
  const known = Math.min(built.verified?.[containing] ?? 0, checked);
  const copied = pieces.slice(section.start + known, section.start + checked);
  if (copied !== template.slice(section.offset + known, section.offset + checked)) return undefined;
  const plain = plainEdit(template, template.edit(edit.start, edit.endOld, edit.text), edit, section.offset, built.placeholderKeys);
  if (!plain) return undefined;
  const removedLength = edit.endOld - edit.start;
  const delta = edit.text.length - removedLength;
  const edited = pieces.edit(at, at + removedLength, edit.text);
  // A separator may be near, on another line (plainInPrompt, besideSeparator).
  if (!plainInPrompt(pieces, at, at + removedLength, true) || !plainInPrompt(edited, at, at + edit.text.length, true)) return undefined;
  // In the prompt too the whitespace the edit touches is kept by cleanup (the range may end inside a run, where a
  // placeholder's text goes on), and an edit across lines has words on each line (a `##` line cleanup drops could be one).
  if (
    plain.whitespace &&
    (!keptInPrompt(pieces, at, at + removedLength, section.start) || !keptInPrompt(edited, at, at + edit.text.length, section.start))
  )
    return undefined;
  const sections = built.sections.map((s, i): BuildSection => {
    if (i < containing) return s;
    if (i === containing) return { ...s, end: s.end + delta };
    const moved = { ...s, start: s.start + delta, end: s.end + delta };
    return s.source.kind === 'template' && s.source.variantId === variantId && s.offset > section.offset
      ? { ...moved, offset: s.offset + delta }
      : moved;
  });
  // The copy now holds the edit as the template does: its start is a copy as far as was
  // compared. Another range of the template keeps what is known of it where the edit is not in it.
  const verified = built.sections.map((s, i): number => {
    const had = built.verified?.[i] ?? 0;
    if (i === containing) return Math.max(had, checked) + delta;
    if (had === 0 || s.source.kind !== 'template' || s.source.variantId !== variantId) return 0;
    if (s.offset > section.offset) return s.offset >= edit.endOld ? had : 0;
    return s.offset + had <= edit.start ? had : 0;
  });
  return {
    text: edited.text,
    sections,
    pieces: edited,
    verified,
    placeholderKeys: built.placeholderKeys,
    promptEdit: { start: at, endOld: at + (edit.endOld - edit.start), text: edit.text },
    section: containing,
  };
}

/** The most whitespace after the prompt's end that the template may hold for an edit in it to be known. */
const LONGEST_TAIL = 64;
/** What may follow the prompt's end after an edit in the template's tail: one or two newlines, then one line of plain words. */
const NEW_LAST_LINE = /^(\n\n?)([^\s].*)$/;
/** Or one space, then plain words: the last line goes on (a word typed after the space that ended it). */
const LAST_LINE_ON = /^ ([^\s].*)$/;

/**
 * An edit in the whitespace at the end of the template, after the last character the prompt
 * copies from it (cleanup trims that whitespace away): the Enter that starts a new line at the
 * end, its Backspace, and the first letters typed on that line.
 * - When the template's end stays whitespace, the prompt is the same: cleanup's first step
 *   cannot reach past the prompt's last character (it is not whitespace), and its trim
 *   removes the rest before any later step looks.
 * - When the end becomes one or two newlines and a line of plain words, the prompt gets them
 *   after its last line, when that line is plain words too (not cleanup's `##` line) and no
 *   separator is near: no cleanup rule reads either line.
 * - When it becomes one space and plain words (the word after a space typed at the end), the
 *   prompt's last line goes on with them, when it is plain words with no brace and no separator
 *   is near: the space, trimmed away before, is now inside the line, where no rule reads it.
 * Anything else is undefined.
 */
function atTemplateTail(
  built: BuiltText,
  pieces: PieceText,
  variantId: string,
  before: PieceText,
  edit: MinimalEdit,
): SpeculatedText | undefined {
  const last = built.sections.findIndex((s) => s.end === pieces.length && s.start < s.end);
  const section = built.sections[last];
  if (!section || section.source.kind !== 'template' || section.source.variantId !== variantId) return undefined;
  const copiedTo = section.offset + (section.end - section.start);
  if (edit.start < copiedTo || before.length - copiedTo > LONGEST_TAIL) return undefined;
  const tail = before.slice(copiedTo);
  if (!/^\s*$/.test(tail)) return undefined;
  const edited = tail.slice(0, edit.start - copiedTo) + edit.text + tail.slice(edit.endOld - copiedTo);
  const blank = /^\s*$/.test(edited);
  const goesOn = blank ? undefined : LAST_LINE_ON.exec(edited)?.[1];
  const line = blank ? '' : (goesOn ?? NEW_LAST_LINE.exec(edited)?.[2]);
  // Not a shape this knows (a letter typed on the last line itself): the range's own rule decides, without the compare below.
  if (
    line === undefined ||
    (!blank && (!PLAIN_LINE.test(line) || BRACE.test(line) || !WORD.test(line) || TWO_SPACES.test(line) || /\s$/.test(line)))
  )
    return undefined;
  // The prompt's end is the template's up to copiedTo: compared beyond what is known of it.
  const length = section.end - section.start;
  const known = Math.min(built.verified?.[last] ?? 0, length);
  if (pieces.slice(section.start + known, section.end) !== before.slice(section.offset + known, copiedTo)) return undefined;
  const verified = built.sections.map((s, i): number => (i === last ? length : (built.verified?.[i] ?? 0)));
  if (blank) {
    return {
      text: built.text,
      sections: built.sections,
      pieces,
      verified,
      placeholderKeys: built.placeholderKeys,
      promptEdit: { start: section.end, endOld: section.end, text: '' },
      section: last,
    };
  }
  if (!plainInPrompt(pieces, section.end, section.end)) return undefined;
  // A last line that goes on holds no brace: it could be a `{{key` the words would go on.
  if (goesOn !== undefined && BRACE.test(lineAround(pieces, section.end, section.end) ?? '{')) return undefined;
  const text = pieces.edit(section.end, section.end, edited);
  if (!plainInPrompt(text, section.end, text.length)) return undefined;
  return {
    text: text.text,
    sections: built.sections.map((s, i) => (i === last ? { ...s, end: s.end + edited.length } : s)),
    pieces: text,
    verified: verified.map((v, i) => (i === last ? v + edited.length : v)),
    placeholderKeys: built.placeholderKeys,
    promptEdit: { start: section.end, endOld: section.end, text: edited },
    section: last,
  };
}

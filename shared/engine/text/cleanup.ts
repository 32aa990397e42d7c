import { applyEdits, type TextEdit } from './edits.js';
import { CARRIAGE_RETURN, EQUALS, NEWLINE, isJsWhitespace, isLineTerminator } from './whitespace.js';

/**
 * The builder's final cleanup (prompt-semantics.md, "Cleanup"), as a list of passes. Each
 * pass reproduces one regular expression of the original builder exactly, but scans in
 * linear time: the original regexes backtrack quadratically on long runs of `=`, long
 * whitespace runs after a separator, and similar hostile input.
 *
 * A pass takes the current text and returns the edits it makes (sorted, non-overlapping),
 * so the builder can carry provenance through the whole cleanup.
 */
export type CleanupPass = (text: string) => TextEdit[];

/** Step 1 and 8: `/\n\s*\n\s*\n/g` -> "\n\n": a whitespace run with three or more line breaks, from its first through its last line break. */
export const collapseBlankLines: CleanupPass = (text) => {
  const edits: TextEdit[] = [];
  for (let first = text.indexOf('\n'); first >= 0;) {
    // Most lines are followed by text: one look decides (indexOf is far faster than a regex here).
    if (!isJsWhitespace(text.charCodeAt(first + 1))) {
      first = text.indexOf('\n', first + 2);
      continue;
    }
    let count = 1;
    let lastNewline = first;
    let q = first + 1;
    for (; q < text.length; q++) {
      const c = text.charCodeAt(q);
      if (c === NEWLINE) {
        count++;
        lastNewline = q;
      } else if (!isJsWhitespace(c)) break;
    }
    if (count >= 3) edits.push({ start: first, end: lastNewline + 1, text: '\n\n' });
    first = text.indexOf('\n', q);
  }
  return edits;
};

/** Step 2 and the end of step 8: String#trim. */
export const trimEnds: CleanupPass = (text) => {
  let a = 0;
  while (a < text.length && isJsWhitespace(text.charCodeAt(a))) a++;
  if (a === text.length) return a === 0 ? [] : [{ start: 0, end: text.length, text: '' }];
  let b = text.length;
  while (b > a && isJsWhitespace(text.charCodeAt(b - 1))) b--;
  const edits: TextEdit[] = [];
  if (a > 0) edits.push({ start: 0, end: a, text: '' });
  if (b < text.length) edits.push({ start: b, end: text.length, text: '' });
  return edits;
};

/** Step 3: `/====+\s*$/` -> "" (first match only, end of text). */
export const dropTrailingSeparator: CleanupPass = (text) => {
  let b = text.length;
  while (b > 0 && isJsWhitespace(text.charCodeAt(b - 1))) b--;
  let a = b;
  while (a > 0 && text.charCodeAt(a - 1) === EQUALS) a--;
  return b - a >= 4 ? [{ start: a, end: text.length, text: '' }] : [];
};

function equalsRunEnd(text: string, from: number): number {
  let r = from;
  while (r < text.length && text.charCodeAt(r) === EQUALS) r++;
  return r;
}

/** End of the whitespace run at `from`, and the position of its last newline (-1 if none). */
function whitespaceRun(text: string, from: number): { end: number; lastNewline: number } {
  let q = from;
  let lastNewline = -1;
  for (; q < text.length; q++) {
    const c = text.charCodeAt(q);
    if (c === NEWLINE) lastNewline = q;
    else if (!isJsWhitespace(c)) break;
  }
  return { end: q, lastNewline };
}

/**
 * What a pass decides at one occurrence of its needle: optionally an edit, and where the
 * search goes on (as a regex's lastIndex would after a match or a failed attempt).
 */
interface ScanStep {
  edit?: TextEdit | undefined;
  next: number;
}

/** Runs a pass that only needs to look where `needle` occurs: indexOf finds the candidates. */
function scanFor(text: string, needle: string, from: number, decide: (at: number) => ScanStep): TextEdit[] {
  const edits: TextEdit[] = [];
  for (let at = text.indexOf(needle, from); at >= 0; at = text.indexOf(needle, from)) {
    const step = decide(at);
    if (step.edit) edits.push(step.edit);
    from = step.next;
  }
  return edits;
}

/**
 * Like scanFor(text, '\n' + needle, from, decide), but searching the rarer `needle` and
 * checking the line break before it: line breaks are everywhere, `====` and `##` are not.
 * `decide` gets the position of the line break.
 */
function scanForAfterLineBreak(text: string, needle: string, from: number, decide: (at: number) => ScanStep): TextEdit[] {
  const edits: TextEdit[] = [];
  for (let k = text.indexOf(needle, from + 1); k >= 0;) {
    if (text.charCodeAt(k - 1) === NEWLINE) {
      const step = decide(k - 1);
      if (step.edit) edits.push(step.edit);
      k = text.indexOf(needle, step.next + 1);
    } else {
      // Inside a run of the needle's character no position follows a line break: skip the run.
      const first = needle.charCodeAt(0);
      let end = k + 1;
      while (text.charCodeAt(end) === first) end++;
      k = text.indexOf(needle, end);
    }
  }
  return edits;
}

/** Step 4: `/\n====+\s*\n+\s*====+\n/g` -> "\n====\n" (an empty section between separators). */
export const collapseEmptySection: CleanupPass = (text) =>
  scanForAfterLineBreak(text, '====', 0, (p) => {
    const gap = whitespaceRun(text, equalsRunEnd(text, p + 1));
    if (gap.lastNewline >= 0) {
      const r2 = equalsRunEnd(text, gap.end);
      if (r2 - gap.end >= 4 && text.charCodeAt(r2) === NEWLINE) return { edit: { start: p, end: r2 + 1, text: '\n====\n' }, next: r2 + 1 };
    }
    return { next: p + 1 };
  });

/** Step 5: `/====\s*\n\s*====\s*\n/g` -> "====\n" (two separators in a row). */
export const collapseDoubleSeparator: CleanupPass = (text) =>
  scanFor(text, '====', 0, (k) => {
    const r = equalsRunEnd(text, k); // only the last four `=` of a run can be followed by whitespace
    const gap = whitespaceRun(text, r);
    if (gap.lastNewline >= 0 && text.startsWith('====', gap.end)) {
      const tail = whitespaceRun(text, gap.end + 4);
      if (tail.lastNewline >= 0) return { edit: { start: r - 4, end: tail.lastNewline + 1, text: '====\n' }, next: tail.lastNewline + 1 };
    }
    return { next: r };
  });

/**
 * The end of a match of `##\s*$[\r\n]*` (multiline) whose `##` starts at `i`, or -1.
 * `\s*` is greedy and `$` needs a line terminator or the end, so the match ends at the
 * last line terminator of the whitespace run (or at the end of the text), then takes \r/\n.
 */
function emptyHeaderEnd(text: string, i: number): number {
  let q = i + 2;
  let lastTerminator = -1;
  for (; q < text.length; q++) {
    const c = text.charCodeAt(q);
    if (!isJsWhitespace(c)) break;
    if (isLineTerminator(c)) lastTerminator = q;
  }
  let end: number;
  if (q === text.length) end = q;
  else if (lastTerminator >= 0) end = lastTerminator;
  else return -1;
  while (end < text.length) {
    const c = text.charCodeAt(end);
    if (c !== NEWLINE && c !== CARRIAGE_RETURN) break;
    end++;
  }
  return end;
}

/** Step 6a: `/^##\s*$[\r\n]*\/gm` -> "" (empty `##` header lines). */
export const dropEmptyHeadersAtLineStart: CleanupPass = (text) =>
  scanFor(text, '##', 0, (i) => {
    const end = i === 0 || isLineTerminator(text.charCodeAt(i - 1)) ? emptyHeaderEnd(text, i) : -1;
    return end >= 0 ? { edit: { start: i, end, text: '' }, next: end } : { next: i + 1 };
  });

/** Step 6b: `/\n##\s*$[\r\n]*\/gm` -> "" (the same, with the line break before it). */
export const dropEmptyHeadersMidText: CleanupPass = (text) =>
  scanForAfterLineBreak(text, '##', 0, (p) => {
    const end = emptyHeaderEnd(text, p + 1);
    return end >= 0 ? { edit: { start: p, end, text: '' }, next: end } : { next: p + 1 };
  });

/** How far before or after a separator a diff marker keeps step 7 from spacing it. */
export const DIFF_MARKER_REACH = 50;
/** What step 7 takes for a diff near a separator. */
export const DIFF_MARKER = /SEARCH|REPLACE|\+\+\+\+\+\+\+|-------/;

/** True when the 50 characters before or after `offset` hold a diff marker. */
function nearDiffMarker(text: string, offset: number): boolean {
  const window = text.slice(Math.max(0, offset - DIFF_MARKER_REACH), Math.min(text.length, offset + DIFF_MARKER_REACH));
  return DIFF_MARKER.test(window);
}

/** Step 7a: `/====+\n(?!\n)([^\n])/g` -> blank line after a separator, unless near a diff. */
export const spaceAfterSeparator: CleanupPass = (text) =>
  scanFor(text, '====', 0, (k) => {
    const r = equalsRunEnd(text, k);
    if (text.charCodeAt(r) !== NEWLINE || r + 1 >= text.length || text.charCodeAt(r + 1) === NEWLINE) return { next: r };
    return { edit: nearDiffMarker(text, k) ? undefined : { start: r, end: r, text: '\n' }, next: r + 2 };
  });

/** Step 7b: `/([^\n])\n(?!\n)====+/g` -> blank line before a separator, unless near a diff. */
export const spaceBeforeSeparator: CleanupPass = (text) =>
  // The match starts one character before the line break, so candidates start at 1.
  scanForAfterLineBreak(text, '====', 1, (j) => {
    if (text.charCodeAt(j - 1) === NEWLINE) return { next: j + 1 };
    return { edit: nearDiffMarker(text, j - 1) ? undefined : { start: j, end: j, text: '\n' }, next: equalsRunEnd(text, j + 1) + 1 };
  });

/** The passes in the builder's order. An empty text stays empty (the original returns early). */
export const CLEANUP_PASSES: readonly CleanupPass[] = [
  collapseBlankLines,
  trimEnds,
  dropTrailingSeparator,
  collapseEmptySection,
  collapseDoubleSeparator,
  dropEmptyHeadersAtLineStart,
  dropEmptyHeadersMidText,
  spaceAfterSeparator,
  spaceBeforeSeparator,
  collapseBlankLines,
  trimEnds,
];

/**
 * Runs the cleanup, calling `onEdits` with each pass's input and edits so a caller can
 * carry its own data (provenance) along. Step 8 repeats steps 1 and 2, which leave nothing
 * for themselves to do: when steps 3-7 changed nothing, step 8 is skipped.
 */
export function runCleanup(text: string, onEdits?: (input: string, edits: readonly TextEdit[]) => void): string {
  if (!text) return '';
  let changedSinceStep2 = false;
  for (let i = 0; i < CLEANUP_PASSES.length; i++) {
    if (i >= 9 && !changedSinceStep2) break;
    const edits = CLEANUP_PASSES[i]!(text);
    if (edits.length === 0) continue;
    if (i >= 2) changedSinceStep2 = true;
    onEdits?.(text, edits);
    text = applyEdits(text, edits);
  }
  return text;
}

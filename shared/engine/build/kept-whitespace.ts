import type { TextWindow } from '../text/piece-text.js';

/**
 * Whitespace an edit makes or takes, as cleanup sees it (prompt-semantics.md, "Cleanup"):
 * cleanup treats a tab as a space; its first step collapses a run of whitespace holding three
 * newlines or more, its trim takes the runs at the text's ends, and its other rules read
 * whitespace only beside a `====` separator or on a `##` line. So a run with a character that
 * is not whitespace on each side, made of spaces, tabs and at most two newlines, is left as it
 * is (the lines on its sides are for the caller to check).
 */

/** The most whitespace looked at on either side of an edit, past the edit itself. */
const RUN_WINDOW = 32;

/** A run of whitespace cleanup leaves as it is: spaces, tabs and at most two newlines. */
export function keptRun(run: string): boolean {
  return /^[ \t\n]*$/.test(run) && run.split('\n').length <= 3;
}

/** The whitespace an edit touches: from just after the last character before it that is not whitespace to the first after it. */
export interface WhitespaceRegion {
  start: number;
  end: number;
  /** The text of [start, end): the edit's own text, and the runs of whitespace on its sides. */
  text: string;
  /** Whether a newline is in it: the edit is on more than one line. */
  multiline: boolean;
}

/**
 * The region of `text` from [from, to) out to the first character on each side that is not
 * whitespace (none, when a character that is not whitespace is on each side already), when
 * every run of whitespace in it is one cleanup keeps (keptRun). Looked for RUN_WINDOW
 * characters on either side and not before `floor`: undefined when a run reaches either edge of
 * that window (it may go on, or be at the text's end, which cleanup trims), or one is not kept.
 */
export function keptWhitespaceAround(text: TextWindow, from: number, to: number, floor: number): WhitespaceRegion | undefined {
  const offset = Math.max(floor, from - RUN_WINDOW);
  const window = text.slice(offset, Math.min(text.length, to + RUN_WINDOW));
  let a = from - offset;
  while (a > 0 && /\s/.test(window[a - 1]!)) a--;
  let b = to - offset;
  while (b < window.length && /\s/.test(window[b]!)) b++;
  const region = window.slice(a, b);
  // Nothing before the region is seen (the window's start, or the floor): it may go on there. Its end may be the text's.
  if (a === 0 || (b === window.length && /\s$/.test(region))) return undefined;
  for (const run of region.match(/\s+/g) ?? []) if (!keptRun(run)) return undefined;
  return { start: offset + a, end: offset + b, text: region, multiline: region.includes('\n') };
}

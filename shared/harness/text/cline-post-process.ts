import {
  collapseBlankLines,
  dropEmptyHeadersAtLineStart,
  dropEmptyHeadersMidText,
  dropTrailingSeparator,
  spaceAfterSeparator,
  spaceBeforeSeparator,
  trimEnds,
  type CleanupPass,
} from '../../engine/text/cleanup.js';
import { applyEdits } from '../../engine/text/edits.js';

/**
 * Cline's whole-prompt post-processing as cline-rules.md rule 2 lists it: collapse blank
 * runs, trim and drop a trailing `====`, delete empty `##` lines, space `====` lines (away
 * from diff markers), collapse and trim again. The passes are the builder's own.
 */
const PASSES: readonly CleanupPass[] = [
  collapseBlankLines,
  trimEnds,
  dropTrailingSeparator,
  dropEmptyHeadersAtLineStart,
  dropEmptyHeadersMidText,
  spaceAfterSeparator,
  spaceBeforeSeparator,
  collapseBlankLines,
  trimEnds,
];

export function clinePostProcess(text: string): string {
  for (const pass of PASSES) text = applyEdits(text, pass(text));
  return text;
}

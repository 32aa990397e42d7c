import type { StudioState } from '../store/types';

/** Below this preview width two columns of prompt text are too narrow to read. */
export const NARROW_SIDE_BY_SIDE_PX = 700;

/**
 * Shows the current diff where there is room for it. HOOK for the compare view of issue 10:
 * when renderer/src/compare/ has a full-width compare view, this opens the current target
 * against `s.baselineChoice` there. Until then it opens the Compare tab (the baseline and
 * what else to compare with) under the editor and puts the preview's diff inline, which
 * reads in a narrow pane.
 */
export function openDiffInCompare(s: StudioState): void {
  s.setBottomTab('compare');
  s.setDiffLayout('inline');
}

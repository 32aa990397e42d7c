import type { CompareColumnSpec } from '../../../shared/ipc/contract';
import type { StudioState } from '../store/types';
import { focusVariantId } from '../store/focus';

/** Below this preview width two columns of prompt text are too narrow to read. */
export const NARROW_SIDE_BY_SIDE_PX = 700;

/**
 * The preview's diff as compare columns, when the compare view can show it: the variant
 * shown against another variant, or against itself under another preset. Saved text and
 * pinned snapshots are not columns of the compare view (it builds the workspace as edited).
 */
export function diffAsCompareColumns(s: StudioState): CompareColumnSpec[] | null {
  const current = focusVariantId(s);
  const b = s.baselineChoice;
  if (current === null) return null;
  if (b.kind === 'variant')
    return [
      { kind: 'variant', variantId: current },
      { kind: 'variant', variantId: b.variantId },
    ];
  if (b.kind === 'preset')
    return [
      { kind: 'variant', variantId: current },
      { kind: 'variant', variantId: current, preset: b.name },
    ];
  return null;
}

/**
 * Shows the current diff where there is room for it: in the whole-window compare view when
 * the baseline is another variant or preset; otherwise the Compare tab under the editor (the
 * baseline and what else to compare with) and the preview's diff inline, which reads in a
 * narrow pane.
 */
export function openDiffInCompare(s: StudioState): void {
  const columns = diffAsCompareColumns(s);
  if (columns) {
    s.setCompareColumns(columns);
    s.openCompare('columns');
    s.toggleCompareMaximized(true);
    return;
  }
  s.setBottomTab('compare');
  s.setDiffLayout('inline');
}

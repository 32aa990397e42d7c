import type { VariantBuildResult } from '../../../shared/engine/build/build-result';
import type { StudioState } from './types';
import { stackResultOf, type PreviewTab } from './preview-slice';

/** Whether the shown result has native tool definitions (the Tools JSON tab). */
export function hasNativeTools(s: StudioState): boolean {
  return s.preview?.outcome.ok === true && (s.preview.outcome.result as VariantBuildResult).tools?.native !== undefined;
}

/** The preview tab on screen: the one chosen, or the prompt when the chosen one has nothing to show. */
export function shownPreviewTab(s: StudioState, hasRun = true): PreviewTab {
  const tab = s.previewTab;
  if (tab === 'outline') return 'prompt';
  if (tab === 'tools' && !hasNativeTools(s)) return 'prompt';
  if (tab === 'instructions' && !stackResultOf(s.preview)) return 'prompt';
  if (tab === 'run' && !hasRun) return 'prompt';
  return tab;
}

/**
 * Whether the whole preview pane is out of sight: the compare view takes the whole window.
 * The host then builds no preview (preview:shown, store/preview-shown.ts), except for the
 * compare view's cache tab, which follows the build the preview shows.
 */
export function previewPaneCovered(s: StudioState): boolean {
  return s.compareActive && s.compareLayout === 'window' && s.compareTab !== 'cache';
}

/**
 * Whether the prompt (or the diff in its place) is out of sight: another preview tab is
 * shown, or the compare view takes the whole window. Its editors then take no new results;
 * they catch up when it shows again.
 */
export function promptCovered(s: StudioState): boolean {
  return shownPreviewTab(s) !== 'prompt' || (s.compareLayout === 'window' && s.compareActive);
}

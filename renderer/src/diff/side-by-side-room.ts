import type { StoreApi } from 'zustand/vanilla';
import type { StudioState } from '../store/types';
import { layoutStore } from '../ui/layout-store';

/** Below this preview width two columns of prompt text are too narrow to read. */
export const NARROW_SIDE_BY_SIDE_PX = 700;
/** The preview's width for a side-by-side diff: two columns of about 45 characters and the gutter. */
export const SIDE_BY_SIDE_PX = 760;
/** What the editor area keeps when the preview widens for it. */
export const EDITOR_AREA_MIN_PX = 320;
/** The two splitters beside the editor area. */
const SPLITTERS_PX = 10;

/**
 * The preview's width while its diff is side by side: as the user made it when that is wide
 * enough, else SIDE_BY_SIDE_PX, or as much of it as leaves the editor area its minimum.
 */
export function sideBySideWidth(windowWidth: number, explorer: number, preview: number): number {
  if (preview >= SIDE_BY_SIDE_PX) return preview;
  const room = windowWidth - explorer - SPLITTERS_PX - EDITOR_AREA_MIN_PX;
  return Math.max(preview, Math.min(SIDE_BY_SIDE_PX, room));
}

/**
 * Makes room for a side-by-side diff: the preview widens when the diff goes side by side
 * (at 1440 px, from 560 to 760 px) and gives the width back when it goes inline or off,
 * unless the user resized the preview meanwhile. Where the window has no room for it, the
 * diff's controls offer the compare view instead (DiffControls). Returns the function that stops.
 */
export function makeRoomForSideBySide(store: StoreApi<StudioState>, win: Pick<Window, 'innerWidth'> = window): () => void {
  let widened: { from: number; to: number } | null = null;
  return store.subscribe((s, prev) => {
    const side = s.diffOn && s.diffLayout === 'side';
    if (side === (prev.diffOn && prev.diffLayout === 'side')) return;
    const layout = layoutStore.getState();
    if (side) {
      const to = sideBySideWidth(win.innerWidth, layout.explorer, layout.preview);
      if (to > layout.preview) {
        widened = { from: layout.preview, to };
        layout.set('preview', to);
      }
    } else if (widened) {
      if (layout.preview === widened.to) layout.set('preview', widened.from);
      widened = null;
    }
  });
}

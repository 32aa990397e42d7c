import type { SliceCreator } from '../types';

export type CompareTab = 'columns' | 'routing' | 'matrix' | 'cache';

/**
 * Where the compare view sits when shown: beside the editor (both in the editor area), over
 * the editor (the editor area is the compare view's alone), or over the whole window.
 */
export type CompareLayout = 'beside' | 'alone' | 'window';
export const COMPARE_LAYOUTS: readonly CompareLayout[] = ['beside', 'alone', 'window'];

/** With this many columns or more the view opens over the whole window, unless the user chose a layout. */
export const WHOLE_WINDOW_FROM_COLUMNS = 3;

/** Where the compare view is: a tab of the editor area, shown or not, and its layout. */
export interface CompareViewSlice {
  /** The compare tab is in the editor area's tab strip. */
  compareOpen: boolean;
  /** The compare tab is the one shown. */
  compareActive: boolean;
  /** The layout it is shown in now. */
  compareLayout: CompareLayout;
  /** The layout the user chose in this workspace (remembered with the session); null: none yet. */
  compareLayoutChoice: CompareLayout | null;
  compareTab: CompareTab;
  /**
   * Shows the compare view in the layout the user chose, else over the whole window when it
   * has three columns or more and beside the editor when fewer; `layout` asks for one this
   * time only (the diff's "open it in the compare view" wants room) and is not remembered.
   */
  openCompare(tab?: CompareTab, opts?: { layout?: CompareLayout }): void;
  closeCompare(): void;
  /** Another document was shown: the compare tab steps back. */
  hideCompare(): void;
  setCompareTab(tab: CompareTab): void;
  /** The user's choice of layout: applied now and remembered for this workspace. */
  chooseCompareLayout(layout: CompareLayout): void;
  /** The "Whole window" button: over the whole window, or back to the editor area as it was. */
  toggleCompareWindow(): void;
}

export const createCompareViewSlice: SliceCreator<CompareViewSlice> = (set, get) => {
  /** The layout in the editor area last shown, where "Restore" goes back to. */
  let inEditorArea: CompareLayout = 'beside';
  const show = (layout: CompareLayout): CompareLayout => {
    if (layout !== 'window') inEditorArea = layout;
    return layout;
  };
  return {
    compareOpen: false,
    compareActive: false,
    compareLayout: 'beside',
    compareLayoutChoice: null,
    compareTab: 'columns',
    openCompare(tab, opts) {
      const columns = get().ensureCompareColumns().length;
      const layout = opts?.layout ?? get().compareLayoutChoice ?? (columns >= WHOLE_WINDOW_FROM_COLUMNS ? 'window' : 'beside');
      set({ compareOpen: true, compareActive: true, compareLayout: show(layout), ...(tab ? { compareTab: tab } : {}) });
    },
    closeCompare() {
      set({ compareOpen: false, compareActive: false });
    },
    hideCompare() {
      if (get().compareActive) set({ compareActive: false });
    },
    setCompareTab(tab) {
      set({ compareTab: tab });
    },
    chooseCompareLayout(layout) {
      set({ compareLayout: show(layout), compareLayoutChoice: layout });
    },
    toggleCompareWindow() {
      get().chooseCompareLayout(get().compareLayout === 'window' ? inEditorArea : 'window');
    },
  };
};

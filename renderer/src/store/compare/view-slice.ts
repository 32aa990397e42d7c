import type { SliceCreator } from '../types';

export type CompareTab = 'columns' | 'routing' | 'matrix' | 'cache';

/** Where the compare view is: a tab of the editor area, shown or not, beside the editor or over the whole window. */
export interface CompareViewSlice {
  /** The compare tab is in the editor area's tab strip. */
  compareOpen: boolean;
  /** The compare tab is the one shown. */
  compareActive: boolean;
  /** The editor stays visible beside the compare view (to edit and watch the columns). */
  compareSplit: boolean;
  /** The compare view takes the whole window. */
  compareMaximized: boolean;
  compareTab: CompareTab;
  openCompare(tab?: CompareTab): void;
  closeCompare(): void;
  /** Another document was shown: the compare tab steps back. */
  hideCompare(): void;
  setCompareTab(tab: CompareTab): void;
  toggleCompareMaximized(on?: boolean): void;
  toggleCompareSplit(on?: boolean): void;
}

export const createCompareViewSlice: SliceCreator<CompareViewSlice> = (set, get) => ({
  compareOpen: false,
  compareActive: false,
  compareSplit: true,
  compareMaximized: false,
  compareTab: 'columns',
  openCompare(tab) {
    set({ compareOpen: true, compareActive: true, ...(tab ? { compareTab: tab } : {}) });
  },
  closeCompare() {
    set({ compareOpen: false, compareActive: false, compareMaximized: false });
  },
  hideCompare() {
    if (get().compareActive) set({ compareActive: false, compareMaximized: false });
  },
  setCompareTab(tab) {
    set({ compareTab: tab });
  },
  toggleCompareMaximized(on) {
    set((s) => ({ compareMaximized: on ?? !s.compareMaximized }));
  },
  toggleCompareSplit(on) {
    set((s) => ({ compareSplit: on ?? !s.compareSplit }));
  },
});

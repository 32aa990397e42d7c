import { createStore } from 'zustand/vanilla';
import { persist, createJSONStorage } from 'zustand/middleware';
import { useStore } from 'zustand';

/** Pane sizes, remembered across sessions (localStorage of the app's origin). */
export interface LayoutState {
  explorer: number;
  preview: number;
  bottom: number;
  set(part: 'explorer' | 'preview' | 'bottom', size: number): void;
}

export const LIMITS = { explorer: [140, 520], preview: [260, 1400], bottom: [90, 900] } as const;

export function clampSize(part: keyof typeof LIMITS, size: number): number {
  const [lo, hi] = LIMITS[part];
  return Math.round(Math.min(hi, Math.max(lo, size)));
}

export const layoutStore = createStore<LayoutState>()(
  persist(
    (set) => ({
      explorer: 230,
      preview: 560,
      bottom: 280,
      set: (part, size) => set({ [part]: clampSize(part, size) } as Partial<LayoutState>),
    }),
    {
      name: 'variant-studio.layout',
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ explorer: s.explorer, preview: s.preview, bottom: s.bottom }),
    },
  ),
);

export function useLayout<T>(selector: (s: LayoutState) => T): T {
  return useStore(layoutStore, selector);
}

import type { SliceCreator } from './types';

export type PaletteMode = 'commands' | 'presets' | 'documents' | 'recent';

export interface PaletteSlice {
  palette: PaletteMode | null;
  openPalette(mode?: PaletteMode): void;
  closePalette(): void;
}

export const createPaletteSlice: SliceCreator<PaletteSlice> = (set) => ({
  palette: null,
  openPalette(mode = 'commands') {
    set({ palette: mode });
  },
  closePalette() {
    set({ palette: null });
  },
});

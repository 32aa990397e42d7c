import type { StateCreator } from 'zustand';
import type { WorkspaceSlice } from './workspace-slice';
import type { DocsSlice } from './docs-slice';
import type { PreviewSlice } from './preview-slice';
import type { DiffSlice } from './diff-slice';
import type { ContextSlice } from './context-slice';
import type { UiSlice } from './ui-slice';
import type { ComponentsSlice } from './components-slice';
import type { PlaceholdersSlice } from './placeholders-slice';
import type { PaletteSlice } from './palette-slice';
import type { CompareSlice } from './compare/compare-slice';
import type { BundlesSlice } from './bundles-slice';
import type { ProblemsSlice } from './problems-slice';
import type { FocusSlice } from './focus-slice';

export type StudioState = WorkspaceSlice &
  FocusSlice &
  DocsSlice &
  PreviewSlice &
  DiffSlice &
  ContextSlice &
  UiSlice &
  ComponentsSlice &
  PlaceholdersSlice &
  PaletteSlice &
  CompareSlice &
  BundlesSlice &
  ProblemsSlice;

export type SliceCreator<T> = StateCreator<StudioState, [], [], T>;

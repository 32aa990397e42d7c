import type { StateCreator } from 'zustand';
import type { WorkspaceSlice } from '../explorer/workspace-slice';
import type { DocsSlice } from '../editor/docs-slice';
import type { PreviewSlice } from '../preview/preview-slice';
import type { DiffSlice } from '../diff/diff-slice';
import type { ContextSlice } from '../context-form/context-slice';
import type { UiSlice } from '../app/ui-slice';
import type { ComponentsSlice } from '../components-list/components-slice';
import type { PlaceholdersSlice } from '../placeholders/placeholders-slice';
import type { PaletteSlice } from '../palette/palette-slice';
import type { CompareSlice } from '../compare/compare-slice';
import type { BundlesSlice } from '../bundles/bundles-slice';
import type { ProblemsSlice } from '../problems/problems-slice';

export type StudioState = WorkspaceSlice &
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

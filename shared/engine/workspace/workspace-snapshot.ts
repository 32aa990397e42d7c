import type { ContextPreset } from '../../domain/preset.js';
import type { ModelFamilyLimits } from '../models/model-limits.js';
import type { StackContext } from '../../stack/context.js';
import type { StackProfile } from '../../stack/profile.js';
import type { HarnessProfile } from '../../harness/profile/schema.js';
import type { FileProblem } from '../../domain/problems.js';
import type { Variant } from '../../domain/variant.js';
import type { ComponentRegistry } from '../components/component-registry.js';
import type { ToolCatalog } from '../tools/tool-catalog.js';
import type { WorkspaceConfig } from './workspace-config.js';
import type { PositionIndex } from './yaml-file.js';

/** Everything the engine knows about a loaded workspace. */
export interface WorkspaceSnapshot {
  config: WorkspaceConfig;
  /** models.yaml: context window and max output per model family, over the built-in table (model-limits.ts). */
  modelLimits: ModelFamilyLimits[];
  /** Variants that loaded, in selection order. */
  variants: Variant[];
  /** Built-in components plus the workspace's template components (and any registered in code). */
  components: ComponentRegistry;
  /** Ids of the workspace's own template components (components/<ID>.md). */
  workspaceComponents: string[];
  tools: ToolCatalog;
  /** Tool id -> workspace-relative file. */
  toolFiles: ReadonlyMap<string, string>;
  presets: ContextPreset[];
  /** OpenCode-style stack profiles (profiles/<id>/profile.yaml). */
  profiles: StackProfile[];
  /** Harness profiles (harnesses/<id>/harness.yaml): what each coding agent loads from instruction files. */
  harnesses: HarnessProfile[];
  /** Context presets of kind `stack`, for the profiles. */
  stackPresets: StackPreset[];
  /** Positions of YAML nodes by file, for lint findings and editor markers. */
  positions: ReadonlyMap<string, PositionIndex>;
  problems: FileProblem[];
}

export interface StackPreset {
  name: string;
  description: string;
  context: StackContext;
  file: string;
}

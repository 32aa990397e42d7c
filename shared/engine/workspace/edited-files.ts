import type { WorkspaceFileSource } from '../../domain/file-source.js';
import { withEditedTemplates } from './edited-templates.js';
import { PRESET_FOLDER, withReloadedPresets } from './load-presets.js';
import type { WorkspaceSnapshot } from './workspace-snapshot.js';
import type { YamlParseCache } from './yaml-file.js';

/**
 * The snapshot after edits of base templates and preset files only, without loading the whole
 * workspace again: the templates' variants with their new texts (edited-templates.ts) and the
 * presets loaded again through `cache` (load-presets.ts), every other part the same objects.
 * Undefined when any other file changed: a full load (loadWorkspace with the same cache) is needed.
 */
export function withEditedFiles(
  snapshot: WorkspaceSnapshot,
  changedPaths: readonly string[],
  source: WorkspaceFileSource,
  cache: YamlParseCache | undefined,
): WorkspaceSnapshot | undefined {
  const isPreset = (rel: string): boolean => rel.startsWith(`${PRESET_FOLDER}/`);
  const templated = withEditedTemplates(
    snapshot,
    changedPaths.filter((rel) => !isPreset(rel)),
    source,
  );
  if (!templated || !changedPaths.some(isPreset)) return templated;
  return withReloadedPresets(templated, source, cache);
}

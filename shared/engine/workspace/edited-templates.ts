import type { WorkspaceFileSource } from '../../domain/file-source.js';
import type { Variant, VariantFiles } from '../../domain/variant.js';
import type { WorkspaceSnapshot } from './workspace-snapshot.js';

/**
 * The snapshot after edits of variants' base templates and nothing else: `snapshot` with those
 * variants' template texts replaced, everything else the same objects. loadWorkspace reads a
 * base template only as that variant's text (no problem, position or other part comes from
 * it), so this is what a full load would give; undefined when any changed path is anything
 * else (or a template that is also read as an override, or that went away): a full load is
 * needed then.
 */
export function withEditedTemplates(
  snapshot: WorkspaceSnapshot,
  changedPaths: readonly string[],
  source: WorkspaceFileSource,
): WorkspaceSnapshot | undefined {
  if (changedPaths.length === 0) return snapshot;
  const byTemplate = new Map<string, { variant: Variant; files: VariantFiles }>();
  for (const variant of snapshot.variants) if (variant.files) byTemplate.set(variant.files.template, { variant, files: variant.files });
  const replaced = new Map<Variant, Variant>();
  for (const rel of changedPaths) {
    const found = byTemplate.get(rel);
    if (!found || rel === found.files.config || rel.startsWith(`${found.files.folder}/overrides/`)) return undefined;
    const variant = found.variant;
    const text = source.read(rel);
    if (text === undefined) return undefined;
    replaced.set(variant, { ...variant, baseTemplate: text });
  }
  return { ...snapshot, variants: snapshot.variants.map((v) => replaced.get(v) ?? v) };
}

import { parse as parseYaml } from 'yaml';
import type { WorkspaceFileSource } from '../domain/file-source.js';
import type { Variant } from '../domain/variant.js';
import type { WorkspaceSnapshot } from '../engine/workspace/workspace-snapshot.js';
import { isValidItemId } from './bundle-layout.js';

/**
 * What an export writes: the chosen variants and stack profiles with everything they need
 * to build on their own — their folders, the workspace components in their component order,
 * the tool files they enable or override, the harness profile a stack profile names, and the
 * context presets (with the presets those extend). A complete export also carries workspace.yaml (selection order and fallback).
 */

export interface BundleSelection {
  /** Variant ids; undefined means every variant (or none, when only profiles are named). */
  variants?: readonly string[] | undefined;
  /** Stack profile ids; undefined means every profile (or none, when only variants are named). */
  profiles?: readonly string[] | undefined;
  /** Context presets; undefined means every preset of the kinds the chosen items use. */
  presets?: readonly string[] | undefined;
}

export interface ClosureInput {
  source: WorkspaceFileSource;
  snapshot: WorkspaceSnapshot;
  /** Ids of the stack profiles that load (the profile folders present and valid). */
  profileIds: readonly string[];
}

export interface BundleClosure {
  /** Workspace-relative path -> text, sorted by path. */
  files: Map<string, string>;
  variants: Variant[];
  profiles: string[];
  /** The chosen presets (both kinds), sorted. */
  presets: string[];
  /** The chosen presets of kind `variant`, for rendering. */
  variantPresets: string[];
}

/** A selection that cannot be exported (an unknown id, a variant that does not load). */
export class ExportSelectionError extends Error {}

/** Every file below a folder of a file source, depth first, sorted. */
export function listFilesBelow(source: WorkspaceFileSource, folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, depth: number): void => {
    if (depth > 16) return;
    for (const name of source.list(dir)) {
      if (name.endsWith('/')) walk(`${dir}/${name.slice(0, -1)}`, depth + 1);
      else out.push(`${dir}/${name}`);
    }
  };
  walk(folder.replace(/\/+$/, ''), 0);
  return out.sort();
}

function chooseIds(
  kind: string,
  wanted: readonly string[] | undefined,
  otherNamed: boolean,
  available: readonly string[],
  whyMissing: (id: string) => string | undefined,
): string[] {
  if (wanted === undefined) return otherNamed ? [] : [...available];
  for (const id of wanted) {
    if (!available.includes(id)) {
      const why = whyMissing(id);
      throw new ExportSelectionError(why ?? `no ${kind} '${id}' in this workspace (${kind}s: ${available.join(', ') || 'none'})`);
    }
  }
  // In the workspace's order, however they were picked: the same choice gives the same bundle.
  return available.filter((id) => wanted.includes(id));
}

/**
 * The id a workspace YAML file names in a top-level field (a preset's `extends`, a stack
 * profile's `harness`): only a plain id names another file (the loader refuses anything else).
 */
function idField(source: WorkspaceFileSource, file: string, key: string): string | undefined {
  const text = source.read(file);
  if (text === undefined) return undefined;
  try {
    const value = (parseYaml(text) as Record<string, unknown> | null)?.[key];
    return typeof value === 'string' && isValidItemId(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function bundleClosure(input: ClosureInput, selection: BundleSelection): BundleClosure {
  const { source, snapshot } = input;
  const loadedVariants = snapshot.variants.map((v) => v.id);
  const problemOf = (file: string): string | undefined => {
    const p = snapshot.problems.find((x) => x.severity === 'error' && x.file.startsWith(file));
    return p ? `${p.file}${p.line ? `:${p.line}` : ''}: ${p.message}` : undefined;
  };
  const variantIds = chooseIds('variant', selection.variants, selection.profiles !== undefined, loadedVariants, (id) => {
    const problem = problemOf(`variants/${id}/`);
    return problem ? `variant '${id}' does not load, so it cannot be exported: ${problem}` : undefined;
  });
  const profileIds = chooseIds('stack profile', selection.profiles, selection.variants !== undefined, input.profileIds, (id) =>
    source.read(`profiles/${id}/profile.yaml`) !== undefined ? `stack profile '${id}' does not load, so it cannot be exported` : undefined,
  );
  if (variantIds.length === 0 && profileIds.length === 0)
    throw new ExportSelectionError('nothing to export: choose a variant or a stack profile');

  const variants = variantIds.map((id) => snapshot.variants.find((v) => v.id === id)!);
  const files = new Map<string, string>();
  const add = (path: string): void => {
    const text = source.read(path);
    if (text !== undefined) files.set(path, text);
  };

  for (const variant of variants) {
    for (const path of listFilesBelow(source, `variants/${variant.id}`)) add(path);
    for (const id of variant.componentOrder) if (snapshot.workspaceComponents.includes(id)) add(`components/${id}.md`);
    for (const id of [...variant.tools, ...Object.keys(variant.toolOverrides)]) {
      const file = snapshot.toolFiles.get(id);
      if (file) add(file);
    }
  }
  for (const id of profileIds) {
    for (const path of listFilesBelow(source, `profiles/${id}`)) add(path);
    const harness = idField(source, `profiles/${id}/profile.yaml`, 'harness');
    if (harness !== undefined) for (const path of listFilesBelow(source, `harnesses/${harness}`)) add(path);
  }

  // Nothing named: the whole workspace, every harness profile included (the every-harness view's).
  if (selection.variants === undefined && selection.profiles === undefined)
    for (const path of listFilesBelow(source, 'harnesses')) if (path.split('/').length >= 3) add(path);

  const variantPresetNames = snapshot.presets.map((p) => p.name);
  const stackPresetNames = snapshot.stackPresets.map((p) => p.name);
  const allPresets = [...variantPresetNames, ...stackPresetNames];
  let chosen: string[];
  if (selection.presets === undefined) {
    chosen = [...(variantIds.length ? variantPresetNames : []), ...(profileIds.length ? stackPresetNames : [])];
  } else {
    chosen = chooseIds('preset', selection.presets, false, allPresets, (name) => {
      const problem = problemOf(`contexts/${name}.yaml`);
      return problem ? `preset '${name}' does not load, so it cannot be exported: ${problem}` : undefined;
    });
  }
  const withBases = new Set<string>();
  for (const name of chosen) {
    let current: string | undefined = name;
    while (current !== undefined && !withBases.has(current)) {
      withBases.add(current);
      current = idField(source, `contexts/${current}.yaml`, 'extends');
    }
  }
  for (const name of withBases) add(`contexts/${name}.yaml`);

  const everyVariant = loadedVariants.length > 0 && loadedVariants.every((id) => variantIds.includes(id));
  if (everyVariant) {
    add('workspace.yaml');
    add('models.yaml');
  }

  const sorted = new Map([...files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return {
    files: sorted,
    variants,
    profiles: profileIds,
    presets: [...chosen].sort(),
    variantPresets: chosen.filter((p) => variantPresetNames.includes(p)).sort(),
  };
}

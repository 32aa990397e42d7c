/**
 * Where things sit in a bundle. Workspace files keep their workspace paths (so an unpacked
 * bundle is itself a workspace folder); rendered prompts go under rendered/ and are never
 * written into a workspace. Each workspace file belongs to one item — a variant, stack
 * profile, harness profile, tool, component, context preset or the workspace settings — and the user
 * decides per item what an import does.
 */

export const RENDERED_DIR = 'rendered';

export type BundleItemKind = 'variant' | 'profile' | 'harness' | 'tool' | 'component' | 'preset' | 'workspace-config';

export interface BundleItemRef {
  kind: BundleItemKind;
  /** The id (variant, profile, tool, component), the preset name, or 'workspace.yaml'. */
  id: string;
}

/** Ids of items: letters, digits, _ . - (as the workspace loader requires). */
export const ITEM_ID = /^[A-Za-z0-9_.-]+$/;

export function isValidItemId(id: string): boolean {
  return ITEM_ID.test(id) && id !== '.' && id !== '..';
}

/** `variant:generic`, `workspace-config`: one key per item. */
export function itemKey(item: BundleItemRef): string {
  return item.kind === 'workspace-config' ? 'workspace-config' : `${item.kind}:${item.id}`;
}

/** Every kind but the workspace settings can be imported under a new id. */
export function canRename(kind: BundleItemKind): boolean {
  return kind !== 'workspace-config';
}

/** The item a workspace-relative path belongs to, or undefined for a path that is no workspace file. */
export function itemOfPath(path: string): BundleItemRef | undefined {
  // The workspace settings: workspace.yaml and the model limits table (models.yaml).
  if (path === 'workspace.yaml' || path === 'models.yaml') return { kind: 'workspace-config', id: 'workspace.yaml' };
  const parts = path.split('/');
  const [top, id] = parts;
  if (id === undefined) return undefined;
  if (top === 'variants' && parts.length >= 3 && isValidItemId(id)) return { kind: 'variant', id };
  if (top === 'profiles' && parts.length >= 3 && isValidItemId(id)) return { kind: 'profile', id };
  if (top === 'harnesses' && parts.length >= 3 && isValidItemId(id)) return { kind: 'harness', id };
  if (parts.length !== 2) return undefined;
  const stem = (ext: string): string | undefined =>
    id.endsWith(ext) && isValidItemId(id.slice(0, -ext.length)) ? id.slice(0, -ext.length) : undefined;
  if (top === 'tools') {
    const tool = stem('.yaml');
    return tool === undefined ? undefined : { kind: 'tool', id: tool };
  }
  if (top === 'components') {
    const component = stem('.md');
    return component === undefined ? undefined : { kind: 'component', id: component };
  }
  if (top === 'contexts') {
    const preset = stem('.yaml');
    return preset === undefined ? undefined : { kind: 'preset', id: preset };
  }
  return undefined;
}

/** The path prefix (folder) or the files an item occupies in a workspace. */
export function itemLocation(item: BundleItemRef): { folder: string } | { file: string; also?: string[] } {
  switch (item.kind) {
    case 'variant':
      return { folder: `variants/${item.id}/` };
    case 'profile':
      return { folder: `profiles/${item.id}/` };
    case 'harness':
      return { folder: `harnesses/${item.id}/` };
    case 'tool':
      return { file: `tools/${item.id}.yaml` };
    case 'component':
      return { file: `components/${item.id}.md` };
    case 'preset':
      return { file: `contexts/${item.id}.yaml` };
    case 'workspace-config':
      return { file: 'workspace.yaml', also: ['models.yaml'] };
  }
}

/** Whether a workspace-relative path belongs to an item. */
export function pathBelongsTo(path: string, item: BundleItemRef): boolean {
  const at = itemLocation(item);
  return 'folder' in at ? path.startsWith(at.folder) : path === at.file || (at.also?.includes(path) ?? false);
}

/** rendered/<variant>/<preset>.md and .json */
export function renderedPaths(variantId: string, preset: string): { markdown: string; json: string } {
  return { markdown: `${RENDERED_DIR}/${variantId}/${preset}.md`, json: `${RENDERED_DIR}/${variantId}/${preset}.json` };
}

export function isRenderedPath(path: string): boolean {
  return path.startsWith(`${RENDERED_DIR}/`);
}

export const ITEM_KIND_LABEL: Record<BundleItemKind, string> = {
  variant: 'variant',
  profile: 'stack profile',
  harness: 'harness profile',
  tool: 'tool',
  component: 'component',
  preset: 'context preset',
  'workspace-config': 'workspace settings',
};

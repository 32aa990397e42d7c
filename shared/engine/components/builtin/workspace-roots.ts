import type { WorkspaceRoot } from '../../../domain/context.js';

/** A workspace root as SYSTEM_INFO shows it. */
export interface RootItem {
  /** The root's name, else the last segment of its path. */
  label: string;
  path: string;
  /** "git", "no version control", or "" when unknown. */
  vcs: string;
  /** True for the root that is the current working directory. */
  primary: boolean;
}

const rootCache = new WeakMap<readonly WorkspaceRoot[], { cwd: string; items: RootItem[] }>();

function baseName(path: string): string {
  let end = path.length;
  while (end > 1 && (path[end - 1] === '/' || path[end - 1] === '\\')) end--;
  const slash = Math.max(path.lastIndexOf('/', end - 1), path.lastIndexOf('\\', end - 1));
  return path.slice(slash + 1, end) || path;
}

export function rootItems(roots: readonly WorkspaceRoot[], cwd: string): RootItem[] {
  const cached = rootCache.get(roots);
  if (cached && cached.cwd === cwd) return cached.items;
  const items = roots.map((r) => ({
    label: r.name || baseName(r.path),
    path: r.path,
    vcs: r.vcs === 'git' ? 'git' : r.vcs === 'none' ? 'no version control' : '',
    primary: r.path === cwd,
  }));
  rootCache.set(roots, { cwd, items });
  return items;
}

import { decodeBase64, encodeUtf8 } from './bytes.js';
import type { VirtualEntry, VirtualTree } from './context.js';
import {
  InstructionFsError,
  type InstructionFs,
  type InstructionFsLinkStat,
  type InstructionFsStat,
  type InstructionReadOptions,
} from './instruction-fs.js';
import { formatPath, isAbsolutePath, isNormalPosix, joinPath, splitPath } from './path.js';

/**
 * An InstructionFs over the virtual file tree a context carries. It behaves like a POSIX disk
 * as far as discovery can tell: folders implied by paths, symlinks (absolute or relative
 * targets, followed with a hop limit so loops fail with ELOOP), unreadable files (EACCES on
 * read), and ENOTDIR/EISDIR where a real disk would give them.
 */

interface DirNode {
  kind: 'dir';
  children: Map<string, Node>;
}
type Node = DirNode | { kind: 'file'; bytes: Uint8Array; unreadable: boolean } | { kind: 'symlink'; target: string };

/** Linux gives up after 40 links in one lookup. */
const MAX_SYMLINK_HOPS = 40;

export interface VirtualInstructionFs extends InstructionFs {
  /** Entries of the tree that could not be placed (e.g. a path below a file). */
  readonly problems: readonly string[];
}

function toNode(entry: VirtualEntry): Node {
  if (typeof entry === 'string') return { kind: 'file', bytes: encodeUtf8(entry), unreadable: false };
  switch (entry.type) {
    case 'dir':
      return { kind: 'dir', children: new Map() };
    case 'symlink':
      return { kind: 'symlink', target: entry.target };
    case 'file': {
      const bytes = entry.base64 !== undefined ? decodeBase64(entry.base64) : encodeUtf8(entry.content ?? '');
      return { kind: 'file', bytes: bytes ?? new Uint8Array(), unreadable: entry.unreadable === true };
    }
  }
}

export function virtualInstructionFs(tree: VirtualTree): VirtualInstructionFs {
  const roots = new Map<string, DirNode>();
  const problems: string[] = [];

  // Shorter paths first, so a folder given explicitly is in place before what lies below it.
  const parsed = Object.keys(tree).map((path) => ({ path, ...splitPath(path) }));
  parsed.sort((a, b) => a.segments.length - b.segments.length);
  for (const { path, root, segments } of parsed) {
    const entry = tree[path];
    if (entry === undefined) continue;
    let dir: DirNode = roots.get(root) ?? { kind: 'dir', children: new Map() };
    roots.set(root, dir);
    if (segments.length === 0) {
      if (typeof entry === 'string' || entry.type !== 'dir') problems.push(`${path}: the root can only be a folder`);
      continue;
    }
    let ok = true;
    for (const seg of segments.slice(0, -1)) {
      const child: Node | undefined = dir.children.get(seg);
      if (child === undefined) {
        const created: DirNode = { kind: 'dir', children: new Map() };
        dir.children.set(seg, created);
        dir = created;
      } else if (child.kind === 'dir') {
        dir = child;
      } else {
        problems.push(`${path}: a parent folder is given as a ${child.kind}`);
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    const name = segments[segments.length - 1] as string;
    const existing = dir.children.get(name);
    if (existing !== undefined && existing.kind === 'dir' && !(typeof entry !== 'string' && entry.type === 'dir')) {
      problems.push(`${path}: given as a ${typeof entry === 'string' ? 'file' : entry.type} but other entries lie below it`);
      continue;
    }
    if (existing === undefined || existing.kind !== 'dir') dir.children.set(name, toNode(entry));
  }

  interface Resolved {
    node: Node;
    root: string;
    /** The physical path (every symlink on the way resolved). */
    physical: string;
  }

  const fail = (code: string, what: string, path: string): never => {
    throw new InstructionFsError(code, `${code}: ${what}, '${path}'`);
  };

  /** Folders already resolved (the tree never changes): a deep path costs one step past its parent. */
  const folders = new Map<string, Resolved | null>();

  /** Resolves a path; the last symlink is followed only when followLast. */
  function resolve(path: string, followLast: boolean, hops: { n: number }): Resolved | undefined {
    if (path !== '/' && roots.has('/') && isNormalPosix(path)) return resolveNormal(path, followLast, hops);
    return resolveWalk(path, followLast, hops);
  }

  /** A normal POSIX path other than `/`: its parent folder (cached), then one step. */
  function resolveNormal(path: string, followLast: boolean, hops: { n: number }): Resolved | undefined {
    {
      const cut = path.lastIndexOf('/');
      const parentPath = cut === 0 ? '/' : path.slice(0, cut);
      let parent = folders.get(parentPath);
      if (parent === undefined) {
        parent =
          parentPath === '/'
            ? { node: roots.get('/') as DirNode, root: '/', physical: '/' }
            : (resolveNormal(parentPath, true, hops) ?? null);
        folders.set(parentPath, parent);
      }
      if (parent === null) return undefined;
      if (parent.node.kind !== 'dir') fail('ENOTDIR', 'not a directory', path);
      const name = path.slice(cut + 1);
      const child = (parent.node as DirNode).children.get(name);
      if (child === undefined) return undefined;
      if (child.kind === 'symlink' && followLast) {
        hops.n += 1;
        if (hops.n > MAX_SYMLINK_HOPS) fail('ELOOP', 'too many levels of symbolic links', path);
        return resolve(joinPath(parent.physical, child.target), true, hops);
      }
      return { node: child, root: parent.root, physical: parent.physical === '/' ? `/${name}` : `${parent.physical}/${name}` };
    }
  }

  /** Resolves a path segment by segment (any form: Windows drives, `.` and `..`, repeated separators). */
  function resolveWalk(path: string, followLast: boolean, hops: { n: number }): Resolved | undefined {
    if (!isAbsolutePath(path)) fail('EINVAL', 'not an absolute path', path);
    const { root, segments } = splitPath(path);
    const rootDir = roots.get(root);
    if (!rootDir) return segments.length === 0 ? { node: { kind: 'dir', children: new Map() }, root, physical: root } : undefined;
    let node: Node = rootDir;
    let at: string[] = [];
    for (let i = 0; i < segments.length; i++) {
      const seg = segments[i] as string;
      if (node.kind !== 'dir') fail('ENOTDIR', 'not a directory', path);
      const child: Node | undefined = (node as DirNode).children.get(seg);
      if (child === undefined) return undefined;
      const last = i === segments.length - 1;
      if (child.kind === 'symlink' && (!last || followLast)) {
        hops.n += 1;
        if (hops.n > MAX_SYMLINK_HOPS) fail('ELOOP', 'too many levels of symbolic links', path);
        // `at` is already physical, so a relative target can be joined lexically.
        const target = resolve(joinPath(formatPath(root, at), child.target), true, hops);
        if (target === undefined) return undefined;
        node = target.node;
        at = splitPath(target.physical).segments;
        if (target.root !== root) {
          // Cross-root link (Windows drives): continue from the other root.
          return last ? target : resolve(formatPath(target.root, [...at, ...segments.slice(i + 1)]), followLast, hops);
        }
        continue;
      }
      node = child;
      at.push(seg);
    }
    return { node, root, physical: formatPath(root, at) };
  }

  const resolveExisting = (path: string): Resolved => {
    const found = resolve(path, true, { n: 0 });
    if (found === undefined) return fail('ENOENT', 'no such file or directory', path);
    return found;
  };

  return {
    problems,
    async stat(path: string): Promise<InstructionFsStat | undefined> {
      let found: Resolved | undefined;
      try {
        found = resolve(path, true, { n: 0 });
      } catch (error) {
        if (error instanceof InstructionFsError && error.code === 'ENOTDIR') return undefined;
        throw error;
      }
      if (found === undefined) return undefined;
      const { node } = found;
      const id = found.physical;
      if (node.kind === 'file') return { kind: 'file', size: node.bytes.length, id };
      if (node.kind === 'dir') return { kind: 'directory', size: 0, id };
      return { kind: 'other', size: 0, id };
    },
    async lstat(path: string): Promise<InstructionFsLinkStat | undefined> {
      let found: Resolved | undefined;
      try {
        found = resolve(path, false, { n: 0 });
      } catch (error) {
        if (error instanceof InstructionFsError && error.code === 'ENOTDIR') return undefined;
        throw error;
      }
      if (found === undefined) return undefined;
      const { node } = found;
      if (node.kind === 'file') return { kind: 'file', size: node.bytes.length };
      if (node.kind === 'dir') return { kind: 'directory', size: 0 };
      return { kind: 'symlink', size: node.target.length };
    },
    async readFile(path: string, options?: InstructionReadOptions): Promise<Uint8Array> {
      const { node } = resolveExisting(path);
      if (node.kind === 'dir') return fail('EISDIR', 'illegal operation on a directory', path);
      if (node.kind !== 'file') return fail('EINVAL', 'not a regular file', path);
      if (node.unreadable) return fail('EACCES', 'permission denied', path);
      return node.bytes.slice(0, options?.maxBytes ?? node.bytes.length);
    },
    async readdir(path: string): Promise<string[]> {
      const { node } = resolveExisting(path);
      if (node.kind !== 'dir') return fail('ENOTDIR', 'not a directory', path);
      return [...node.children.keys()].sort();
    },
    async realpath(path: string): Promise<string> {
      return resolveExisting(path).physical;
    },
  };
}

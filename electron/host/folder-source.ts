import { readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { WorkspaceFileSource } from '../../shared/domain/file-source.js';

/**
 * A workspace folder on disk as the engine's WorkspaceFileSource. Reads are confined to
 * the folder: a path with `..`, an absolute path, a NUL byte, or a symlink that resolves
 * outside the folder reads as "not there".
 */
export function folderFileSource(root: string): WorkspaceFileSource {
  const realRoot = realpathSync(root);
  const inside = (relative: string): string | undefined => {
    if (relative.includes('\0') || relative.includes('\\') || path.isAbsolute(relative)) return undefined;
    if (relative.split('/').some((p) => p === '..')) return undefined;
    const full = path.join(realRoot, relative);
    let real: string;
    try {
      real = realpathSync(full);
    } catch {
      return undefined;
    }
    return real === realRoot || real.startsWith(realRoot + path.sep) ? real : undefined;
  };
  return {
    read(relative) {
      const file = inside(relative);
      if (!file) return undefined;
      try {
        if (!statSync(file).isFile()) return undefined;
        return readFileSync(file, 'utf8');
      } catch {
        return undefined;
      }
    },
    list(folder) {
      const dir = folder === '' ? realRoot : inside(folder.replace(/\/$/, ''));
      if (!dir) return [];
      try {
        return readdirSync(dir, { withFileTypes: true })
          .map((d) => {
            if (d.isDirectory()) return `${d.name}/`;
            if (d.isFile()) return d.name;
            if (d.isSymbolicLink()) {
              const rel = folder === '' ? d.name : `${folder.replace(/\/$/, '')}/${d.name}`;
              const target = inside(rel);
              if (!target) return undefined;
              return statSync(target).isDirectory() ? `${d.name}/` : d.name;
            }
            return undefined;
          })
          .filter((n): n is string => n !== undefined)
          .sort();
      } catch {
        return [];
      }
    },
  };
}

import { readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { WorkspaceFileSource } from '../../shared/domain/file-source.js';

/**
 * A workspace folder on disk as the engine's WorkspaceFileSource. Reads are confined to
 * the folder: a path with `..`, an absolute path, a NUL byte, or a symlink that resolves
 * outside the folder reads as "not there". What is there but cannot be read (permission
 * denied, a folder where a file is expected, a link out of the folder, a symlink loop) is
 * remembered with its reason, which `whyUnread` gives, so a loader can say more than "not found".
 */

/** Node's error code, or undefined for something that is not an error of the filesystem. */
function codeOf(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

const WORDS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ELOOP: 'too many levels of symbolic links (a symlink loop)',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a parent is not a folder',
};

function reasonOf(error: unknown): string | undefined {
  const code = codeOf(error);
  if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
  if (code !== undefined) return `${code}: ${WORDS[code] ?? (error instanceof Error ? error.message : code)}`;
  return error instanceof Error ? error.message : String(error);
}

export function folderFileSource(root: string): WorkspaceFileSource {
  const realRoot = realpathSync(root);
  const unread = new Map<string, string>();
  const note = (relative: string, why: string | undefined): undefined => {
    if (why === undefined) unread.delete(relative);
    else unread.set(relative, why);
    return undefined;
  };
  /** The real path of a workspace-relative path inside the folder, or undefined (with the reason noted). */
  const inside = (relative: string): string | undefined => {
    if (relative.includes('\0') || relative.includes('\\') || path.isAbsolute(relative))
      return note(relative, 'not a workspace-relative path');
    if (relative.split('/').some((p) => p === '..')) return note(relative, 'the path leaves the workspace folder');
    const full = path.join(realRoot, relative);
    let real: string;
    try {
      real = realpathSync(full);
    } catch (error) {
      return note(relative, reasonOf(error));
    }
    if (real === realRoot || real.startsWith(realRoot + path.sep)) return real;
    return note(relative, `it leads to ${real}, outside the workspace folder`);
  };
  return {
    read(relative) {
      const file = inside(relative);
      if (!file) return undefined;
      try {
        if (!statSync(file).isFile()) return note(relative, 'not a regular file (a folder or a device)');
        const text = readFileSync(file, 'utf8');
        note(relative, undefined);
        return text;
      } catch (error) {
        return note(relative, reasonOf(error));
      }
    },
    list(folder) {
      const key = folder.replace(/\/$/, '');
      const dir = folder === '' ? realRoot : inside(key);
      if (!dir) return [];
      try {
        const names = readdirSync(dir, { withFileTypes: true })
          .map((d) => {
            if (d.isDirectory()) return `${d.name}/`;
            if (d.isFile()) return d.name;
            if (d.isSymbolicLink()) {
              const rel = key === '' ? d.name : `${key}/${d.name}`;
              const target = inside(rel);
              if (!target) return undefined;
              return statSync(target).isDirectory() ? `${d.name}/` : d.name;
            }
            return undefined;
          })
          .filter((n): n is string => n !== undefined)
          .sort();
        note(key, undefined);
        return names;
      } catch (error) {
        note(key, reasonOf(error));
        return [];
      }
    },
    whyUnread(relative) {
      return unread.get(relative.replace(/\/$/, ''));
    },
  };
}

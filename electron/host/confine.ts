import fs from 'node:fs';
import path from 'node:path';
import { HostError } from '../../shared/ipc/host-error.js';

/**
 * Keeps every file the host touches inside the open workspace. The renderer names documents
 * by DocRef; the host turns a ref into a workspace-relative path and then into an absolute
 * one here, refusing (PATH_OUTSIDE_WORKSPACE) NUL bytes, absolute or drive paths,
 * backslashes, `.`/`..`/empty segments, and anything whose real path (symlinks resolved,
 * checked on the deepest part that exists) lies outside the workspace's real root.
 *
 * The check runs right before each read or write; a symlink swapped in between the check
 * and the write is outside what this can prevent (the workspace belongs to the user).
 */

function outside(relative: string, why: string): HostError {
  const shown = relative.replace(/\0/g, '\\0').slice(0, 200);
  return new HostError('PATH_OUTSIDE_WORKSPACE', `'${shown}' ${why}`);
}

/** Checks the shape of a workspace-relative path (no filesystem access); returns its segments. */
export function checkRelativePath(relative: string): string[] {
  if (typeof relative !== 'string' || relative.length === 0) throw outside(String(relative), 'is not a path');
  if (relative.includes('\0')) throw outside(relative, 'contains a NUL byte');
  if (relative.includes('\\')) throw outside(relative, 'contains a backslash');
  if (relative.startsWith('/') || path.isAbsolute(relative) || /^[A-Za-z]:/.test(relative)) throw outside(relative, 'is absolute');
  const segments = relative.split('/');
  for (const segment of segments) {
    if (segment === '..') throw outside(relative, 'leaves the workspace (..)');
    if (segment === '' || segment === '.') throw outside(relative, 'has an empty or . segment');
  }
  return segments;
}

/** Whether `candidate` is `root` or below it (plain path arithmetic: resolve symlinks first). */
export function isInside(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * The absolute path of a workspace-relative path, after checking it stays inside `realRoot`
 * (which must itself be a real path, as fs.realpathSync returns it).
 */
export function resolveInside(realRoot: string, relative: string): string {
  const segments = checkRelativePath(relative);
  const absolute = path.join(realRoot, ...segments);
  if (!isInside(realRoot, absolute)) throw outside(relative, 'leaves the workspace');
  // Walk up to the deepest existing entry and check where it really is.
  let probe = absolute;
  for (;;) {
    let stat: fs.Stats | undefined;
    try {
      stat = fs.lstatSync(probe);
    } catch {
      stat = undefined;
    }
    if (stat) {
      let real: string;
      try {
        real = fs.realpathSync(probe);
      } catch {
        // A dangling or looping symlink: writing through it could land anywhere.
        throw outside(relative, 'goes through a broken symlink');
      }
      if (!isInside(realRoot, real)) throw outside(relative, 'resolves outside the workspace (symlink)');
      return absolute;
    }
    const parent = path.dirname(probe);
    if (parent === probe || !isInside(realRoot, parent)) return absolute;
    probe = parent;
  }
}

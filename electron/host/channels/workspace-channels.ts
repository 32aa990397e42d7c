import fs from 'node:fs';
import path from 'node:path';
import type { WorkspaceView } from '../../../shared/ipc/contract.js';
import type { ChannelHandlers } from '../../../shared/ipc/dispatch.js';
import { HostError } from '../../../shared/ipc/host-error.js';
import { writeFileAtomicAsync } from '../atomic-save.js';
import { isInside } from '../confine.js';
import type { HostContext } from '../host-context.js';
import { isDirectory } from '../is-directory.js';
import { machineInfo } from '../machine.js';
import { markOwnCopy } from '../own-copy.js';

type WorkspaceChannel =
  'workspace:get' | 'workspace:openBuiltin' | 'workspace:openFolder' | 'workspace:recent' | 'workspace:copyTo' | 'machine:info';

/** Handlers of the workspace group: opening, copying, the recent list, this machine's facts. */
export function workspaceHandlers(host: HostContext): Pick<ChannelHandlers, WorkspaceChannel> {
  return {
    'workspace:get': () => (host.session ? host.session.view() : null),
    'workspace:openBuiltin': () => host.openBuiltin(),
    'workspace:openFolder': async ({ path: folder }) => {
      const chosen = await host.chooseFolder('open', folder, (p) => host.settings.recent().some((r) => r.path === p));
      if (chosen === null) return null;
      if (!path.isAbsolute(chosen)) throw new HostError('INVALID_REQUEST', `a workspace folder must be an absolute path: '${chosen}'`);
      return host.openFolder(chosen);
    },
    'workspace:recent': () => host.settings.recent(),
    'workspace:copyTo': async ({ path: folder }) => {
      host.requireSession();
      const chosen = await host.chooseFolder('copy', folder);
      if (chosen === null) return null;
      return copyWorkspace(host, chosen);
    },
    'machine:info': () => machineInfo(),
  };
}

/** Copies the open workspace, unsaved edits included, into an empty or new folder and opens the copy. */
async function copyWorkspace(host: HostContext, target: string): Promise<WorkspaceView> {
  const session = host.requireSession();
  if (!path.isAbsolute(target)) throw new HostError('INVALID_REQUEST', `the copy's folder must be an absolute path: '${target}'`);
  const resolved = path.resolve(target);
  if (fs.existsSync(resolved)) {
    if (!isDirectory(resolved)) throw new HostError('INVALID_REQUEST', `'${resolved}' exists and is not a folder`);
    if (fs.readdirSync(resolved).length > 0)
      throw new HostError('INVALID_REQUEST', `'${resolved}' is not empty; choose a new or empty folder`);
  }
  const realParent = realpathOfExistingAncestor(resolved);
  // Inside the workspace either as written (a symlinked folder in it leading out) or for real:
  // refused before anything is created.
  if (isInside(session.realRoot, realParent) || isInside(session.root, resolved) || isInside(session.realRoot, resolved)) {
    throw new HostError('INVALID_REQUEST', 'the copy cannot be made inside the workspace it copies');
  }
  // The first folder this copy creates (nothing when the target exists): removed again if the copy fails.
  let created: string | undefined;
  try {
    created = fs.mkdirSync(resolved, { recursive: true });
    fs.cpSync(session.realRoot, resolved, {
      recursive: true,
      verbatimSymlinks: false,
      filter: (source) => {
        const rel = path.relative(session.realRoot, source);
        if (rel === '') return true;
        if (rel.split(path.sep).some((s) => s.startsWith('.') || s === 'node_modules')) return false;
        // Symlinks are not copied: the copy holds only the workspace's own files.
        return !fs.lstatSync(source).isSymbolicLink();
      },
    });
    for (const [rel, text] of session.docs.editedFiles()) await writeFileAtomicAsync(path.join(resolved, ...rel.split('/')), text);
    // A copy of the built-ins is the user's own: its name and description say so.
    if (session.builtin) await markOwnCopy(resolved);
  } catch (error) {
    if (created !== undefined) fs.rmSync(created, { recursive: true, force: true });
    throw new HostError(
      'IO_ERROR',
      `copying the workspace to '${resolved}' failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  // The edits now live in the copy: the old workspace keeps no drafts of them.
  for (const entry of session.docs.dirty()) session.docs.revert(entry.rel);
  return host.openFolder(resolved);
}

function realpathOfExistingAncestor(p: string): string {
  let dir = p;
  for (;;) {
    try {
      return path.join(fs.realpathSync(dir), path.relative(dir, p));
    } catch {
      const parent = path.dirname(dir);
      if (parent === dir) return p;
      dir = parent;
    }
  }
}

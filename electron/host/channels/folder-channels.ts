import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FolderListing } from '../../../shared/ipc/contract.js';
import type { ChannelHandlers } from '../../../shared/ipc/dispatch.js';
import { HostError } from '../../../shared/ipc/host-error.js';
import type { HostContext } from '../host-context.js';

type FolderChannel = 'folders:list';

/** How many sub-folders one listing shows at most. */
export const MAX_LISTED_FOLDERS = 500;

/**
 * Handlers of the folder browser (browser mode). Folder names only: the browser never sees a
 * file's name or content. Where the host has a folder dialog (the desktop) it refuses, so a
 * renderer there cannot look around the disk.
 */
export function folderHandlers(host: HostContext): Pick<ChannelHandlers, FolderChannel> {
  return {
    'folders:list': async ({ path: given }) => {
      if (host.options.pickFolder) throw new HostError('INVALID_REQUEST', 'the desktop app chooses folders with its folder dialog');
      return listFolder(given ?? os.homedir());
    },
  };
}

export async function listFolder(given: string): Promise<FolderListing> {
  if (!path.isAbsolute(given)) throw new HostError('INVALID_REQUEST', `a folder must be an absolute path: '${given}'`);
  const folder = path.resolve(given);
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(folder, { withFileTypes: true });
  } catch {
    throw new HostError('NOT_FOUND', `there is no folder at '${folder}' (or it cannot be read)`);
  }
  const folders: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    let isFolder = entry.isDirectory();
    if (entry.isSymbolicLink())
      isFolder = await fs.promises.stat(path.join(folder, entry.name)).then(
        (s) => s.isDirectory(),
        () => false,
      );
    if (isFolder) folders.push(entry.name);
  }
  folders.sort((a, b) => a.localeCompare(b));
  const parent = path.dirname(folder);
  const names = new Set(entries.map((e) => e.name));
  return {
    path: folder,
    parent: parent === folder ? null : parent,
    separator: path.sep,
    folders: folders.slice(0, MAX_LISTED_FOLDERS),
    truncated: folders.length > MAX_LISTED_FOLDERS,
    empty: entries.length === 0,
    workspace: names.has('workspace.yaml') || names.has('variants'),
  };
}

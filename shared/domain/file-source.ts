/**
 * Read-only view of a workspace folder, as the engine sees it. The host implements it over
 * the real filesystem; tests and the browser use an in-memory map. Paths are
 * workspace-relative with forward slashes.
 */
export interface WorkspaceFileSource {
  /** Text of a file, or undefined when it does not exist or is not a readable file. */
  read(path: string): string | undefined;
  /** Names of the entries directly inside a folder ('' is the root), sorted; folders end with '/'. */
  list(folder: string): string[];
  /**
   * Why the last `read` or `list` of this path gave nothing although something is there
   * (permission denied, not a regular file, a link leading out of the folder, ...); undefined
   * when it is simply missing. Optional: an in-memory source has nothing to explain.
   */
  whyUnread?(path: string): string | undefined;
}

/** "<what> not found", or the real reason a source gives for not reading it. */
export function unreadMessage(source: WorkspaceFileSource, path: string, missing: string): string {
  const why = source.whyUnread?.(path);
  return why === undefined ? missing : `cannot read ${path}: ${why}`;
}

/** An in-memory workspace: path -> text. Folders are implied by the paths. */
export function memoryFileSource(files: Readonly<Record<string, string>>): WorkspaceFileSource {
  return {
    read: (path) => (Object.prototype.hasOwnProperty.call(files, path) ? files[path] : undefined),
    list: (folder) => {
      const prefix = folder === '' || folder.endsWith('/') ? folder : `${folder}/`;
      const names = new Set<string>();
      for (const path of Object.keys(files)) {
        if (!path.startsWith(prefix)) continue;
        const rest = path.slice(prefix.length);
        const slash = rest.indexOf('/');
        names.add(slash < 0 ? rest : rest.slice(0, slash + 1));
      }
      return [...names].filter(Boolean).sort();
    },
  };
}

import type { WorkspaceFileSource } from '../../domain/file-source.js';

/** The files directly inside `folder` whose names end with `ext`, with the name less `ext` as the id. */
export function listedFiles(source: WorkspaceFileSource, folder: string, ext: string): { name: string; id: string }[] {
  return source
    .list(folder)
    .filter((name) => name.endsWith(ext) && !name.endsWith('/') && name.length > ext.length)
    .map((name) => ({ name, id: name.slice(0, -ext.length) }));
}

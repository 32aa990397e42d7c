import type { InstructionFs } from '../../stack/instruction-fs.js';
import { joinPath } from '../../stack/path.js';
import { compareCodePoints } from '../text/order.js';
import { isSymlink, probe, realPathOf } from './read.js';

/**
 * Recursive listing of a rules folder, in one of the orders the agents use. Symlinks are
 * followed (with a loop check on real paths) or skipped; `through` says a symlink was on the
 * way to the file.
 */
export interface ListedFile {
  path: string;
  /** Path relative to the listed folder, `/`-separated. */
  rel: string;
  /** A symlink was followed on the way (the file or a folder). */
  throughLink: boolean;
}

export interface ListOptions {
  /** Enter subfolders. */
  recursive: boolean;
  /** `in-place`: a subfolder's files where the folder sorts; `files-then-folders-reversed`: a folder's own files first, then its subfolders last-first. */
  order: 'in-place' | 'files-then-folders-reversed';
  /** Skip symlinked files and folders. */
  skipSymlinks: boolean;
  /** Names dropped everywhere. */
  ignoredNames?: readonly string[] | undefined;
  /** Subfolder paths (relative, `/`-separated) not entered. */
  excludeFolders?: readonly string[] | undefined;
  /** Which files to keep. */
  accept: (name: string) => boolean;
  /** Entries visited at most (a guard against huge trees). */
  maxEntries?: number | undefined;
}

export interface RulesListing {
  files: ListedFile[];
  /** Set when the listing stopped at `maxEntries`: the files after that point are not in `files`. */
  cut?: string | undefined;
}

/** Lists a folder; throws when a folder on the way cannot be read (callers decide what that means). */
export async function listRulesFolder(fs: InstructionFs, folder: string, options: ListOptions): Promise<RulesListing> {
  const out: ListedFile[] = [];
  const max = options.maxEntries ?? 20000;
  let visited = 0;
  let cut: string | undefined;
  const visit = async (dir: string, rel: string, through: boolean, chain: string[]): Promise<void> => {
    const real = (await realPathOf(fs, dir)) ?? dir;
    if (chain.includes(real)) return;
    const names = [...(await fs.readdir(dir))].sort(compareCodePoints);
    const files: ListedFile[] = [];
    const folders: { path: string; rel: string; link: boolean }[] = [];
    for (const name of names) {
      if (++visited > max) {
        cut ??= `${folder}: the listing stopped after ${max} entries; the rules after that point are not read`;
        return;
      }
      if (options.ignoredNames?.includes(name)) continue;
      const path = joinPath(dir, name);
      const childRel = rel === '' ? name : `${rel}/${name}`;
      const link = await isSymlink(fs, path);
      if (link && options.skipSymlinks) continue;
      const st = await probe(fs, path);
      if (st.kind === 'directory') {
        if (!options.recursive || options.excludeFolders?.includes(childRel)) continue;
        if (options.order === 'in-place') await visit(path, childRel, through || link, [...chain, real]);
        else folders.push({ path, rel: childRel, link });
      } else if (st.kind === 'file' && options.accept(name)) {
        const entry = { path, rel: childRel, throughLink: through || link };
        if (options.order === 'in-place') out.push(entry);
        else files.push(entry);
      }
    }
    if (options.order === 'files-then-folders-reversed') {
      out.push(...files);
      for (const f of folders.reverse()) await visit(f.path, f.rel, through || f.link, [...chain, real]);
    }
  };
  await visit(folder, '', false, []);
  return { files: out, cut };
}

import {
  InstructionFsError,
  fsErrorCode,
  type InstructionFs,
  type InstructionFsLinkStat,
  type InstructionFsStat,
  type InstructionReadOptions,
} from './instruction-fs.js';
import { baseName, isAbsolutePath, isInsideOrEqual, isRootPath, joinPath, normalizePath, parentOf, samePath } from './path.js';

/**
 * An InstructionFs that lets through only what the user granted: paths inside the granted
 * folders (checked on the real path, symlinks resolved, so a link inside a granted folder
 * cannot lead out of it) and a few single files (the standard global locations the user
 * has not switched off). Everything else throws NOT_GRANTED without being read; discovery
 * lists it as a `not-granted` lookup with the reason. Nothing a request or a workspace file
 * says can widen this: the grants come from the host.
 */

export const NOT_GRANTED = 'ENOTGRANTED';

export interface InstructionGrants {
  /** Folders whose contents may be read (real paths). */
  folders: readonly string[];
  /** Single files that may be read (exact absolute paths), e.g. the standard global locations in use. */
  files?: readonly string[] | undefined;
  /** Files refused with a reason of their own, e.g. a global location the user switched off. */
  refused?: ReadonlyMap<string, string> | undefined;
}

export function isNotGranted(error: unknown): boolean {
  return fsErrorCode(error) === NOT_GRANTED;
}

const absent = (error: unknown): boolean => {
  const code = fsErrorCode(error);
  return code === 'ENOENT' || code === 'ENOTDIR';
};

export function confineInstructionFs(inner: InstructionFs, grants: InstructionGrants): InstructionFs {
  const folders = grants.folders.map(normalizePath);
  const files = (grants.files ?? []).map(normalizePath);
  const refused = new Map([...(grants.refused ?? new Map<string, string>())].map(([p, why]) => [normalizePath(p), why]));
  const reals = new Map<string, Promise<string>>();
  const inFolder = (p: string): boolean => folders.some((folder) => isInsideOrEqual(p, folder));

  /**
   * The real path of `p`; for a path that does not exist, its deepest existing parent's real
   * path + the rest. Below a granted folder it is worked out from the parent's (cached) real
   * path, asking the disk for a full resolution only at a symlink: `realpath` itself costs a
   * lookup per level, so calling it on every path of a deep tree would cost the square of the
   * depth each time. A granted folder itself (and anything not below one) is resolved whole.
   */
  const realOf = (p: string): Promise<string> => {
    let known = reals.get(p);
    if (!known) {
      known = (async (): Promise<string> => {
        if (isRootPath(p) || !inner.lstat || !inFolder(p) || folders.some((folder) => samePath(folder, p))) return realAbove(p);
        if ((await inner.lstat(p))?.kind !== 'symlink') return joinPath(await realOf(parentOf(p)), baseName(p));
        return inner.realpath(p).catch(async (error: unknown) => {
          if (!absent(error)) throw error;
          return joinPath(await realOf(parentOf(p)), baseName(p));
        });
      })();
      reals.set(p, known);
    }
    return known;
  };
  const above = new Map<string, Promise<string>>();
  const realAbove = (p: string): Promise<string> => {
    let known = above.get(p);
    if (!known) {
      known = inner.realpath(p).catch(async (error: unknown) => {
        if (!absent(error) || isRootPath(p)) throw error;
        return joinPath(await realAbove(parentOf(p)), baseName(p));
      });
      above.set(p, known);
    }
    return known;
  };

  const check = async (raw: string): Promise<void> => {
    if (!isAbsolutePath(raw)) throw new InstructionFsError(NOT_GRANTED, `${raw} is not an absolute path`);
    const p = normalizePath(raw);
    const why = refused.get(p);
    if (why !== undefined) throw new InstructionFsError(NOT_GRANTED, why);
    if (files.some((file) => samePath(file, p))) return;
    if (!inFolder(p)) throw new InstructionFsError(NOT_GRANTED, `not read: outside the granted folders (${describe(folders)})`);
    const real = await realOf(p);
    if (!inFolder(real)) {
      throw new InstructionFsError(NOT_GRANTED, `not read: it leads to ${real}, outside the granted folders (${describe(folders)})`);
    }
  };

  return {
    async stat(p: string): Promise<InstructionFsStat | undefined> {
      await check(p);
      return inner.stat(p);
    },
    async readFile(p: string, options?: InstructionReadOptions): Promise<Uint8Array> {
      await check(p);
      return inner.readFile(p, options);
    },
    async readdir(p: string): Promise<string[]> {
      await check(p);
      return inner.readdir(p);
    },
    async realpath(p: string): Promise<string> {
      await check(p);
      return inner.realpath(p);
    },
    ...(inner.lstat
      ? {
          async lstat(p: string): Promise<InstructionFsLinkStat | undefined> {
            await check(p);
            return (inner.lstat as NonNullable<InstructionFs['lstat']>)(p);
          },
        }
      : {}),
  };
}

function describe(folders: readonly string[]): string {
  return folders.length === 0 ? 'none granted' : folders.join(', ');
}

/**
 * The filesystem that instruction discovery reads through. One discovery algorithm, two
 * implementations: the real disk (electron/host/stack) and the virtual tree a context carries
 * (virtual-fs.ts). Paths are absolute. Errors are thrown as objects with a Node-style `code`
 * (`EACCES`, `ELOOP`, `EISDIR`, ...), which discovery turns into warnings.
 */

export type InstructionFsEntryKind = 'file' | 'directory' | 'other';

export interface InstructionFsStat {
  kind: InstructionFsEntryKind;
  size: number;
  /**
   * The file's identity when the filesystem knows it (device and inode on disk, the resolved
   * path in a virtual tree): two paths with the same id are the same file.
   */
  id?: string | undefined;
}

/** What a path itself is, a final symlink not followed. */
export interface InstructionFsLinkStat {
  kind: InstructionFsEntryKind | 'symlink';
  size: number;
}

export interface InstructionReadOptions {
  maxBytes?: number | undefined;
}

export interface InstructionFs {
  /**
   * What is at `path`, following symlinks; undefined when nothing is there (ENOENT, ENOTDIR).
   * Other failures (a symlink loop, a folder that cannot be searched) throw.
   */
  stat(path: string): Promise<InstructionFsStat | undefined>;
  /**
   * The bytes of a file (following symlinks); throws when it cannot be read. With `maxBytes`,
   * at most that many (the file's first bytes): the rest is never read, so a huge or growing
   * file costs no more than the cap.
   */
  readFile(path: string, options?: InstructionReadOptions): Promise<Uint8Array>;
  /** Names of the entries directly inside a folder (any order); throws when it cannot be listed. */
  readdir(path: string): Promise<string[]>;
  /** The path with every symlink resolved; throws when it does not exist or loops. */
  realpath(path: string): Promise<string>;
  /**
   * What is at `path` without following a final symlink; undefined when nothing is there.
   * Optional: a filesystem without it cannot tell symlinks apart (they look like their targets).
   */
  lstat?(path: string): Promise<InstructionFsLinkStat | undefined>;
}

/** An error as an InstructionFs throws it. */
export class InstructionFsError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'InstructionFsError';
    this.code = code;
  }
}

/** The `code` of a thrown filesystem error, or 'EUNKNOWN'. */
export function fsErrorCode(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
  }
  return 'EUNKNOWN';
}

/** A short human text for a thrown filesystem error. */
export function fsErrorText(error: unknown): string {
  const code = fsErrorCode(error);
  const explained: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    ELOOP: 'too many levels of symbolic links (a symlink loop)',
    EISDIR: 'it is a directory',
    ENOTDIR: 'a parent is not a directory',
    ENOENT: 'no such file or directory',
  };
  const text = explained[code];
  if (text) return `${code}: ${text}`;
  if (error instanceof Error && error.message) return `${code}: ${error.message}`;
  return code;
}

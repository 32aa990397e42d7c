import { lstat, readdir, readFile, realpath, stat } from 'node:fs/promises';
import type { InstructionFs, InstructionFsLinkStat, InstructionFsStat } from '../../../shared/stack/index.js';

/**
 * The real-disk InstructionFs. Errors keep Node's codes (EACCES, ELOOP, EISDIR, ...), which
 * discovery turns into warnings; ENOENT and ENOTDIR mean "nothing there". A file's identity
 * is its device and inode.
 */
export function createNodeInstructionFs(): InstructionFs {
  const absent = (error: unknown): boolean => {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR';
  };
  return {
    async stat(path: string): Promise<InstructionFsStat | undefined> {
      try {
        const st = await stat(path);
        return { kind: st.isFile() ? 'file' : st.isDirectory() ? 'directory' : 'other', size: st.size, id: `${st.dev}:${st.ino}` };
      } catch (error) {
        if (absent(error)) return undefined;
        throw error;
      }
    },
    async lstat(path: string): Promise<InstructionFsLinkStat | undefined> {
      try {
        const st = await lstat(path);
        return { kind: st.isSymbolicLink() ? 'symlink' : st.isFile() ? 'file' : st.isDirectory() ? 'directory' : 'other', size: st.size };
      } catch (error) {
        if (absent(error)) return undefined;
        throw error;
      }
    },
    async readFile(path: string): Promise<Uint8Array> {
      return readFile(path);
    },
    async readdir(path: string): Promise<string[]> {
      return readdir(path);
    },
    async realpath(path: string): Promise<string> {
      return realpath(path);
    },
  };
}

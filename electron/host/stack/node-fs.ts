import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import type { InstructionFs, InstructionFsStat } from '../../../shared/stack/index.js';

/**
 * The real-disk InstructionFs. Errors keep Node's codes (EACCES, ELOOP, EISDIR, ...), which
 * discovery turns into warnings; ENOENT and ENOTDIR mean "nothing there".
 */
export function createNodeInstructionFs(): InstructionFs {
  return {
    async stat(path: string): Promise<InstructionFsStat | undefined> {
      try {
        const st = await stat(path);
        return { kind: st.isFile() ? 'file' : st.isDirectory() ? 'directory' : 'other', size: st.size };
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
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

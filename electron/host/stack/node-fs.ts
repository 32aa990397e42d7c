import { lstat, open, readdir, readFile, realpath, stat } from 'node:fs/promises';
import type { InstructionFs, InstructionFsLinkStat, InstructionFsStat, InstructionReadOptions } from '../../../shared/stack/index.js';

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
    async readFile(path: string, options?: InstructionReadOptions): Promise<Uint8Array> {
      return options?.maxBytes === undefined ? readFile(path) : readPrefix(path, options.maxBytes);
    },
    async readdir(path: string): Promise<string[]> {
      return readdir(path);
    },
    async realpath(path: string): Promise<string> {
      return realpath(path);
    },
  };
}

/** At most `maxBytes` of a file's first bytes: a huge (or sparse, or growing) file is never read whole. */
async function readPrefix(path: string, maxBytes: number): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    while (total < maxBytes) {
      const chunk = Buffer.alloc(Math.min(65536, maxBytes - total));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, total);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
    }
    return Buffer.concat(chunks);
  } finally {
    await handle.close();
  }
}

import fs from 'node:fs';

/** Whether `p` is an existing folder (symlinks followed); false for anything that cannot be examined. */
export function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The text files of a folder tree as a case's `files` (absolute path -> UTF-8 text), bounded:
 * at most `maxFiles` files of at most 1 MB each, 8 MB in all; folders named in `skip`
 * (.git, node_modules) are left out, so are files that are not valid UTF-8 text.
 */
export async function folderTexts(
  root: string,
  { maxFiles = 500, skip = ['.git', 'node_modules'] }: { maxFiles?: number; skip?: string[] } = {},
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  let total = 0;
  const queue = [root];
  while (queue.length > 0 && Object.keys(out).length < maxFiles) {
    const dir = queue.shift() as string;
    let names: string[];
    try {
      names = (await readdir(dir)).sort();
    } catch {
      continue;
    }
    for (const name of names) {
      const p = path.join(dir, name);
      const st = await lstat(p).catch(() => undefined);
      if (!st) continue;
      if (st.isDirectory()) {
        if (!skip.includes(name)) queue.push(p);
        continue;
      }
      if (!st.isFile() || st.size > 1024 * 1024 || total + st.size > 8 * 1024 * 1024) continue;
      const bytes = await readFile(p).catch(() => undefined);
      if (!bytes) continue;
      const text = bytes.toString('utf8');
      if (text.includes('\uFFFD') || text.includes('\u0000')) continue;
      out[p] = text;
      total += st.size;
      if (Object.keys(out).length >= maxFiles) break;
    }
  }
  return out;
}

import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * The metadata of a folder's tree (path -> kind, size, modification time), to prove the agent
 * wrote nothing into the user's working folder. Bounded: at most `limit` entries are listed.
 */

export interface FolderSnapshot {
  entries: Map<string, string>;
  complete: boolean;
}

export async function snapshotFolder(root: string, limit = 20_000): Promise<FolderSnapshot> {
  const entries = new Map<string, string>();
  const queue = [''];
  while (queue.length > 0) {
    const rel = queue.shift() as string;
    let names: string[];
    try {
      names = await readdir(path.join(root, rel));
    } catch {
      continue;
    }
    for (const name of names.sort()) {
      if (entries.size >= limit) return { entries, complete: false };
      const child = rel ? `${rel}/${name}` : name;
      try {
        const st = await lstat(path.join(root, child));
        const kind = st.isDirectory() ? 'dir' : st.isSymbolicLink() ? 'link' : 'file';
        entries.set(child, `${kind} ${st.isDirectory() ? '' : st.size} ${st.isDirectory() ? '' : st.mtimeMs}`);
        if (st.isDirectory()) queue.push(child);
      } catch {
        // gone meanwhile
      }
    }
  }
  return { entries, complete: true };
}

/** The paths added, removed or changed between two snapshots. */
export function folderChanges(before: FolderSnapshot, after: FolderSnapshot): string[] {
  const out: string[] = [];
  for (const [p, meta] of after.entries) {
    const was = before.entries.get(p);
    if (was === undefined) out.push(`added ${p}`);
    else if (was !== meta) out.push(`changed ${p}`);
  }
  for (const p of before.entries.keys()) if (!after.entries.has(p)) out.push(`removed ${p}`);
  return out;
}

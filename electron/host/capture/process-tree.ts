import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Ending a process and every process it started, by id: the descendants are found from the
 * parent ids (/proc on Linux, `ps` elsewhere) and each is sent SIGKILL, deepest first, then the
 * process group. Nothing is ended by name.
 */

function parentIds(): Map<number, number> {
  const parents = new Map<number, number>();
  if (process.platform === 'linux') {
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after the last ')'.
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        parents.set(Number(name), ppid);
      } catch {
        // gone meanwhile
      }
    }
    return parents;
  }
  try {
    const out = execFileSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8', timeout: 5000 });
    for (const line of out.split('\n')) {
      const [pid, ppid] = line.trim().split(/\s+/).map(Number);
      if (pid && ppid !== undefined) parents.set(pid, ppid);
    }
  } catch {
    // no ps: only the root and its group are ended
  }
  return parents;
}

/** The ids of every living descendant of `root` (not `root` itself), children before grandchildren. */
export function descendantsOf(root: number): number[] {
  const parents = parentIds();
  const out: number[] = [];
  let frontier = [root];
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const [pid, ppid] of parents) if (frontier.includes(ppid) && !out.includes(pid)) next.push(pid);
    out.push(...next);
    frontier = next;
  }
  return out;
}

function kill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already ended
  }
}

/** SIGKILL to `root`'s descendants (deepest first), to `root`, and to its process group. */
export function endProcessTree(root: number): void {
  // Stop the root first so it starts nothing new, then the rest; repeat for what a dying child spawned.
  for (let round = 0; round < 3; round++) {
    const tree = descendantsOf(root);
    if (round === 0) kill(root);
    for (const pid of tree.reverse()) kill(pid);
    if (tree.length === 0) break;
  }
  try {
    process.kill(-root, 'SIGKILL');
  } catch {
    // no such group
  }
}

import { constants } from 'node:fs';
import { access, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

/** The agent's program: the path the user gave, or the first executable `name` on PATH. */
export async function findAgent(name: string, given: string | undefined, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const candidates =
    given !== undefined
      ? [path.resolve(given)]
      : (env.PATH ?? '')
          .split(path.delimiter)
          .filter(Boolean)
          .map((d) => path.join(d, name));
  for (const candidate of candidates) {
    try {
      const real = await realpath(candidate);
      if (!(await stat(real)).isFile()) continue;
      await access(real, constants.X_OK);
      return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

/** -1, 0, 1 as dotted release `a` is before, equal to, after `b` (missing parts are 0). */
export function compareReleases(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

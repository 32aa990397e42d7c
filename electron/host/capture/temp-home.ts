import { copyFile, cp, lstat, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { harnessKindOf, harnessStandardGlobals, type HarnessOs, type HarnessProfile } from '../../../shared/harness/index.js';
import { isInside } from '../confine.js';

/**
 * The agent's temporary home: copies of exactly the global instruction files (and rules
 * folders) the profile's loader names in the user's home, plus the capture section's files;
 * deleted after the capture (the capture section's files are written with writeHomeFile). Nothing is written into the real home.
 */

export interface TempHome {
  dir: string;
  /** Home-relative paths copied from the real home. */
  copied: string[];
  remove(): Promise<void>;
}

export async function makeTempHome(profile: HarnessProfile, realHome: string): Promise<TempHome> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'variant-studio-capture-home-'));
  const copied: string[] = [];
  await mkdir(path.join(dir, 'tmp'));
  const globals = harnessStandardGlobals(harnessKindOf(profile), {
    homeDir: realHome,
    configDir: path.join(realHome, '.config'),
    cwd: realHome,
    env: {},
    os: (process.platform === 'darwin' || process.platform === 'win32' ? process.platform : 'linux') as HarnessOs,
  });
  for (const g of globals) {
    for (const source of [...g.files, ...g.folders]) {
      if (!isInside(realHome, source) || source === realHome) continue;
      const rel = path.relative(realHome, source);
      const target = path.join(dir, rel);
      try {
        const st = await lstat(source);
        await mkdir(path.dirname(target), { recursive: true });
        if (st.isFile()) await copyFile(source, target);
        else if (st.isDirectory() && g.folders.includes(source)) await cp(source, target, { recursive: true, dereference: false });
        else continue;
        copied.push(rel);
      } catch {
        // not there: nothing to copy
      }
    }
  }
  return { dir, copied, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A file of the capture section, written below the temporary home (never outside it). */
export async function writeHomeFile(home: string, rel: string, text: string): Promise<void> {
  const target = path.resolve(home, rel);
  if (!isInside(home, target) || target === home) throw new Error(`capture file '${rel}' is not below the home folder`);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, text);
}

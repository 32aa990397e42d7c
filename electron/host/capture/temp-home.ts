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
  /** Writes one of the capture section's files below the home (never outside it). */
  write(rel: string, text: string): Promise<void>;
}

export async function makeTempHome(profile: HarnessProfile, realHome: string): Promise<TempHome> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'variant-studio-capture-home-'));
  const copied: string[] = [];
  await mkdir(path.join(dir, 'tmp'));
  for (const { rel, source, folder } of await presentGlobals(profile, realHome)) {
    const target = path.join(dir, rel);
    try {
      await mkdir(path.dirname(target), { recursive: true });
      if (folder) await cp(source, target, { recursive: true, dereference: false });
      else await copyFile(source, target);
      copied.push(rel);
    } catch {
      // gone meanwhile: nothing to copy
    }
  }
  return { dir, copied, remove: () => rm(dir, { recursive: true, force: true }), write: (rel, text) => writeHomeFile(dir, rel, text) };
}

/** The global instruction files (and rules folders) the profile's loader names that are in the user's home. */
export async function presentGlobals(
  profile: HarnessProfile,
  realHome: string,
): Promise<{ rel: string; source: string; folder: boolean }[]> {
  const globals = harnessStandardGlobals(harnessKindOf(profile), {
    homeDir: realHome,
    configDir: path.join(realHome, '.config'),
    cwd: realHome,
    env: {},
    os: (process.platform === 'darwin' || process.platform === 'win32' ? process.platform : 'linux') as HarnessOs,
  });
  const present: { rel: string; source: string; folder: boolean }[] = [];
  for (const g of globals) {
    for (const source of [...g.files, ...g.folders]) {
      if (!isInside(realHome, source) || source === realHome) continue;
      const st = await lstat(source).catch(() => undefined);
      if (st?.isFile()) present.push({ rel: path.relative(realHome, source), source, folder: false });
      else if (st?.isDirectory() && g.folders.includes(source))
        present.push({ rel: path.relative(realHome, source), source, folder: true });
    }
  }
  return present;
}

/** A file of the capture section, written below the temporary home (never outside it). */
export async function writeHomeFile(home: string, rel: string, text: string): Promise<void> {
  const target = path.resolve(home, rel);
  if (!isInside(home, target) || target === home) throw new Error(`capture file '${rel}' is not below the home folder`);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, text);
}

import { lstat, mkdir, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isInside } from '../confine.js';
import type { HarnessProfile } from '../../../shared/harness/index.js';
import { presentGlobals, type TempHome } from './temp-home.js';

/**
 * "Use my real home" (the user's explicit choice): the agent runs with the user's own HOME, so
 * it reads their global files where they are, and may write its session logs and settings
 * there. The capture section's files (a provider config) are written only where the user has
 * no such file — never over one: then the capture is refused, naming it — and are removed
 * afterwards, with the folders made for them. Nothing is copied (`copied` lists the global
 * files the profile names that are there).
 */
export async function useRealHome(profile: HarnessProfile, home: string, files: Readonly<Record<string, string>>): Promise<TempHome> {
  const targets = Object.keys(files).map((rel) => {
    const target = path.resolve(home, rel);
    if (!isInside(home, target) || target === home) throw new Error(`capture file '${rel}' is not below the home folder`);
    return { rel, target };
  });
  for (const { target } of targets)
    if (
      await lstat(target).then(
        () => true,
        () => false,
      )
    )
      throw new RealHomeClash(`${target} exists: with your real home the capture would overwrite it; run with the temporary home`);
  const made: string[] = [];
  const written: string[] = [];
  const remove = async (): Promise<void> => {
    for (const f of written.reverse()) await rm(f, { force: true });
    for (const d of made.reverse()) await rmdir(d).catch(() => undefined);
  };
  return {
    dir: home,
    // Not copied: read where they are; listed so that a saved case holds them.
    copied: (await presentGlobals(profile, home)).map((g) => g.rel),
    remove,
    write: async (rel: string, text: string): Promise<void> => {
      const target = targets.find((t) => t.rel === rel)?.target ?? path.resolve(home, rel);
      if (!isInside(home, target) || target === home) throw new Error(`capture file '${rel}' is not below the home folder`);
      const first = await mkdir(path.dirname(target), { recursive: true });
      // The folders made for it, outermost first (removed afterwards when empty).
      if (first !== undefined) for (let d = path.dirname(target); isInside(first, d); d = path.dirname(d)) made.unshift(d);
      await writeFile(target, text, { flag: 'wx' });
      written.push(target);
    },
  };
}

/** The capture section's file is already in the user's real home. */
export class RealHomeClash extends Error {}

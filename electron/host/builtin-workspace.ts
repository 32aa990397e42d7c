import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of the built-in workspace (the repository's `variants/`), found by walking up
 * from this module to the package root, so it works from the sources (tests), from
 * dist-lib/ (CLI, browser mode) and from a packaged app (VARIANT_STUDIO_BUILTIN wins there:
 * electron-builder ships variants/ as an extra resource).
 */
export function builtinWorkspaceDir(): string {
  const fromEnv = process.env.VARIANT_STUDIO_BUILTIN;
  if (fromEnv && existsSync(path.join(fromEnv, 'workspace.yaml'))) return fromEnv;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        const name = (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name;
        if (name === 'variant-studio' && existsSync(path.join(dir, 'variants'))) return path.join(dir, 'variants');
      } catch {
        // not our package.json; keep walking
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('cannot find the built-in variants folder (set VARIANT_STUDIO_BUILTIN)');
    dir = parent;
  }
}

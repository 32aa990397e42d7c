import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The root folder of the variant-studio package (where package.json is), from any build layout. */
export function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'variant-studio') return dir;
      } catch {
        // not our package.json; keep walking
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('cannot find the variant-studio package root');
    dir = parent;
  }
}

/**
 * The folder of the built-in workspace (the repository's `variants/`), found from the
 * package root, so it works from the sources (tests), from dist-lib/ (CLI, browser mode)
 * and from a packaged app (VARIANT_STUDIO_BUILTIN wins there: electron-builder ships
 * variants/ as an extra resource).
 */
export function builtinWorkspaceDir(): string {
  const fromEnv = process.env.VARIANT_STUDIO_BUILTIN;
  if (fromEnv && existsSync(path.join(fromEnv, 'workspace.yaml'))) return fromEnv;
  return path.join(packageRoot(), 'variants');
}

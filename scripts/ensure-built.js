// Builds the app unless dist/ is up to date with the sources (scripts/build-stamp.js), so
// starting takes a second instead of a minute. `--force` rebuilds anyway.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT, staleness } from './build-stamp.js';

/** Returns true when a build ran (and succeeded); throws when it failed. */
export function ensureBuilt({ force = false, log = console.log } = {}) {
  const why = force ? 'asked to rebuild' : staleness(ROOT);
  if (!why) return false;
  log(`Building Variant Studio (${why})…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['run', 'build'], { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) throw new Error(`the build failed (exit ${r.status ?? r.signal})`);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    ensureBuilt({ force: process.argv.includes('--force') });
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

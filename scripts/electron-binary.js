// Where `npm start` looks for Electron's executable, and how it tries to fetch a missing one.
// The folders and the installer run come in as arguments, so tests use stand-ins
// (tests/scripts) and never start a download.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** A failed download is not tried again for a day (it costs a second or more at every start). */
export const RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * The Electron executable as the electron package would run it, when it is on disk.
 * @param {string} electronDir  node_modules/electron
 * @param {Record<string, string | undefined>} env  ELECTRON_OVERRIDE_DIST_PATH replaces <electronDir>/dist
 * @returns {string | null}
 */
export function findElectronBinary(electronDir, env) {
  try {
    const name = fs.readFileSync(path.join(electronDir, 'path.txt'), 'utf8').trim();
    const dist = env.ELECTRON_OVERRIDE_DIST_PATH ?? path.join(electronDir, 'dist');
    const binary = path.join(dist, name);
    return name && fs.existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

/** Runs the electron package's own installer (it downloads the binary); quiet, bounded. */
function runInstaller(installer, cwd) {
  return spawnSync(process.execPath, [installer], { cwd, stdio: 'ignore', timeout: 180_000 }).status === 0;
}

/**
 * Tries to download the binary with the package's installer, unless a try failed less than a
 * day ago (the time of the last failure is kept in `failedMarker`).
 * @param {{ electronDir: string, failedMarker: string, now?: number, run?: (installer: string, cwd: string) => boolean }} options
 * @returns {boolean} whether the download worked
 */
export function fetchElectronBinary({ electronDir, failedMarker, now = Date.now(), run = runInstaller }) {
  const installer = path.join(electronDir, 'install.js');
  if (!fs.existsSync(installer)) return false;
  try {
    if (now - fs.statSync(failedMarker).mtimeMs < RETRY_AFTER_MS) return false;
  } catch {
    // never failed, or long ago: try
  }
  if (run(installer, electronDir)) return true;
  try {
    fs.mkdirSync(path.dirname(failedMarker), { recursive: true });
    fs.writeFileSync(failedMarker, `${new Date(now).toISOString()}\n`);
    fs.utimesSync(failedMarker, new Date(now), new Date(now));
  } catch {
    // only a cache
  }
  return false;
}

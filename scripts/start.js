#!/usr/bin/env node
// `npm start`: builds when the sources changed since the last build, then opens the desktop
// window (Electron) where it can start; where Electron's binary is missing and cannot be
// downloaded (or there is no display) it says so in one line and serves the same app in
// browser mode instead (printing the URL, opening a browser where there is one). Arguments go
// to browser mode (`npm start -- --no-open --port 5173`); the desktop app ignores them.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './build-stamp.js';
import { ensureBuilt } from './ensure-built.js';
import { decideLaunch } from './launch-decision.js';

const electronDir = path.join(ROOT, 'node_modules', 'electron');

/** The Electron executable as the electron package would run it, when it is on disk. */
function findBinary() {
  try {
    const name = fs.readFileSync(path.join(electronDir, 'path.txt'), 'utf8').trim();
    const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? path.join(electronDir, 'dist');
    const binary = path.join(dist, name);
    return fs.existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

/** A failed download is not tried again for a day (it costs a second or more at every start). */
const FAILED_FETCH = path.join(ROOT, 'node_modules', '.cache', 'variant-studio', 'electron-download-failed');
const RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/** The electron package's own installer (it downloads the binary); quiet, bounded. */
function fetchBinary() {
  const installer = path.join(electronDir, 'install.js');
  if (!fs.existsSync(installer)) return false;
  try {
    if (Date.now() - fs.statSync(FAILED_FETCH).mtimeMs < RETRY_AFTER_MS) return false;
  } catch {
    // never failed, or long ago: try
  }
  const r = spawnSync(process.execPath, [installer], { cwd: electronDir, stdio: 'ignore', timeout: 180_000 });
  if (r.status === 0) return true;
  try {
    fs.mkdirSync(path.dirname(FAILED_FETCH), { recursive: true });
    fs.writeFileSync(FAILED_FETCH, `${new Date().toISOString()}\n`);
  } catch {
    // only a cache
  }
  return false;
}

function run(command, args) {
  const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
  const forward = (signal) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

try {
  ensureBuilt();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const decision = decideLaunch({ findBinary, fetchBinary, platform: process.platform, env: process.env });
if (decision.kind === 'electron') {
  run(decision.binary, ['.']);
} else {
  console.log(`${decision.reason}: starting Variant Studio in browser mode instead.`);
  // In this process (it reads the same arguments): one Node start fewer before the URL.
  await import(pathToFileURL(path.join(ROOT, 'dist-lib', 'electron', 'browser', 'serve.js')).href);
}

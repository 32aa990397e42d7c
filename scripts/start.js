#!/usr/bin/env node
// `npm start`: builds when the sources changed since the last build, then opens the desktop
// window (Electron) where it can start; where Electron's binary is missing and cannot be
// downloaded (or there is no display) it says so in one line and serves the same app in
// browser mode instead (printing the URL, opening a browser where there is one). Arguments go
// to browser mode (`npm start -- --no-open --port 5173`); the desktop app ignores them.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './build-stamp.js';
import { ensureBuilt } from './ensure-built.js';
import { fetchElectronBinary, findElectronBinary } from './electron-binary.js';
import { browserModeNotice, decideLaunch } from './launch-decision.js';

const electronDir = path.join(ROOT, 'node_modules', 'electron');
const failedMarker = path.join(ROOT, 'node_modules', '.cache', 'variant-studio', 'electron-download-failed');

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
const decision = decideLaunch({
  findBinary: () => findElectronBinary(electronDir, process.env),
  fetchBinary: () => fetchElectronBinary({ electronDir, failedMarker }),
  platform: process.platform,
  env: process.env,
});
if (decision.kind === 'electron') {
  run(decision.binary, ['.']);
} else {
  console.log(browserModeNotice(decision.reason));
  // In this process (it reads the same arguments): one Node start fewer before the URL.
  await import(pathToFileURL(path.join(ROOT, 'dist-lib', 'electron', 'browser', 'serve.js')).href);
}

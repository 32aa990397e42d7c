// Starts the app in browser mode for the Playwright specs and the UI bench (bench/ui-bench.js):
// a temp copy of variants/, a temp user-data folder, a free port; resolves with the printed URL.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVE = path.join(ROOT, 'dist-lib/electron/browser/serve.js');

/** Chromium flags that keep a closed network quiet (stack-notes.md). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function chromiumPath() {
  return fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

export function tempWorkspace(from = path.join(ROOT, 'variants')) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vs-ws-'));
  fs.cpSync(from, dir, { recursive: true });
  return dir;
}

/** A port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export async function startApp(opts = {}) {
  // workspace: null opens the built-in variants (read-only) instead of a copy.
  const workspace = opts.workspace === null ? null : (opts.workspace ?? tempWorkspace());
  const userData = opts.userData ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vs-user-'));
  // The getting-started panel opens by itself only on a first start: a fresh user-data folder
  // counts as seen unless the caller wants a first start (firstRun).
  if (opts.userData === undefined && !opts.firstRun)
    fs.writeFileSync(path.join(userData, 'settings.json'), `${JSON.stringify({ recent: [], gettingStartedSeen: true })}\n`);
  // Folders made here are removed by stop(); folders passed in belong to the caller.
  const created = [opts.workspace === undefined ? workspace : null, opts.userData === undefined ? userData : null].filter(Boolean);
  const removeCreated = () => {
    for (const dir of created) fs.rmSync(dir, { recursive: true, force: true });
  };
  // serve: another build's server (bench:ui --app-root); env, nodeArgs: more environment (VARIANT_STUDIO_TRACE), Node flags (--cpu-prof).
  const args = [
    ...(opts.nodeArgs ?? []),
    opts.serve ?? SERVE,
    ...(workspace ? ['--workspace', workspace] : []),
    '--user-data',
    userData,
    '--port',
    String(opts.port ?? (await freePort())),
    '--no-open',
  ];
  // opts.env: variables to set for the server (undefined removes one), e.g. a stand-in's base URLs.
  const env = { ...process.env };
  for (const [name, value] of Object.entries(opts.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let started = false;
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server printed no URL within 20 s:\n${out}`)), 20_000);
    child.stdout.on('data', (chunk) => {
      out += chunk.toString();
      const m = /(http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(out);
      if (m) {
        clearTimeout(timer);
        started = true;
        resolve(m[1]);
      }
    });
    child.stderr.on('data', (c) => (out += c.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      // Only a server that never started cleans up here; later exits leave that to stop().
      if (!started) removeCreated();
      reject(new Error(`the server exited (${code}) before printing a URL:\n${out}`));
    });
  });
  const stop = () =>
    new Promise((resolve) => {
      const done = () => {
        removeCreated();
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', done);
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 3000).unref();
    });
  return { url, workspace, userData, child, output: () => out, stop };
}

#!/usr/bin/env node
// Installs promptfoo (a pinned version) into .cache/promptfoo/, outside the project's
// dependencies: it is about 270 MB with its own database drivers, and only the test of
// `export --format promptfoo` needs it. Optional dependencies are left out (some download
// browsers or models); the one the database driver needs on this platform is added by name.
// Prints the path of the promptfoo binary. Does nothing when the pinned version is there.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROMPTFOO_VERSION = '0.121.20';
const LIBSQL_VERSION = '0.5.29';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, '.cache', 'promptfoo');
const bin = path.join(dir, 'node_modules', '.bin', 'promptfoo');
const stamp = path.join(dir, 'installed.txt');

function installed() {
  try {
    return fs.readFileSync(stamp, 'utf8').trim() === PROMPTFOO_VERSION && fs.existsSync(bin);
  } catch {
    return false;
  }
}

if (!installed()) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), '{ "name": "promptfoo-for-tests", "private": true }\n');
  const libsql = `@libsql/${process.platform}-${process.arch}${process.platform === 'linux' ? '-gnu' : ''}@${LIBSQL_VERSION}`;
  execFileSync(
    'npm',
    ['install', `promptfoo@${PROMPTFOO_VERSION}`, libsql, '--omit=optional', '--no-audit', '--no-fund', '--loglevel=error'],
    { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'], timeout: 15 * 60_000 },
  );
  fs.writeFileSync(stamp, `${PROMPTFOO_VERSION}\n`);
}
console.log(bin);

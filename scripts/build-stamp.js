// Whether dist/ (and dist-lib/, dist-electron/) were built from the sources as they are now.
// `npm run build` writes a stamp with a hash of every build input; `npm start` and
// `npm run start:web` compare it with the sources and rebuild only when they differ (or an
// output is missing). Content hashes, not mtimes: a checkout or a copy changes mtimes.
//
//   node scripts/build-stamp.js write   (the last step of npm run build)
//   node scripts/build-stamp.js check   (exit 0: up to date, 1: stale, with the reason)
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Folders whose files go into a build, and single files that steer it. */
const INPUT_FOLDERS = ['renderer', 'shared', 'electron', 'cli', 'bench'];
const INPUT_FILES = ['package.json', 'package-lock.json', 'vite.config.ts', 'tsconfig.base.json', 'tsconfig.lib.json'];
/** What a complete build leaves. */
export const OUTPUTS = [
  'dist/index.html',
  'dist-lib/electron/browser/serve.js',
  'dist-lib/cli/main.js',
  'dist-electron/main.js',
  'dist-electron/preload.cjs',
];
export const STAMP = 'dist/.build-stamp.json';

function isInput(rel) {
  if (/(^|\/)(node_modules|\.[^/]+)(\/|$)/.test(rel)) return false;
  // Tests are not built into the app.
  return !/\.test\.tsx?$/.test(rel) && !rel.includes('/__tests__/');
}

function walk(root, rel, out) {
  for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (!isInput(child)) continue;
    if (entry.isDirectory()) walk(root, child, out);
    else if (entry.isFile()) out.push(child);
  }
}

/** One hash of the paths and contents of every build input. */
export function sourceHash(root = ROOT) {
  const files = [];
  for (const folder of INPUT_FOLDERS) if (fs.existsSync(path.join(root, folder))) walk(root, folder, files);
  for (const file of INPUT_FILES) if (fs.existsSync(path.join(root, file))) files.push(file);
  const hash = createHash('sha256');
  for (const rel of files.sort()) {
    hash.update(`${rel}\0`);
    hash.update(fs.readFileSync(path.join(root, rel)));
    hash.update('\0');
  }
  return { hash: hash.digest('hex'), files: files.length };
}

export function writeStamp(root = ROOT, now = new Date()) {
  const { hash, files } = sourceHash(root);
  fs.writeFileSync(path.join(root, STAMP), `${JSON.stringify({ hash, files, builtAt: now.toISOString() }, null, 2)}\n`);
  return hash;
}

/** Null when the build is up to date; else why not. */
export function staleness(root = ROOT) {
  const missing = OUTPUTS.filter((rel) => !fs.existsSync(path.join(root, rel)));
  if (missing.length) return `not built yet (${missing[0]} is missing)`;
  let stamp;
  try {
    stamp = JSON.parse(fs.readFileSync(path.join(root, STAMP), 'utf8'));
  } catch {
    return 'no build stamp (built before stamps, or by hand)';
  }
  if (stamp.hash !== sourceHash(root).hash) return 'the sources changed since the last build';
  return null;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const command = process.argv[2];
  if (command === 'write') writeStamp();
  else if (command === 'check') {
    const why = staleness();
    console.log(why ? `stale: ${why}` : 'up to date');
    process.exitCode = why ? 1 : 0;
  } else {
    console.error('usage: node scripts/build-stamp.js write|check');
    process.exitCode = 2;
  }
}

#!/usr/bin/env node
// `npm run typecheck`: the three TypeScript projects side by side (the Node side with tests,
// e2e and bench; shared/ alone, without Node or DOM types; the renderer). Each one's errors are
// printed under its name; the exit code is 1 when any project has errors.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './build-stamp.js';

const PROJECTS = ['tsconfig.json', 'shared/tsconfig.json', 'renderer/tsconfig.json'];
const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '--noEmit', '--pretty', 'false', '-p', project], { cwd: ROOT });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('error', (error) => resolve({ project, code: 1, out: String(error) }));
    child.on('close', (code) => resolve({ project, code: code ?? 1, out }));
  });
}

const results = await Promise.all(PROJECTS.map(check));
for (const { project, code, out } of results) {
  console.log(`tsc -p ${project}: ${code === 0 ? 'no errors' : 'errors'}`);
  if (out.trim()) console.log(out.trimEnd());
}
process.exitCode = results.some((r) => r.code !== 0) ? 1 : 0;

/**
 * npm run bench:trust — prints figures, asserts nothing. The worst file of each kind of
 * issue 18 (an alias bomb, deep nesting, a 40,000-key map, the largest files still accepted,
 * a catastrophic regex and glob, a bomb in a bundle), each in its own child process: the time
 * of the operation (or how it ended: an abort, no answer within the time limit), what it
 * answered, and the child's peak memory (RSS).
 *
 *   node dist-lib/bench/trust-bench.js [<dist-lib folder of another build>]
 *
 * With a folder, that build is measured instead (its bench/ gets this build's trust-case.js):
 * how the issue's figures before and after were taken. TRUST_BENCH_LIMIT_MS sets the time
 * limit of a case (default 60 s), TRUST_BENCH_ONLY runs the cases whose name contains it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CASE_NAMES } from './trust-case.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = process.argv[2] ? path.resolve(process.argv[2]) : path.join(here, '..');
const caseFile = path.join(root, 'bench', 'trust-case.js');
if (root !== path.join(here, '..')) {
  fs.mkdirSync(path.dirname(caseFile), { recursive: true });
  fs.copyFileSync(path.join(here, 'trust-case.js'), caseFile);
}
const LIMIT_MS = Number(process.env.TRUST_BENCH_LIMIT_MS ?? 60_000);

function run(name: string): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [caseFile, name], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.stderr.resume();
    const started = Date.now();
    const timer = setTimeout(() => child.kill('SIGKILL'), LIMIT_MS);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const line = out.split('\n').find((l) => l.startsWith('RESULT '));
      if (line) {
        const r = JSON.parse(line.slice(7)) as { ms: number; warmMs?: number; outcome: string; maxRssKb: number };
        const warm = r.warmMs === undefined ? '' : ` (again, warm: ${r.warmMs.toFixed(1)} ms)`;
        resolve(`${r.ms.toFixed(1)} ms${warm}, peak ${(r.maxRssKb / 1024).toFixed(0)} MB RSS: ${r.outcome}`);
      } else if (signal === 'SIGKILL' && Date.now() - started >= LIMIT_MS) resolve(`no answer within ${LIMIT_MS / 1000} s (killed)`);
      else resolve(`the process ended (${signal ?? `exit ${code}`}) after ${Date.now() - started} ms`);
    });
  });
}

console.log(
  `bench:trust on ${root} (load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')})`,
);
const only = process.env.TRUST_BENCH_ONLY;
for (const name of CASE_NAMES) if (only === undefined || name.includes(only)) console.log(`${name}\n  ${await run(name)}`);

import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const TS_REGISTER = path.join(here, 'ts-register.mjs');

/** Starts a TypeScript file of this folder in a child Node process (through the test loader). */
export function spawnTs(
  file: string,
  args: string[],
): ChildProcess & { lines: string[]; waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string> } {
  const child = spawn(process.execPath, ['--import', TS_REGISTER, path.join(here, file), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let stderr = '';
  let buffer = '';
  const waiters = new Set<() => void>();
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk;
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    lines.push(...parts);
    for (const w of [...waiters]) w();
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return Object.assign(child, {
    lines,
    waitForLine(pattern: RegExp, timeoutMs = 20000): Promise<string> {
      return new Promise<string>((resolve, reject) => {
        const check = (): void => {
          const line = lines.find((l) => pattern.test(l));
          if (line !== undefined) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(line);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`child printed no line matching ${pattern} within ${timeoutMs} ms; stderr: ${stderr.slice(-2000)}`));
        }, timeoutMs);
        child.once('exit', (code) => {
          if (!lines.some((l) => pattern.test(l))) {
            clearTimeout(timer);
            waiters.delete(check);
            reject(new Error(`child exited (${code}) before printing ${pattern}; stderr: ${stderr.slice(-2000)}`));
          }
        });
        waiters.add(check);
        check();
      });
    },
  });
}

export function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

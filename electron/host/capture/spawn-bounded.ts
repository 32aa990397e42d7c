import { spawn } from 'node:child_process';
import { endProcessTree } from './process-tree.js';

/**
 * One program run with a time limit and an output limit: its stdout and stderr are kept up to
 * `keepBytes` each (the rest is counted, not kept); when it runs past the time, prints past
 * the output limit, or `stop()` is called, its whole process tree is ended by id. The result
 * says which.
 */

export interface BoundedRun {
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  outputBytes: number;
  ended: 'exit' | 'timeout' | 'output-limit' | 'stopped' | 'spawn-error';
  error?: string | undefined;
}

export interface BoundedOptions {
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  maxOutputBytes: number;
  keepBytes?: number | undefined;
}

export interface BoundedHandle {
  done: Promise<BoundedRun>;
  /** Ends the tree now (the result says `stopped`). */
  stop(): void;
}

export function runBounded(bin: string, args: readonly string[], options: BoundedOptions): BoundedHandle {
  const keep = options.keepBytes ?? 64 * 1024;
  const child = spawn(bin, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
  });
  let ended: BoundedRun['ended'] | undefined;
  let outputBytes = 0;
  const out = { stdout: '', stderr: '' };
  let error: string | undefined;
  const end = (why: BoundedRun['ended']): void => {
    if (ended !== undefined) return;
    ended = why;
    if (child.pid !== undefined) endProcessTree(child.pid);
  };
  const timer = setTimeout(() => end('timeout'), options.timeoutMs);
  const collect = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
    outputBytes += chunk.length;
    if (out[stream].length < keep) out[stream] += chunk.toString('utf8').slice(0, keep - out[stream].length);
    if (outputBytes > options.maxOutputBytes) end('output-limit');
  };
  child.stdout.on('data', collect('stdout'));
  child.stderr.on('data', collect('stderr'));
  const done = new Promise<BoundedRun>((resolve) => {
    child.on('error', (e) => {
      error = e.message;
      ended ??= 'spawn-error';
    });
    // Helpers the agent left behind (holding its output open) end with it.
    child.on('exit', () => {
      if (child.pid !== undefined) endProcessTree(child.pid);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, ...out, outputBytes, ended: ended ?? 'exit', error });
    });
  });
  return { done, stop: () => end('stopped') };
}

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/** `npm run start:web -- --port <busy port>`: one line naming the port, exit 1, no stack trace. */

const SERVE = path.resolve('dist-lib/electron/browser/serve.js');
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function run(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SERVE, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    // A server that did start would run until stopped: stop it, so the test fails instead of hanging.
    const guard = setTimeout(() => child.kill('SIGTERM'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(guard);
      resolve({ code, out, err });
    });
  });
}

describe('start:web on a busy port', () => {
  it('prints one line naming the port and exits 1', async () => {
    expect(fs.existsSync(SERVE), 'run `npm run build:lib` first').toBe(true);
    const busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => busy.close());
    const port = (busy.address() as net.AddressInfo).port;
    const userData = fs.mkdtempSync(path.join(os.tmpdir(), 'vs-serve-'));
    cleanups.push(() => fs.rmSync(userData, { recursive: true, force: true }));
    const r = await run(['--port', String(port), '--no-open', '--user-data', userData]);
    expect(r).toEqual({
      code: 1,
      out: '',
      err: `port ${port} on 127.0.0.1 is in use: stop what listens there, choose another with --port, or leave --port out for a free one\n`,
    });
  });
});

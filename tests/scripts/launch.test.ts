import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OUTPUTS, sourceHash, staleness, STAMP, writeStamp } from '../../scripts/build-stamp.js';
import { decideLaunch } from '../../scripts/launch-decision.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function temp(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

describe('npm start: desktop window or browser mode', () => {
  const linux = { platform: 'linux', env: { DISPLAY: ':0' } };
  it('opens the desktop window when the Electron binary is there (no download tried)', () => {
    let fetched = 0;
    expect(decideLaunch({ ...linux, findBinary: () => '/e/electron', fetchBinary: () => (fetched++, false) })).toEqual({
      kind: 'electron',
      binary: '/e/electron',
    });
    expect(fetched).toBe(0);
  });

  it('downloads a missing binary when it can, and uses it', () => {
    let installed = false;
    const decision = decideLaunch({
      ...linux,
      findBinary: () => (installed ? '/e/electron' : null),
      fetchBinary: () => (installed = true),
    });
    expect(decision).toEqual({ kind: 'electron', binary: '/e/electron' });
  });

  it('serves browser mode when the binary is missing and cannot be fetched, or there is no display', () => {
    expect(decideLaunch({ ...linux, findBinary: () => null, fetchBinary: () => false })).toEqual({
      kind: 'browser',
      reason: "Electron's binary is not installed and cannot be downloaded here",
    });
    expect(decideLaunch({ platform: 'linux', env: {}, findBinary: () => '/e/electron', fetchBinary: () => false })).toEqual({
      kind: 'browser',
      reason: 'there is no display here for a desktop window',
    });
    expect(decideLaunch({ platform: 'darwin', env: {}, findBinary: () => '/e/electron', fetchBinary: () => false }).kind).toBe('electron');
    expect(
      decideLaunch({ ...linux, env: { DISPLAY: ':0', VARIANT_STUDIO_BROWSER: '1' }, findBinary: () => '/e', fetchBinary: () => true }).kind,
    ).toBe('browser');
  });
});

describe('the build stamp', () => {
  it('says a build is up to date only while no build input changed (tests do not count)', () => {
    const root = temp('vs-stamp-');
    for (const rel of ['renderer/src/main.tsx', 'shared/a.ts', 'shared/a.test.ts', 'package.json', ...OUTPUTS]) {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), rel);
    }
    expect(staleness(root)).toBe('no build stamp (built before stamps, or by hand)');
    const hash = writeStamp(root, new Date('2026-01-01T00:00:00Z'));
    expect(JSON.parse(fs.readFileSync(path.join(root, STAMP), 'utf8'))).toEqual({ hash, files: 3, builtAt: '2026-01-01T00:00:00.000Z' });
    expect(staleness(root)).toBeNull();
    fs.writeFileSync(path.join(root, 'shared/a.test.ts'), 'a test changed');
    expect(staleness(root)).toBeNull();
    fs.writeFileSync(path.join(root, 'shared/a.ts'), 'a source changed');
    expect(staleness(root)).toBe('the sources changed since the last build');
    expect(sourceHash(root).hash).not.toBe(hash);
    writeStamp(root);
    fs.rmSync(path.join(root, 'dist/index.html'));
    expect(staleness(root)).toBe('not built yet (dist/index.html is missing)');
  });
});

describe('the real npm start on this machine', () => {
  it('says in one line that it serves browser mode, prints the URL, and serves the app there', async () => {
    const userData = temp('vs-start-user-');
    const workspace = temp('vs-start-ws-');
    fs.cpSync(path.resolve('variants'), workspace, { recursive: true });
    // No display: where Electron is installed it cannot open a window here either.
    const env = { ...process.env, DISPLAY: '', WAYLAND_DISPLAY: '' };
    const child = spawn('npm', ['start', '--', '--no-open', '--user-data', userData, '--workspace', workspace], {
      cwd: path.resolve('.'),
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL within 150 s:\n${out}`)), 150_000);
        const take = (chunk: Buffer): void => {
          out += chunk.toString();
          const m = /(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]!);
          }
        };
        child.stdout.on('data', take);
        child.stderr.on('data', (c: Buffer) => (out += c.toString()));
        child.on('exit', (code) => reject(new Error(`npm start exited (${code}) before printing a URL:\n${out}`)));
      });
      const lines = out.split('\n').filter((l) => l.includes('browser mode instead'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^(Electron's binary is not installed and cannot be downloaded here|there is no display here for a desktop window): starting Variant Studio in browser mode instead\.$/,
      );
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root"></div>');
    } finally {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    }
  }, 180_000);
});

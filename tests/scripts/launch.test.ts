import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OUTPUTS, sourceHash, staleness, STAMP, writeStamp } from '../../scripts/build-stamp.js';
import { fetchElectronBinary, findElectronBinary, RETRY_AFTER_MS } from '../../scripts/electron-binary.js';
import { browserModeNotice, decideLaunch } from '../../scripts/launch-decision.js';

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

describe('npm start on a machine: the Electron binary, a download, the line it prints', () => {
  /** A stand-in for node_modules/electron: path.txt names the executable inside dist/. */
  function electronPackage(files: Record<string, string>): string {
    const dir = temp('vs-electron-');
    for (const [rel, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), text);
    }
    return dir;
  }

  it('finds the executable that path.txt names, in dist/ or ELECTRON_OVERRIDE_DIST_PATH', () => {
    const dir = electronPackage({ 'path.txt': 'electron\n', 'dist/electron': '' });
    expect(findElectronBinary(dir, {})).toBe(path.join(dir, 'dist', 'electron'));
    const other = electronPackage({ electron: '' });
    expect(findElectronBinary(dir, { ELECTRON_OVERRIDE_DIST_PATH: other })).toBe(path.join(other, 'electron'));
    // Installed without its binary (as on this machine's CI), or no path.txt at all.
    expect(findElectronBinary(electronPackage({ 'path.txt': 'electron' }), {})).toBeNull();
    expect(findElectronBinary(electronPackage({ 'path.txt': '', 'dist/x': '' }), {})).toBeNull();
    expect(findElectronBinary(electronPackage({}), {})).toBeNull();
  });

  it('runs the package installer to fetch a missing binary, and after a failure not again for a day', () => {
    const dir = electronPackage({ 'install.js': '' });
    const failedMarker = path.join(temp('vs-cache-'), 'nested', 'electron-download-failed');
    const runs: string[] = [];
    const failing = (installer: string, cwd: string): boolean => (runs.push(`${installer} in ${cwd}`), false);
    const t0 = Date.parse('2026-01-15T10:00:00Z');
    expect(fetchElectronBinary({ electronDir: dir, failedMarker, now: t0, run: failing })).toBe(false);
    expect(runs).toEqual([`${path.join(dir, 'install.js')} in ${dir}`]);
    expect(fs.readFileSync(failedMarker, 'utf8')).toBe('2026-01-15T10:00:00.000Z\n');
    // Within a day: not tried again.
    expect(fetchElectronBinary({ electronDir: dir, failedMarker, now: t0 + RETRY_AFTER_MS - 1000, run: failing })).toBe(false);
    expect(runs).toHaveLength(1);
    // A day later: tried again, and this time it works.
    expect(fetchElectronBinary({ electronDir: dir, failedMarker, now: t0 + RETRY_AFTER_MS + 1000, run: () => true })).toBe(true);
    // No installer (an electron package without install.js): nothing to run.
    expect(fetchElectronBinary({ electronDir: electronPackage({}), failedMarker: path.join(dir, 'm'), run: failing })).toBe(false);
    expect(runs).toHaveLength(1);
  });

  it('chooses browser mode with one line saying why where the binary is missing and cannot be fetched, the window once fetched', () => {
    const dir = electronPackage({ 'path.txt': 'electron', 'install.js': '' });
    const failedMarker = path.join(temp('vs-cache-'), 'failed');
    const decision = decideLaunch({
      findBinary: () => findElectronBinary(dir, {}),
      fetchBinary: () => fetchElectronBinary({ electronDir: dir, failedMarker, run: () => false }),
      platform: 'linux',
      env: { DISPLAY: ':0' },
    });
    expect(decision).toEqual({ kind: 'browser', reason: "Electron's binary is not installed and cannot be downloaded here" });
    expect(browserModeNotice(decision.kind === 'browser' ? decision.reason : '')).toBe(
      "Electron's binary is not installed and cannot be downloaded here: starting Variant Studio in browser mode instead.",
    );
    // A download that puts the binary in place: the window opens.
    const fetched = decideLaunch({
      findBinary: () => findElectronBinary(dir, {}),
      fetchBinary: () =>
        fetchElectronBinary({
          electronDir: dir,
          failedMarker: path.join(dir, 'never-failed'),
          run: () => (fs.mkdirSync(path.join(dir, 'dist')), fs.writeFileSync(path.join(dir, 'dist', 'electron'), ''), true),
        }),
      platform: 'linux',
      env: { DISPLAY: ':0' },
    });
    expect(fetched).toEqual({ kind: 'electron', binary: path.join(dir, 'dist', 'electron') });
  });
});

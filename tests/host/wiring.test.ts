import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { placeWindow, loadWindowState, saveWindowState, DEFAULT_WINDOW_SIZE } from '../../electron/host/window-state.js';
import { appFileHandler } from '../../electron/wiring/app-files.js';
import { appLocation, isAppUrl } from '../../electron/wiring/app-url.js';
import { isTrustedSender } from '../../electron/wiring/ipc.js';
import { menuTemplate } from '../../electron/wiring/menu.js';
import { isAllowedRequest } from '../../electron/wiring/security.js';
import { contentSecurityPolicy, CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY_META } from '../../shared/ipc/csp.js';
import { cleanupTempDirs, tempDir, writeFiles } from './support/fixtures.js';
import type { Loose } from './support/fixtures.js';

afterEach(() => cleanupTempDirs());

describe('the app protocol', () => {
  it('serves the renderer files with the CSP and nothing else', async () => {
    const base = tempDir();
    const dist = writeFiles(path.join(base, 'dist'), { 'index.html': '<html>', 'assets/a.js': 'x', '.env': 'SECRET' });
    writeFiles(base, { 'secret.txt': 'SECRET' });
    fs.symlinkSync(path.join(base, 'secret.txt'), path.join(dist, 'assets/link.txt'));
    const handler = appFileHandler(dist);
    const get = async (url: string) => {
      const res = await handler({ url } as Request);
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        csp: res.headers.get('content-security-policy'),
        body: await res.text(),
      };
    };
    expect(await get('studio://app/index.html')).toEqual({
      status: 200,
      type: 'text/html; charset=utf-8',
      csp: CONTENT_SECURITY_POLICY,
      body: '<html>',
    });
    expect(await get('studio://app/')).toMatchObject({ status: 200, body: '<html>' });
    expect(await get('studio://app/assets/a.js')).toMatchObject({ status: 200, type: 'text/javascript; charset=utf-8' });
    for (const url of [
      'studio://app/../secret.txt',
      'studio://app/%2e%2e/secret.txt',
      'studio://app/assets/..%2F..%2Fsecret.txt',
      'studio://app/.env',
      'studio://app/assets/link.txt',
      'studio://other/index.html',
      'studio://app/%00',
      'studio://app/missing.js',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.body).not.toContain('SECRET');
      expect(res.csp).toBe(CONTENT_SECURITY_POLICY);
    }
  });
});

describe('who is the app', () => {
  const prod = appLocation(undefined);
  const dev = appLocation('http://localhost:5173/');
  it('recognises app URLs by scheme, host and port', () => {
    expect(isAppUrl(prod, 'studio://app/index.html')).toBe(true);
    expect(isAppUrl(prod, 'studio://evil/index.html')).toBe(false);
    expect(isAppUrl(prod, 'file:///index.html')).toBe(false);
    expect(isAppUrl(prod, 'https://app/index.html')).toBe(false);
    expect(isAppUrl(dev, 'http://localhost:5173/src/main.tsx')).toBe(true);
    expect(isAppUrl(dev, 'http://localhost:5174/')).toBe(false);
    expect(isAppUrl(prod, 'not a url')).toBe(false);
  });

  it('trusts only the top frame of the app', () => {
    expect(isTrustedSender({ senderFrame: { url: 'studio://app/index.html', parent: null } as never }, prod)).toBe(true);
    expect(isTrustedSender({ senderFrame: { url: 'studio://app/index.html', parent: {} } as never }, prod)).toBe(false);
    expect(isTrustedSender({ senderFrame: { url: 'https://evil.example/', parent: null } as never }, prod)).toBe(false);
    expect(isTrustedSender({ senderFrame: null }, prod)).toBe(false);
  });

  it('lets the renderer load only the app, in-memory URLs and (in development) the HMR socket', () => {
    expect(isAllowedRequest(prod, 'studio://app/assets/x.js')).toBe(true);
    expect(isAllowedRequest(prod, 'data:font/woff2;base64,AA')).toBe(true);
    expect(isAllowedRequest(prod, 'blob:studio://app/123')).toBe(true);
    expect(isAllowedRequest(prod, 'https://cdn.example/monaco.js')).toBe(false);
    expect(isAllowedRequest(prod, 'ws://localhost:5173/')).toBe(false);
    expect(isAllowedRequest(dev, 'ws://localhost:5173/')).toBe(true);
    expect(isAllowedRequest(dev, 'ws://localhost:9999/')).toBe(false);
  });
});

describe('the CSP', () => {
  it('forbids inline script, eval, plugins, frames and foreign connections', () => {
    const directives = Object.fromEntries(CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives['default-src']).toEqual(["'none'"]);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval/);
    expect(CONTENT_SECURITY_POLICY_META).not.toMatch(/frame-ancestors/);
    expect(contentSecurityPolicy({ connectSrc: ['ws://127.0.0.1:1'] })).toContain("connect-src 'self' ws://127.0.0.1:1");
  });
});

describe('the menu', () => {
  it('sends commands and shows dev tools only in development', () => {
    const sent: string[] = [];
    const flat = (dev: boolean, isMac: boolean) => {
      const out: Loose[] = [];
      const walk = (items: Loose[]) => items.forEach((i) => (out.push(i), Array.isArray(i.submenu) && walk(i.submenu)));
      walk(menuTemplate({ dev, isMac, send: (c) => sent.push(c) }));
      return out;
    };
    expect(flat(false, false).some((i) => i.role === 'toggleDevTools')).toBe(false);
    expect(flat(true, false).some((i) => i.role === 'toggleDevTools')).toBe(true);
    expect(flat(false, true)[0].label).toBe('Variant Studio');
    flat(false, false)
      .find((i) => i.label === 'Save a Copy of the Workspace…')
      .click();
    flat(false, false)
      .find((i) => i.label === 'Getting Started')
      .click();
    flat(false, false)
      .find((i) => i.label === 'Keyboard Shortcuts')
      .click();
    expect(sent).toEqual(['copyWorkspace', 'gettingStarted', 'shortcuts']);
  });
});

describe('window state', () => {
  const screen = [{ x: 0, y: 0, width: 1920, height: 1080 }];
  it('comes back where it was when that is on a display, else at the default size', () => {
    expect(placeWindow(undefined, screen)).toEqual({ ...DEFAULT_WINDOW_SIZE, maximized: false });
    expect(placeWindow({ x: 100, y: 50, width: 1200, height: 800, maximized: false }, screen)).toEqual({
      x: 100,
      y: 50,
      width: 1200,
      height: 800,
      maximized: false,
    });
    expect(placeWindow({ x: 5000, y: 50, width: 1200, height: 800, maximized: true }, screen)).toEqual({
      ...DEFAULT_WINDOW_SIZE,
      maximized: true,
    });
    expect(placeWindow({ x: 0, y: 0, width: 3000, height: 2000, maximized: false }, screen)).toEqual({
      x: 0,
      y: 0,
      width: 1920,
      height: 1080,
      maximized: false,
    });
  });

  it('is saved and loaded from the user-data folder', () => {
    const dir = tempDir();
    expect(loadWindowState(dir)).toBeUndefined();
    saveWindowState(dir, { x: 10.4, y: 20, width: 1000, height: 700, maximized: true });
    expect(loadWindowState(dir)).toEqual({ x: 10, y: 20, width: 1000, height: 700, maximized: true });
    fs.writeFileSync(path.join(dir, 'window-state.json'), '{broken');
    expect(loadWindowState(dir)).toBeUndefined();
  });
});

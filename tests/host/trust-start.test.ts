import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { keepServingOnUncaught } from '../../electron/host/last-resort.js';
import { DEEP_FLOW } from '../yaml/hostile-yaml.js';
import { killed, spawnTs } from './support/child.js';
import { hostsClosedAfterEach, miniWorkspace, tempDir, writeFiles, type Loose } from './support/fixtures.js';

/**
 * Issue 18, items 1 and 2: nothing thrown in a timer or an event handler ends the host (it is
 * logged, told to the renderer, and the host keeps serving); a start that cannot open the
 * remembered workspace opens the built-ins with a message, never a crash loop.
 */

const hosts = hostsClosedAfterEach();

function settingsWith(userData: string, settings: object): void {
  fs.writeFileSync(path.join(userData, 'settings.json'), `${JSON.stringify(settings)}\n`);
}

describe('the last resort', () => {
  it('a throw in the view refresh timer is logged and told to the renderer; the host keeps answering', async () => {
    const h = await hosts.start({ initialWorkspace: writeFiles(tempDir(), miniWorkspace()) });
    vi.spyOn(h.host.session!, 'view').mockImplementationOnce(() => {
      throw new Error('boom');
    });
    const notice = h.waitForEvent('host:notice');
    h.host.scheduleViewRefresh(0);
    expect(await notice).toEqual({
      kind: 'error',
      message: 'Something failed in the background (view refresh: boom). The app keeps running.',
    });
    expect(h.errors.splice(0).map((e) => `${e.where}: ${String(e.error)}`)).toEqual(['view refresh: Error: boom']);
    expect((await h.call('workspace:get')).name).toBe('Mini');
  });

  it('keepServingOnUncaught turns uncaught exceptions and rejections into notices', () => {
    const seen: string[] = [];
    const target = new EventEmitter();
    const stop = keepServingOnUncaught({ contain: (where, error) => seen.push(`${where}: ${String(error)}`) }, target);
    target.emit('uncaughtException', new Error('in a handler'));
    target.emit('unhandledRejection', new Error('never awaited'));
    stop();
    target.emit('unhandledRejection', new Error('after stop'));
    expect(seen).toEqual(['uncaught exception: Error: in a handler', 'unhandled promise rejection: Error: never awaited']);
  });

  it('a browser-mode server process survives a throw in a timer and an unawaited rejection, and tells its tabs', async () => {
    const userData = tempDir('vs-userdata-');
    const dist = writeFiles(tempDir('vs-dist-'), { 'index.html': '<!doctype html><title>app</title>' });
    const child = spawnTs('guarded-server.ts', [userData, writeFiles(tempDir(), miniWorkspace()), dist]);
    try {
      const url = new URL((await child.waitForLine(/^URL /, 60_000)).slice(4));
      const ws = new WebSocket(`ws://127.0.0.1:${url.port}/ws?token=${url.searchParams.get('token')}`);
      const messages: Loose[] = [];
      ws.on('message', (data) => messages.push(JSON.parse(String(data))));
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      child.kill('SIGUSR2');
      await child.waitForLine(/^THROWN$/);
      await expect
        .poll(() => messages.filter((m) => m.event === 'host:notice').map((m) => m.payload.message))
        .toEqual([
          'Something failed in the background (unhandled promise rejection: rejected and never awaited). The app keeps running.',
          'Something failed in the background (uncaught exception: thrown in a timer). The app keeps running.',
        ]);
      ws.send(JSON.stringify({ type: 'call', id: 1, channel: 'workspace:get', payload: {} }));
      await expect.poll(() => messages.find((m) => m.type === 'result' && m.id === 1)?.result.value.name).toBe('Mini');
      expect(child.exitCode).toBeNull();
      ws.close();
    } finally {
      await killed(child);
    }
  });
});

describe('a start that cannot open the remembered workspace', () => {
  it('opens the built-ins with a notice when the last run ended while opening it (no crash loop)', async () => {
    const folder = writeFiles(tempDir(), miniWorkspace());
    const userData = tempDir('vs-userdata-');
    // What a start killed while opening `folder` leaves behind.
    settingsWith(userData, { recent: [], last: { kind: 'folder', path: folder }, opening: folder });
    const h = await hosts.start({ userDataDir: userData });
    const view = await h.call('workspace:get');
    expect(view.builtin).toBe(true);
    expect(view.notices).toEqual([
      `The last run of the app ended while opening ${folder}, so it was not opened again: the built-in variants are open instead. Open the folder again (File ▸ Open) once it is fixed.`,
    ]);
    const saved = JSON.parse(fs.readFileSync(path.join(userData, 'settings.json'), 'utf8'));
    expect(saved.opening).toBeUndefined();
    expect(saved.last).toEqual({ kind: 'builtin' });
    // Opening the folder again works, and leaves no marker once it is open.
    expect((await h.call('workspace:openFolder', { path: folder })).root).toBe(folder);
    expect(JSON.parse(fs.readFileSync(path.join(userData, 'settings.json'), 'utf8')).opening).toBeUndefined();
  });

  it('a remembered workspace of 1000-deep YAML opens, with problems, in a fresh process (no abort)', async () => {
    const folder = writeFiles(tempDir(), { ...miniWorkspace(), 'workspace.yaml': DEEP_FLOW, 'tools/a.yaml': DEEP_FLOW });
    const userData = tempDir('vs-userdata-');
    settingsWith(userData, { recent: [], last: { kind: 'folder', path: folder } });
    const child = spawnTs('start-host.ts', [userData]);
    try {
      const opened = JSON.parse((await child.waitForLine(/^OPENED /, 60_000)).slice(7));
      expect(opened.builtin).toBe(false);
      expect(opened.root).toBe(folder);
      expect(opened.problems).toEqual([
        'workspace.yaml: YAML: collections are nested more than 64 deep; the file is not read',
        'tools/a.yaml: YAML: collections are nested more than 64 deep; the file is not read',
      ]);
    } finally {
      await killed(child);
    }
  });
});

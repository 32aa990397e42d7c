import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHANNELS, EVENTS, type CompareResult, type PreviewResult } from '../../shared/ipc/contract.js';
import { ANSWER_EVENT } from '../../shared/ipc/answer-rendezvous.js';
import { createDecodedApi, type WireBridge } from '../../shared/ipc/decoded-api.js';
import { EventEncoder } from '../../shared/ipc/event-codec.js';
import { previewEditSince } from '../../shared/ipc/preview-wire.js';
import { CONTENT_SECURITY_POLICY } from '../../shared/ipc/csp.js';
import { cleanupTempDirs, tempDir, writeFiles } from './support/fixtures.js';
import type { Loose } from './support/fixtures.js';

/**
 * The Electron binary cannot be downloaded on these machines, so the built bundles are
 * loaded under Node instead: main.js with a stand-in 'electron' module that records what it
 * is asked (tests/host/support/fake-electron.mjs), preload.cjs in a VM context whose require
 * knows only 'electron', as a sandboxed preload's. The bundles are built here, with the
 * project's vite.config.ts (only the renderer part is pointed at a stub page), so a broken
 * bundle format, a missing handler or a softened window fails this test.
 */

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const support = path.join(repo, 'tests/host/support');
const outDir = path.join(repo, 'dist-electron');
let report: Loose;

beforeAll(async () => {
  // The plugin decides the main bundle's module format from the package.json it finds above
  // the renderer root: the stub root gets the project's "type".
  const type = (JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as { type?: string }).type ?? 'commonjs';
  const stubRoot = writeFiles(tempDir('vs-stub-renderer-'), {
    'index.html': '<!doctype html><title>stub</title>',
    'package.json': JSON.stringify({ name: 'stub', private: true, type }),
  });
  await build({
    configFile: path.join(repo, 'vite.config.ts'),
    root: stubRoot,
    logLevel: 'warn',
    build: { outDir: path.join(tempDir('vs-stub-dist-'), 'dist'), emptyOutDir: true },
  });
  for (const file of ['main.js', 'preload.cjs']) {
    const stat = fs.statSync(path.join(outDir, file));
    expect(Date.now() - stat.mtimeMs, `${file} was just built`).toBeLessThan(120000);
  }
  const appData = tempDir('vs-appdata-');
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        path.join(support, 'fake-electron-register.mjs'),
        path.join(support, 'electron-driver.mjs'),
        path.join(outDir, 'main.js'),
      ],
      {
        env: { ...process.env, FAKE_ELECTRON_APPDATA: appData, VITE_DEV_SERVER_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`driver exited ${code}: ${err.slice(-3000)}`))));
  });
  const line = output.split('\n').find((l) => l.startsWith('REPORT '));
  if (!line) throw new Error(`no report from the driver: ${output.slice(-2000)}`);
  report = JSON.parse(line.slice('REPORT '.length));
}, 180000);

afterAll(() => cleanupTempDirs());

describe('the built main process (dist-electron/main.js)', () => {
  it('registers a handler for every contract channel, and only those', () => {
    expect(report.channels).toEqual(Object.keys(CHANNELS).sort());
  });

  it('creates one window with the hardened options and the sandboxed CommonJS preload', () => {
    expect(report.windows).toBe(1);
    const prefs = report.windowOptions.webPreferences;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(prefs.preload).toBe(path.join(outDir, 'preload.cjs'));
    expect(report.loadedUrl).toBe('studio://app/index.html');
    expect(report.privilegedSchemes).toEqual([{ scheme: 'studio', privileges: expect.objectContaining({ standard: true, secure: true }) }]);
    expect(report.protocolSchemes).toEqual(['studio']);
    expect(report.appCalls).toEqual(expect.arrayContaining(['enableSandbox', 'requestSingleInstanceLock']));
    // Before the app is ready: Chromium reads its features once, at start.
    expect(report.appCalls.indexOf('appendSwitch')).toBeLessThan(report.appCalls.indexOf('requestSingleInstanceLock'));
    expect(report.switches).toEqual([['disable-features', 'DeferRendererTasksAfterInput']]);
    expect(report.appEvents).toEqual(
      expect.arrayContaining(['second-instance', 'web-contents-created', 'before-quit', 'window-all-closed']),
    );
    expect(report.userData).toMatch(/Variant Studio$/);
  });

  it('answers only the app’s own top frame, with error values', () => {
    expect(report.ipc.trusted).toMatchObject({ ok: true, value: expect.objectContaining({ builtin: true }) });
    for (const refused of ['foreignOrigin', 'fileUrl', 'subframe', 'noFrame'])
      expect(report.ipc[refused], refused).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(report.ipc.invalidPayload).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    expect(report.ipc.machine).toMatchObject({ ok: true, value: { platform: process.platform } });
    expect(report.sentAfterOpen).toContain('workspace:changed');
  });

  it('denies navigation away from the app, new windows, webviews, permissions and network requests', () => {
    expect(report.navigation).toEqual({
      toEvil: true,
      toFile: true,
      toApp: false,
      redirectOut: true,
      webview: true,
      windowOpen: { action: 'deny' },
      preventUnloadListeners: 1,
    });
    expect(report.hardensEveryWebContents).toBe(true);
    // The only permission: writing to the clipboard, from the app's own page ("Copy prompt").
    expect(report.permissions).toEqual({
      media: false,
      notifications: false,
      check: false,
      device: false,
      clipboardWrite: true,
      clipboardWriteForeign: false,
      clipboardWriteCheck: true,
    });
    expect(report.requestsCancelled).toEqual({ app: false, https: true, http: true, ws: true, file: true, data: false });
  });

  it('exports and imports bundles through the system save and open dialogs', () => {
    expect(report.bundleDialogs.export).toEqual({ ok: true, value: { status: 'cancelled' } });
    expect(report.bundleDialogs.import).toEqual({
      ok: true,
      value: { fileDialogs: true, chunkBytes: 1024 * 1024, maxBundleBytes: 64 * 1024 * 1024 },
    });
    expect(report.bundleDialogs.asked).toEqual([
      ['save', 'Export a variant bundle', [{ name: 'Zip archives', extensions: ['zip'] }], 'xs.zip'],
    ]);
  });

  it('puts the strict CSP on every response and serves nothing outside the renderer', () => {
    expect(report.cspHeader).toEqual({ 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] });
    expect(CONTENT_SECURITY_POLICY).toMatch(/default-src 'none'/);
    expect(CONTENT_SECURITY_POLICY).toMatch(/script-src 'self'(;|$)/);
    for (const name of ['traversal', 'dotfile', 'otherHost'])
      expect(report.protocol[name], name).toEqual({ status: 404, csp: CONTENT_SECURITY_POLICY });
  });

  it('has the usual menu, whose commands reach the renderer as menu:command events', () => {
    expect(report.menu.top).toEqual(expect.arrayContaining(['File', 'Edit', 'View', 'windowMenu']));
    expect(report.menu.roles).toEqual(expect.arrayContaining(['zoomIn', 'zoomOut', 'resetZoom', 'toggleDevTools', 'copy', 'paste']));
    expect(report.menu.accelerators).toMatchObject({
      'Open Folder…': ['CmdOrCtrl+O', true],
      Save: ['CmdOrCtrl+S', false],
      'Save All': ['CmdOrCtrl+Alt+S', false],
      Undo: ['CmdOrCtrl+Z', false],
      Find: ['CmdOrCtrl+F', false],
    });
    expect(report.menu.sent).toEqual(
      // Every event goes in the one encoding of host events (shared/ipc/event-codec.ts).
      ['save', 'saveAll', 'openFolder', 'undo', 'redo', 'find'].map((command) => ['menu:command', { payload: { command } }]),
    );
  });
});

describe('the built preload (dist-electron/preload.cjs)', () => {
  function loadPreload(answer: (channel: string) => unknown = (channel) => ({ ok: true, value: `answer of ${channel}` })) {
    const exposed: [string, Loose][] = [];
    const invoked: [string, unknown][] = [];
    const subscribed: string[] = [];
    const removed: string[] = [];
    const required: string[] = [];
    const handlers = new Map<string, Set<(event: unknown, payload: unknown) => void>>();
    const electron = {
      contextBridge: { exposeInMainWorld: (key: string, value: unknown) => exposed.push([key, value]) },
      ipcRenderer: {
        invoke: async (channel: string, request: unknown) => {
          invoked.push([channel, request]);
          return answer(channel);
        },
        on: (event: string, handler: (event: unknown, payload: unknown) => void) => {
          subscribed.push(event);
          if (!handlers.has(event)) handlers.set(event, new Set());
          handlers.get(event)!.add(handler);
        },
        removeListener: (event: string, handler: (event: unknown, payload: unknown) => void) => {
          removed.push(event);
          handlers.get(event)?.delete(handler);
        },
      },
    };
    // What a sandboxed preload has: require('electron') (and a few Node-free modules), no fs, no process.
    const sandboxRequire = (name: string): unknown => {
      required.push(name);
      if (name === 'electron') return electron;
      throw new Error(`a sandboxed preload cannot require '${name}'`);
    };
    const code = fs.readFileSync(path.join(outDir, 'preload.cjs'), 'utf8');
    const module = { exports: {} };
    vm.runInNewContext(
      code,
      {
        require: sandboxRequire,
        module,
        exports: module.exports,
        console,
        URL,
        TextEncoder,
        TextDecoder,
        setTimeout,
        clearTimeout,
        queueMicrotask,
      },
      { filename: 'preload.cjs' },
    );
    /** A message of the main process, cloned as Electron IPC clones it. */
    const emit = (event: string, payload: unknown): void => {
      for (const handler of [...(handlers.get(event) ?? [])]) handler({}, structuredClone(payload));
    };
    const bridge = exposed[0]?.[1] as WireBridge;
    return { exposed, invoked, subscribed, removed, required, emit, bridge };
  }

  it('exposes only the contract’s wire as window.studioWire, requiring nothing but electron', async () => {
    const preload = loadPreload();
    expect(preload.required).toEqual(['electron']);
    expect(preload.exposed.map(([key]) => key)).toEqual(['studioWire']);
    const bridge = preload.exposed[0]![1];
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'on']);
    expect(Object.isFrozen(bridge)).toBe(true);
    for (const channel of Object.keys(CHANNELS)) {
      expect(await bridge.invoke(channel, { probe: channel })).toEqual({ ok: true, value: `answer of ${channel}` });
    }
    expect(preload.invoked.map(([channel]) => channel)).toEqual(Object.keys(CHANNELS));
    expect(preload.invoked[0]![1]).toEqual({ probe: Object.keys(CHANNELS)[0] });
    // Nothing the contract does not name reaches ipcRenderer.
    await expect(bridge.invoke('not-a-channel', {})).rejects.toThrow(/unknown channel 'not-a-channel'/);
    await expect(bridge.invoke('__proto__', {})).rejects.toThrow(/unknown channel/);
    expect(preload.invoked).toHaveLength(Object.keys(CHANNELS).length);
    expect(() => bridge.on('not-an-event', () => undefined)).toThrow(/unknown event/);
    expect(() => bridge.on('menu:command', 'not a function')).toThrow(/must be a function/);
    expect(preload.subscribed).toEqual([]);
    // An event's messages as they came, until the listener stops.
    const got: unknown[] = [];
    const off = bridge.on('menu:command', (wire: unknown) => got.push(wire));
    preload.emit('menu:command', { payload: { command: 'save' } });
    off();
    preload.emit('menu:command', { payload: { command: 'find' } });
    expect(got).toEqual([{ payload: { command: 'save' } }]);
    expect(preload.removed).toEqual(['menu:command']);
    for (const event of [...Object.keys(EVENTS), ANSWER_EVENT]) bridge.on(event, () => undefined);
    expect(preload.subscribed).toEqual(['menu:command', ...Object.keys(EVENTS), ANSWER_EVENT]);
  });

  it('with the page’s decoder: follows the patched results and their answers from the start, hands every other event once asked for', () => {
    const preload = loadPreload();
    const api = createDecodedApi(preload.bridge, (what, error) => console.error(what, error));
    expect(preload.subscribed).toEqual(['preview:result', 'compare:result', 'studio:answer']);
    const got: unknown[] = [];
    const off = api.on('menu:command', (payload: unknown) => got.push(payload));
    preload.emit('menu:command', { payload: { command: 'save' } });
    expect(got).toEqual([{ command: 'save' }]);
    off();
    preload.emit('menu:command', { payload: { command: 'find' } });
    expect(got).toEqual([{ command: 'save' }]);
    expect(() => api.on('not-an-event' as never, () => undefined)).toThrow(/unknown event/);
  });

  it('with the page’s decoder: one wire listener per event however many page listeners; one that throws is reported and the others still get the event', () => {
    const preload = loadPreload();
    const reported: [string, unknown][] = [];
    const api = createDecodedApi(preload.bridge, (what, error) => reported.push([what, error]));
    const got: unknown[] = [];
    const boom = new Error('boom');
    api.on('menu:command', () => {
      throw boom;
    });
    api.on('menu:command', (payload: unknown) => got.push(payload));
    expect(preload.subscribed).toEqual(['preview:result', 'compare:result', 'studio:answer', 'menu:command']);
    preload.emit('menu:command', { payload: { command: 'save' } });
    expect(got).toEqual([{ command: 'save' }]);
    expect(reported).toEqual([['listener of menu:command failed', boom]]);
  });

  it('with the page’s decoder: pairs compare:set’s answers that came with the events with their invokes, in either order, and the events after them patch them', async () => {
    let refs = 0;
    const preload = loadPreload((channel) =>
      channel === 'compare:set' ? { ok: true, value: { answerRef: ++refs } } : { ok: true, value: `answer of ${channel}` },
    );
    const api = createDecodedApi(preload.bridge, (what, error) => console.error(what, error));
    const encoder = new EventEncoder();
    const text = (s: string): string => `${s}\n${'lorem ipsum '.repeat(20)}`;
    const results: CompareResult[] = [1, 2, 3].map((seq) => ({
      seq,
      columns: [],
      rows: [{ key: '(template text)', cells: [{ text: text('x'.repeat(seq)) }] }],
    }));
    const answer = (id: number, result: CompareResult) =>
      preload.emit('studio:answer', { id, channel: 'compare:set', wire: encoder.encodeAnswer('compare:set', result) });
    // The answer before the invoke's reply.
    answer(1, results[0]!);
    expect(await api['compare:set']({ columns: [] } as never)).toEqual({ ok: true, value: results[0] });
    // The reply first: the call waits for its answer, a patch of the first.
    let second: unknown;
    const asked = api['compare:set']({ columns: [] } as never).then((r: unknown) => (second = r));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(second).toBeUndefined();
    answer(2, results[1]!);
    await asked;
    expect(second).toEqual({ ok: true, value: results[1] });
    const got: unknown[] = [];
    api.on('compare:result', (payload: unknown) => got.push(payload));
    const wire = encoder.encode('compare:result', results[2]!);
    expect(wire.patch).toMatchObject({ fromSeq: 2 });
    preload.emit('compare:result', wire);
    expect(got).toEqual([results[2]]);
    // An answer that cannot be read is an error value, not a call that never ends.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = api['compare:set']({ columns: [] } as never);
    preload.emit('studio:answer', { id: 3, channel: 'compare:set', wire: { payload: results[2], patch: { fromSeq: 99, cells: [] } } });
    expect(await broken).toEqual({ ok: false, error: { code: 'INTERNAL', message: 'the answer of compare:set could not be read' } });
    expect(logged.mock.calls.map(([first]) => first)).toEqual(['host answer of compare:set:']);
    logged.mockRestore();
    // Another channel's answer of the same shape is that answer.
    expect(await api['workspace:get']({})).toEqual({ ok: true, value: 'answer of workspace:get' });
  });

  it('with the page’s decoder: hands on compare and preview results whole, however the host patched them, and knows the edit a patch made', () => {
    const preload = loadPreload();
    const api = createDecodedApi(preload.bridge, (what, error) => console.error(what, error));
    const got: unknown[] = [];
    api.on('compare:result', (payload: unknown) => got.push(payload));
    api.on('compare:result', (payload: unknown) => got.push(payload));
    const encoder = new EventEncoder();
    const text = (s: string): string => `${s}\n${'lorem ipsum '.repeat(20)}`;
    const results: CompareResult[] = [1, 2, 3].map((seq) => ({
      seq,
      columns: [],
      rows: [{ key: '(template text)', cells: [{ text: text('x'.repeat(seq)) }, { reason: 'disabled' }] }],
    }));
    const wires = results.map((r) => encoder.encode('compare:result', r));
    expect(wires[1]!.patch).toBeDefined();
    for (const wire of wires) preload.emit('compare:result', wire);
    // Each result decoded once, to both listeners.
    expect(got).toEqual(results.flatMap((r) => [r, r]));
    // Decoded in the page, what the patch changed is known of the very object the page got
    // (a WeakMap of the decoder: decoded in the preload, it would not cross contextBridge).
    const previews: PreviewResult[] = [];
    api.on('preview:result', (payload: unknown) => previews.push(payload as PreviewResult));
    const preview = (seq: number, prompt: string): PreviewResult => ({
      seq,
      target: { kind: 'variant', variantId: 'generic' },
      outcome: { ok: true, kind: 'variant', result: { kind: 'variant', text: prompt } as never, durationMs: 1 },
      baseline: { spec: { kind: 'none' }, text: null },
    });
    const base = `a\n${'lorem ipsum dolor '.repeat(200)}`;
    const sent = [preview(1, base), preview(2, `${base}b`)];
    const wired = sent.map((result) => encoder.encode('preview:result', result));
    expect(wired[1]!.patch).toBeDefined();
    for (const wire of wired) preload.emit('preview:result', wire);
    expect(previews).toEqual(sent);
    const built = previews[1]!.outcome.ok ? previews[1]!.outcome.result : undefined;
    expect(previewEditSince(built!, base)).toEqual({ start: base.length, endOld: base.length, text: 'b' });
  });
});

// Loads the built Electron main process (dist-electron/main.js) under plain Node with the
// fake 'electron' module, drives what Electron would do (ready, IPC calls from trusted and
// foreign frames, navigation, permissions, requests) and prints a JSON report on stdout.
// Usage: node --import ./fake-electron-register.mjs electron-driver.mjs <main.js>
import { pathToFileURL } from 'node:url';

const mainJs = process.argv[2];
if (!mainJs) throw new Error('usage: electron-driver <main.js>');

await import(pathToFileURL(mainJs).href);
const fake = globalThis.__fakeElectron;
const deadline = Date.now() + 20000;
while (fake.windows.length === 0) {
  if (Date.now() > deadline) throw new Error('the main process created no window');
  await new Promise((resolve) => setTimeout(resolve, 20));
}
const win = fake.windows[0];
const appUrl = win.loadedUrl;

const frame = (url, parent = null) => ({ senderFrame: { url, parent } });
const call = (channel, event, payload) => fake.ipcHandlers.get(channel)(event, payload);

const report = {
  windows: fake.windows.length,
  windowOptions: win.options,
  loadedUrl: appUrl,
  channels: [...fake.ipcHandlers.keys()].sort(),
  privilegedSchemes: fake.privilegedSchemes,
  protocolSchemes: [...fake.protocolHandlers.keys()],
  appCalls: fake.appCalls.map((c) => c[0]),
  switches: fake.appCalls.filter((c) => c[0] === 'appendSwitch').map((c) => c.slice(1)),
  appEvents: [...fake.appEvents.keys()].sort(),
  userData: fake.paths.get('userData'),
};

report.ipc = {
  trusted: await call('workspace:get', frame(appUrl), {}),
  foreignOrigin: await call('workspace:get', frame('https://evil.example/index.html'), {}),
  fileUrl: await call('workspace:get', frame('file:///etc/passwd'), {}),
  subframe: await call('workspace:get', frame(appUrl, { url: appUrl }), {}),
  noFrame: await call('workspace:get', { senderFrame: null }, {}),
  invalidPayload: await call('doc:read', frame(appUrl), { ref: { kind: 'component', componentId: '../../etc/passwd' } }),
  machine: await call('machine:info', frame(appUrl), {}),
};

// Events reach the window.
fake.sent.length = 0;
await call('workspace:openBuiltin', frame(appUrl), {});
report.sentAfterOpen = fake.sent.map((s) => s.channel);

// Navigation, new windows, webviews.
const prevented = (event, ...args) => {
  let stopped = false;
  const e = { preventDefault: () => (stopped = true) };
  for (const listener of win.webContents.listeners(event)) listener(e, ...args);
  return stopped;
};
report.navigation = {
  toEvil: prevented('will-navigate', 'https://evil.example/'),
  toFile: prevented('will-navigate', 'file:///etc/passwd'),
  toApp: prevented('will-navigate', appUrl),
  redirectOut: prevented('will-redirect', 'https://evil.example/'),
  webview: prevented('will-attach-webview', {}, {}),
  windowOpen: win.webContents.windowOpenHandler?.({ url: 'https://evil.example/' }),
  preventUnloadListeners: win.webContents.listenerCount('will-prevent-unload'),
};
const created = fake.appEvents.get('web-contents-created') ?? [];
report.hardensEveryWebContents = created.length > 0;

// Permissions and requests.
// Electron calls (webContents, permission, callback, details).
const ask = (permission) =>
  new Promise((resolve) => fake.session.permissionRequest(win.webContents, permission, resolve, { requestingUrl: appUrl }));
const askFrom = (permission, requestingUrl) =>
  new Promise((resolve) => fake.session.permissionRequest(win.webContents, permission, resolve, { requestingUrl }));
report.permissions = {
  media: await ask('media'),
  notifications: await ask('notifications'),
  check: fake.session.permissionCheck(win.webContents, 'clipboard-read', appUrl, {}),
  device: fake.session.devicePermission({ deviceType: 'usb' }),
  clipboardWrite: await ask('clipboard-sanitized-write'),
  clipboardWriteForeign: await askFrom('clipboard-sanitized-write', 'https://evil.example/'),
  clipboardWriteCheck: fake.session.permissionCheck(
    win.webContents,
    'clipboard-sanitized-write',
    `${new URL(appUrl).protocol}//${new URL(appUrl).host}`,
    {},
  ),
};

// Bundles on the desktop: the system's save and open dialogs.
fake.dialogs.length = 0;
report.bundleDialogs = {
  export: await call('bundle:export', frame(appUrl), { format: 'bundle', variants: ['xs'] }),
  import: await call('workspace:get', frame(appUrl), {}).then(() => call('bundle:capabilities', frame(appUrl), {})),
  asked: fake.dialogs.map(([kind, options]) => [kind, options.title, options.filters, options.defaultPath?.split(/[\\/]/).pop()]),
};
const headers = await new Promise((resolve) =>
  fake.session.headersReceived({ url: appUrl, responseHeaders: { 'content-security-policy': ['default-src *'] } }, resolve),
);
report.cspHeader = headers.responseHeaders;
const request = (url) => new Promise((resolve) => fake.session.beforeRequest({ url }, (r) => resolve(r.cancel)));
report.requestsCancelled = {
  app: await request(`${new URL(appUrl).protocol}//app/assets/x.js`),
  https: await request('https://example.com/x.js'),
  http: await request('http://127.0.0.1:1234/'),
  ws: await request('ws://127.0.0.1:1234/'),
  file: await request('file:///etc/passwd'),
  data: await request('data:text/plain,hi'),
};
const served = async (url) => {
  const response = await fake.protocolHandlers.get('studio')({ url });
  return { status: response.status, csp: response.headers.get('content-security-policy') };
};
report.protocol = {
  traversal: await served('studio://app/..%2F..%2Fpackage.json'),
  dotfile: await served('studio://app/.env'),
  otherHost: await served('studio://evil/index.html'),
};

// The menu: commands reach the renderer as menu:command events.
const items = [];
const walk = (entries) => {
  for (const item of entries) {
    items.push(item);
    if (Array.isArray(item.submenu)) walk(item.submenu);
  }
};
walk(fake.menu.template);
fake.sent.length = 0;
for (const label of ['Save', 'Save All', 'Open Folder…', 'Undo', 'Redo', 'Find']) items.find((i) => i.label === label)?.click?.();
report.menu = {
  top: fake.menu.template.map((i) => i.label ?? i.role),
  roles: items.filter((i) => i.role).map((i) => i.role),
  accelerators: Object.fromEntries(items.filter((i) => i.accelerator).map((i) => [i.label, [i.accelerator, i.registerAccelerator]])),
  sent: fake.sent.map((s) => [s.channel, s.payload]),
};

// Quitting flushes drafts and closes the host.
for (const listener of fake.appEvents.get('before-quit') ?? []) listener();
for (const listener of fake.appEvents.get('will-quit') ?? []) listener();

process.stdout.write(`REPORT ${JSON.stringify(report)}\n`);
setTimeout(() => process.exit(0), 200);

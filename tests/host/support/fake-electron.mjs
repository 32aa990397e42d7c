// A stand-in for the 'electron' module, for loading the built main process under plain
// Node (the Electron binary cannot be downloaded here). It records what the main process
// asks of Electron in globalThis.__fakeElectron, for tests/host/support/electron-driver.mjs.
import { EventEmitter } from 'node:events';
import path from 'node:path';

const record = {
  windows: [],
  ipcHandlers: new Map(),
  privilegedSchemes: [],
  protocolHandlers: new Map(),
  session: { permissionRequest: null, permissionCheck: null, devicePermission: null, headersReceived: null, beforeRequest: null },
  appEvents: new Map(),
  appCalls: [],
  paths: new Map([['appData', process.env.FAKE_ELECTRON_APPDATA ?? path.join(process.cwd(), '.fake-appdata')]]),
  menu: null,
  sent: [],
  dialogs: [],
};
globalThis.__fakeElectron = record;

class FakeWebContents extends EventEmitter {
  constructor() {
    super();
    this.windowOpenHandler = null;
    this.mainFrame = { url: '', parent: null };
  }
  setWindowOpenHandler(handler) {
    this.windowOpenHandler = handler;
  }
  send(channel, payload) {
    record.sent.push({ channel, payload });
  }
  isDestroyed() {
    return false;
  }
}

export class BrowserWindow extends EventEmitter {
  constructor(options) {
    super();
    this.options = options;
    this.webContents = new FakeWebContents();
    this.loadedUrl = null;
    this.maximized = false;
    record.windows.push(this);
  }
  loadURL(url) {
    this.loadedUrl = url;
    this.webContents.mainFrame.url = url;
    return Promise.resolve();
  }
  loadFile(file) {
    return this.loadURL(`file://${file}`);
  }
  maximize() {
    this.maximized = true;
  }
  isMaximized() {
    return this.maximized;
  }
  isMinimized() {
    return false;
  }
  restore() {}
  focus() {}
  show() {}
  getNormalBounds() {
    return { x: 10, y: 20, width: this.options.width, height: this.options.height };
  }
}

export const app = {
  isPackaged: false,
  getName: () => 'Variant Studio',
  getPath: (name) => {
    const p = record.paths.get(name);
    if (!p) throw new Error(`fake electron: no path '${name}'`);
    return p;
  },
  setPath: (name, value) => {
    record.appCalls.push(['setPath', name, value]);
    record.paths.set(name, value);
  },
  enableSandbox: () => record.appCalls.push(['enableSandbox']),
  commandLine: {
    appendSwitch: (name, value) => record.appCalls.push(['appendSwitch', name, value]),
  },
  requestSingleInstanceLock: () => {
    record.appCalls.push(['requestSingleInstanceLock']);
    return true;
  },
  on: (event, listener) => {
    record.appEvents.set(event, [...(record.appEvents.get(event) ?? []), listener]);
    return app;
  },
  whenReady: () => Promise.resolve(),
  quit: () => record.appCalls.push(['quit']),
};

export const ipcMain = {
  handle: (channel, handler) => {
    if (record.ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    record.ipcHandlers.set(channel, handler);
  },
  removeHandler: (channel) => record.ipcHandlers.delete(channel),
};

export const protocol = {
  registerSchemesAsPrivileged: (schemes) => record.privilegedSchemes.push(...schemes),
  handle: (scheme, handler) => record.protocolHandlers.set(scheme, handler),
};

export const session = {
  defaultSession: {
    setPermissionRequestHandler: (h) => (record.session.permissionRequest = h),
    setPermissionCheckHandler: (h) => (record.session.permissionCheck = h),
    setDevicePermissionHandler: (h) => (record.session.devicePermission = h),
    webRequest: {
      onHeadersReceived: (h) => (record.session.headersReceived = h),
      onBeforeRequest: (h) => (record.session.beforeRequest = h),
    },
  },
};

export const Menu = {
  buildFromTemplate: (template) => ({ template }),
  setApplicationMenu: (menu) => (record.menu = menu),
};

export const dialog = {
  showOpenDialog: async (...args) => (record.dialogs.push(['open', args.at(-1)]), { canceled: true, filePaths: [] }),
  showSaveDialog: async (...args) => (record.dialogs.push(['save', args.at(-1)]), { canceled: true }),
  showMessageBoxSync: () => 1,
};

export const screen = {
  getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
};

export const shell = { openExternal: async () => undefined };
export const contextBridge = { exposeInMainWorld: () => undefined };
export const ipcRenderer = { invoke: async () => undefined, on: () => undefined, removeListener: () => undefined };

// No OS keychain here: like a Linux machine without a secret store (keys stay in memory).
export const safeStorage = {
  isEncryptionAvailable: () => false,
  getSelectedStorageBackend: () => 'basic_text',
  encryptString: () => {
    throw new Error('fake electron: no keychain');
  },
  decryptString: () => {
    throw new Error('fake electron: no keychain');
  },
};

export default { app, BrowserWindow, ipcMain, protocol, session, Menu, dialog, screen, shell, contextBridge, ipcRenderer, safeStorage };

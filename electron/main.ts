import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, Menu, screen, session } from 'electron';
import type { MenuCommand } from '../shared/ipc/contract.js';
import { keepServingOnUncaught } from './host/last-resort.js';
import { createStudioHost, type FilePurpose, type FolderPurpose, type StudioHost } from './host/studio-host.js';
import { APP_DATA_NAME } from './host/user-data-dir.js';
import { loadWindowState, placeWindow, saveWindowState } from './host/window-state.js';
import { registerAppScheme, serveApp } from './wiring/app-protocol.js';
import { disableChromiumFeatures } from './wiring/chromium-features.js';
import { appLocation } from './wiring/app-url.js';
import { forwardEvent, registerIpc } from './wiring/ipc.js';
import { keychainCipher } from './wiring/key-cipher.js';
import { menuTemplate } from './wiring/menu.js';
import { hardenSession, hardenWebContents } from './wiring/security.js';

/**
 * The Electron main process: one hardened window on the host services. Everything the
 * renderer can do goes through the typed contract (./wiring/ipc.ts); files, builds and
 * drafts live in the host (./host), shared with browser mode.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const appRoot = path.join(here, '..');
const location = appLocation(process.env.VITE_DEV_SERVER_URL);
const devMode = location.dev || !app.isPackaged;

// Same settings and drafts folder as browser mode.
app.setPath('userData', path.join(app.getPath('appData'), APP_DATA_NAME));
app.enableSandbox();
disableChromiumFeatures(app.commandLine);
registerAppScheme();

let mainWindow: BrowserWindow | undefined;
let host: StudioHost | undefined;

function sendMenuCommand(command: MenuCommand): void {
  forwardEvent(mainWindow?.webContents, 'menu:command', { command });
}

const FOLDER_DIALOGS: Record<FolderPurpose, { title: string; buttonLabel: string }> = {
  open: { title: 'Open a workspace folder', buttonLabel: 'Open' },
  copy: { title: 'Choose an empty folder for the copy', buttonLabel: 'Copy here' },
  'working-folder': { title: 'Choose the working folder whose instruction files the preview reads', buttonLabel: 'Choose' },
};

async function pickFolder(purpose: FolderPurpose, defaultPath?: string): Promise<string | null> {
  const options: Electron.OpenDialogOptions = {
    ...FOLDER_DIALOGS[purpose],
    ...(defaultPath ? { defaultPath } : {}),
    properties: purpose === 'working-folder' ? ['openDirectory'] : ['openDirectory', 'createDirectory'],
  };
  const result = mainWindow ? await dialog.showOpenDialog(mainWindow, options) : await dialog.showOpenDialog(options);
  return result.canceled ? null : (result.filePaths[0] ?? null);
}

const ZIP_FILTERS = [{ name: 'Zip archives', extensions: ['zip'] }];
const FILE_DIALOGS: Record<FilePurpose, { title: string; buttonLabel: string }> = {
  'import-bundle': { title: 'Import a variant bundle', buttonLabel: 'Import' },
  'export-bundle': { title: 'Export a variant bundle', buttonLabel: 'Export' },
  'export-files': { title: 'Export as a zip of files', buttonLabel: 'Export' },
  'export-case': { title: 'Save the capture as conformance cases', buttonLabel: 'Save' },
};

/** The system's open dialog for a bundle to import, its save dialog for exports. */
async function pickFile(purpose: FilePurpose, defaultName?: string): Promise<string | null> {
  if (purpose === 'import-bundle') {
    const options: Electron.OpenDialogOptions = { ...FILE_DIALOGS[purpose], filters: ZIP_FILTERS, properties: ['openFile'] };
    const result = mainWindow ? await dialog.showOpenDialog(mainWindow, options) : await dialog.showOpenDialog(options);
    return result.canceled ? null : (result.filePaths[0] ?? null);
  }
  const options: Electron.SaveDialogOptions = {
    ...FILE_DIALOGS[purpose],
    filters: purpose === 'export-case' ? [{ name: 'JSON', extensions: ['json'] }] : ZIP_FILTERS,
    ...(defaultName ? { defaultPath: defaultName } : {}),
    properties: ['createDirectory', 'showOverwriteConfirmation'],
  };
  const result = mainWindow ? await dialog.showSaveDialog(mainWindow, options) : await dialog.showSaveDialog(options);
  return result.canceled || !result.filePath ? null : result.filePath;
}

function createWindow(): BrowserWindow {
  const userData = app.getPath('userData');
  const placed = placeWindow(
    loadWindowState(userData),
    screen.getAllDisplays().map((d) => d.workArea),
  );
  const win = new BrowserWindow({
    ...(placed.x !== undefined && placed.y !== undefined ? { x: placed.x, y: placed.y } : {}),
    width: placed.width,
    height: placed.height,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Variant Studio',
    backgroundColor: '#1e1e1e',
    webPreferences: {
      preload: path.join(here, 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      safeDialogs: true,
      devTools: devMode,
    },
  });
  if (placed.maximized) win.maximize();
  hardenWebContents(win.webContents, location);
  win.once('ready-to-show', () => {
    win.show();
    // The tokenizer's tables take a moment to load; do it while the page starts, not at its first count.
    setTimeout(() => host?.warmUp(), 200);
  });
  win.webContents.on('will-prevent-unload', (event) => {
    // The renderer asks before losing unsaved work (beforeunload); Electron leaves the question to us.
    const choice = dialog.showMessageBoxSync(win, {
      type: 'question',
      buttons: ['Close anyway', 'Cancel'],
      defaultId: 1,
      cancelId: 1,
      title: 'Unsaved changes',
      message: 'Some documents have unsaved changes.',
      detail: 'They are kept as drafts and offered again at the next start.',
    });
    if (choice === 0) event.preventDefault();
  });
  win.on('close', () => {
    const bounds = win.getNormalBounds();
    saveWindowState(userData, { ...bounds, maximized: win.isMaximized() });
  });
  win.on('closed', () => {
    if (mainWindow === win) mainWindow = undefined;
  });
  void win.loadURL(location.entry);
  return win;
}

async function start(): Promise<void> {
  hardenSession(session.defaultSession, location);
  if (!location.dev) serveApp(path.join(appRoot, 'dist'));
  host = createStudioHost({
    userDataDir: app.getPath('userData'),
    builtinDir: app.isPackaged ? path.join(process.resourcesPath, 'variants') : undefined,
    pickFolder,
    pickFile,
    validate: location.dev,
    keyCipher: keychainCipher(),
    onError: (where, error) => console.error(`[host] ${where}:`, error),
  });
  host.subscribe((event, payload) => forwardEvent(mainWindow?.webContents, event, payload));
  keepServingOnUncaught(host);
  registerIpc(ipcMain, host.dispatch, location);
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate({ isMac: process.platform === 'darwin', dev: devMode, send: sendMenuCommand, appName: app.getName() }),
    ),
  );
  try {
    await host.start();
  } catch (error) {
    console.error('[host] cannot open the last workspace:', error);
  }
  mainWindow = createWindow();
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, location));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (!mainWindow && host) mainWindow = createWindow();
  });
  app.on('before-quit', () => host?.flushDraftsSync());
  app.on('will-quit', () => void host?.close());
  app.whenReady().then(start, (error: unknown) => {
    console.error(error);
    app.quit();
  });
}

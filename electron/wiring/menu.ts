import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from '../../shared/ipc/contract.js';

/**
 * The application menu as data. Commands the renderer also binds to keys itself (save, save
 * all, undo, redo, find, replace, command palette — it must in browser mode, which has no
 * menu) only show their shortcut here (registerAccelerator: false) and send the command when
 * clicked, so a key press is handled once. Zoom, reload and dev tools are Electron roles.
 */
export interface MenuOptions {
  isMac: boolean;
  /** Development: reload and dev tools. */
  dev: boolean;
  send: (command: MenuCommand) => void;
  appName?: string;
}

export function menuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const { isMac, dev, send } = options;
  const command = (label: string, cmd: MenuCommand, accelerator?: string, registerAccelerator = false): MenuItemConstructorOptions => ({
    label,
    ...(accelerator ? { accelerator, registerAccelerator } : {}),
    click: () => send(cmd),
  });
  const template: MenuItemConstructorOptions[] = [];
  if (isMac) {
    template.push({
      label: options.appName ?? 'Variant Studio',
      submenu: [
        { role: 'about' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' },
      ],
    });
  }
  template.push({
    label: 'File',
    submenu: [
      command('Open Folder…', 'openFolder', 'CmdOrCtrl+O', true),
      command('Open Built-in Variants', 'openBuiltin'),
      command('Save a Copy of the Workspace…', 'copyWorkspace'),
      { type: 'separator' },
      command('Save', 'save', 'CmdOrCtrl+S'),
      command('Save All', 'saveAll', 'CmdOrCtrl+Alt+S'),
      { type: 'separator' },
      isMac ? { role: 'close' } : { role: 'quit' },
    ],
  });
  template.push({
    label: 'Edit',
    submenu: [
      command('Undo', 'undo', 'CmdOrCtrl+Z'),
      command('Redo', 'redo', isMac ? 'Shift+CmdOrCtrl+Z' : 'CmdOrCtrl+Y'),
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'selectAll' },
      { type: 'separator' },
      command('Find', 'find', 'CmdOrCtrl+F'),
      command('Replace', 'replace', isMac ? 'Alt+CmdOrCtrl+F' : 'CmdOrCtrl+H'),
    ],
  });
  const view: MenuItemConstructorOptions[] = [
    command('Command Palette…', 'commandPalette', 'CmdOrCtrl+Shift+P'),
    { type: 'separator' },
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  if (dev) view.push({ type: 'separator' }, { role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' });
  template.push({ label: 'View', submenu: view });
  template.push({ role: 'windowMenu' });
  template.push({
    role: 'help',
    submenu: [command('Getting Started', 'gettingStarted'), command('Keyboard Shortcuts', 'shortcuts', 'CmdOrCtrl+Shift+H')],
  });
  return template;
}

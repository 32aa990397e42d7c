import os from 'node:os';
import path from 'node:path';

/** The folder name Electron's userData uses (the productName), shared by both modes. */
export const APP_DATA_NAME = 'Variant Studio';

/**
 * Where Electron's app.getPath('userData') points on this platform, so browser mode and the
 * desktop app share recent workspaces and drafts.
 */
export function defaultUserDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  const home = os.homedir();
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), APP_DATA_NAME);
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', APP_DATA_NAME);
  return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), APP_DATA_NAME);
}

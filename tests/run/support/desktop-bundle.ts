import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type ElectronOptions } from 'vite-plugin-electron';
import { mergeConfig } from 'vite';
import { mainBuild } from '../../../vite.config.js';

/**
 * The desktop app's main-process bundle (main.js and the eval worker's entry, vite.config.ts),
 * built by vite-plugin-electron as `npm run build` builds it, into a temporary folder. The
 * bundle holds its dependencies (only Node's and Electron's modules stay outside), so the
 * worker's file runs under plain Node there.
 */
export async function buildMainBundle(): Promise<string> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'vs-main-bundle-'));
  const options: ElectronOptions = mainBuild(outDir);
  // As vite-plugin-electron/simple adds it to the app's main build.
  await build({
    ...options,
    vite: mergeConfig(options.vite ?? {}, { logLevel: 'silent', build: { rolldownOptions: { platform: 'node' } } }),
  });
  // As the package.json next to dist-electron/ says: ES modules.
  writeFileSync(path.join(outDir, 'package.json'), '{ "type": "module" }\n');
  return outDir;
}

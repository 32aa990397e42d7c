import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * A worker thread's built file next to the module at `moduleUrl`: in dist-lib/ (browser mode,
 * the CLI's build: tsc puts it beside its source's module) or in dist-electron/ (the desktop
 * bundle: an entry of its own in vite.config.ts, beside the chunks). Undefined when the host runs
 * from its TypeScript sources (the unit tests): the work then runs on the host's thread.
 */
export function builtWorkerFile(name: string, moduleUrl: string): URL | undefined {
  const url = new URL(name, moduleUrl);
  return url.protocol === 'file:' && fs.existsSync(fileURLToPath(url)) ? url : undefined;
}

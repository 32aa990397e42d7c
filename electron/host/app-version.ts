import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from './builtin-workspace.js';

let cached: string | undefined;

/** This app's version (package.json), written into bundle manifests and printed by `--version`. */
export function appVersion(): string {
  if (cached === undefined) {
    try {
      cached = (JSON.parse(readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
    } catch {
      cached = '0.0.0';
    }
  }
  return cached;
}

import { mkdirSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { workspaceJsonSchemas } from '../../shared/engine/workspace/json-schemas.js';
import { EXIT_FINDINGS, EXIT_OK, type CliIo } from '../cli-io.js';
import { openWorkspace } from '../workspace-input.js';
import type { CommonOptions } from './options.js';

export interface SchemasCommandOptions extends CommonOptions {
  dir?: string | undefined;
  check: boolean;
}

/** Writes the JSON Schemas of the workspace's YAML files (default <workspace>/schemas); --check only compares. */
export function schemasCommand(options: SchemasCommandOptions, io: CliIo): number {
  const dir = options.dir ? path.resolve(io.cwd, options.dir) : path.join(openWorkspace(options.workspace, io.cwd).dir, 'schemas');
  let stale = 0;
  for (const [name, schema] of Object.entries(workspaceJsonSchemas())) {
    const file = path.join(dir, name);
    const text = `${JSON.stringify(schema, null, 2)}\n`;
    const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    if (current === text) continue;
    if (options.check) {
      stale++;
      io.stdout(`${current === undefined ? 'missing' : 'out of date'}: ${file}\n`);
      continue;
    }
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, text);
    io.stdout(`wrote ${file}\n`);
  }
  return stale > 0 ? EXIT_FINDINGS : EXIT_OK;
}

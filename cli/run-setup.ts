import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { deterministicBuildOptions } from '../shared/engine/snapshots/snapshot-files.js';
import { loadStackProfile } from '../shared/stack/load-profile.js';
import { ConnectionSettingsSchema, standardConnections, type ConnectionSettings } from '../shared/wire/connections.js';
import type { BuildInputs } from '../electron/host/build-runner.js';
import { ConnectionService } from '../electron/host/run/connection-service.js';
import { MemoryKeyStore } from '../electron/host/run/key-store.js';
import { folderFileSource } from '../electron/host/folder-source.js';
import { UsageError } from './cli-io.js';
import type { LoadedWorkspace } from './workspace-input.js';

/**
 * What `run` and `eval` share: the connections (a file with the app's settings schema, keys by
 * environment variable name only; else the standard variables), and build inputs made like
 * the export's (a fixed date and machine), so the body sent is the one `export --format
 * request` writes and recordings stay valid from day to day.
 */

export function cliConnections(file: string | undefined, cwd: string, env: NodeJS.ProcessEnv): ConnectionService {
  let settings: ConnectionSettings;
  if (file) {
    let data: unknown;
    try {
      data = parseYaml(readFileSync(path.resolve(cwd, file), 'utf8'), { maxAliasCount: 100 });
    } catch (error) {
      throw new UsageError(`--connections '${file}': ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
    const parsed = ConnectionSettingsSchema.safeParse(data ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new UsageError(`--connections '${file}': ${issue.path.map(String).join('.') || '(file)'}: ${issue.message}`);
    }
    settings = parsed.data;
  } else {
    settings = { connections: standardConnections(env) };
  }
  return new ConnectionService({ keys: new MemoryKeyStore(), env, settings });
}

export function cliBuildInputs(ws: LoadedWorkspace, date: string | undefined): BuildInputs {
  const source = folderFileSource(ws.dir);
  return {
    snapshot: ws.snapshot,
    profile: (id) => {
      const loaded = loadStackProfile(source, `profiles/${id}`);
      return { profile: loaded.profile, problems: loaded.problems };
    },
    options: deterministicBuildOptions(date),
  };
}

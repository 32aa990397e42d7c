import fs from 'node:fs';
import path from 'node:path';
import { API_KINDS } from '../../../shared/requests/api-kind.js';
import {
  baseUrlOf,
  ConnectionSettingsSchema,
  keyEnvOf,
  STANDARD_ENV,
  type Connection,
  type ConnectionSettings,
} from '../../../shared/wire/connections.js';
import { HostError } from '../../../shared/ipc/host-error.js';
import { writeFileAtomicSync } from '../atomic-save.js';
import type { KeyStore } from './key-store.js';

/**
 * The user's connections (settings, in `<userData>/connections.json`, or a CLI connections
 * file), with their keys resolved from the key store or the environment. The views it gives
 * say only whether a key is set and where from.
 */

export type KeySource = 'keychain' | 'session' | 'environment';

export interface ConnectionView {
  id: string;
  api: Connection['api'];
  baseUrl: string;
  keyEnv: string;
  keySet: boolean;
  keySource: KeySource | null;
  /** One of the four standard connections (ids are the API names), listed even when not saved. */
  standard: boolean;
}

export interface ConnectionServiceOptions {
  keys: KeyStore;
  env: Readonly<Record<string, string | undefined>>;
  /** Settings file to read and write (the app); absent: `settings` only (the CLI). */
  file?: string | undefined;
  settings?: ConnectionSettings | undefined;
}

export class ConnectionService {
  private current: ConnectionSettings;

  constructor(private readonly options: ConnectionServiceOptions) {
    this.current = options.settings ?? (options.file ? readSettings(options.file) : { connections: [] });
  }

  settings(): ConnectionSettings {
    return this.current;
  }

  /** Saved connections, then the standard ones not saved under their id (base URL from the standard variable when set). */
  all(): { connection: Connection; standard: boolean }[] {
    const saved = this.current.connections.map((connection) => ({ connection, standard: false }));
    if (!this.options.file) return saved;
    const standard = API_KINDS.filter((api) => !this.current.connections.some((c) => c.id === api)).map((api) => {
      const baseUrl = this.options.env[STANDARD_ENV[api].baseUrl];
      return { connection: { id: api, api, ...(baseUrl ? { baseUrl } : {}) } as Connection, standard: true };
    });
    return [...saved, ...standard];
  }

  get(id: string): Connection | undefined {
    return this.all().find((c) => c.connection.id === id)?.connection;
  }

  require(id: string): Connection {
    const connection = this.get(id);
    if (!connection)
      throw new HostError(
        'NOT_FOUND',
        `no connection '${id}' (connections: ${
          this.all()
            .map((c) => c.connection.id)
            .join(', ') || 'none'
        })`,
      );
    return connection;
  }

  /** The key to send (never returned to the renderer). */
  keyFor(connection: Connection): string | undefined {
    return this.options.keys.get(connection.id) ?? (this.options.env[keyEnvOf(connection)] || undefined);
  }

  private keySource(connection: Connection): KeySource | null {
    if (this.options.keys.has(connection.id)) return this.options.keys.kind === 'keychain' ? 'keychain' : 'session';
    return this.options.env[keyEnvOf(connection)] ? 'environment' : null;
  }

  views(): ConnectionView[] {
    return this.all().map(({ connection, standard }) => {
      const source = this.keySource(connection);
      return {
        id: connection.id,
        api: connection.api,
        baseUrl: baseUrlOf(connection),
        keyEnv: keyEnvOf(connection),
        keySet: source !== null,
        keySource: source,
        standard,
      };
    });
  }

  /** Saves a connection (and with `key` a string sets its key, with null removes it; undefined leaves it). */
  set(connection: Connection, key: string | null | undefined): void {
    const rest = this.current.connections.filter((c) => c.id !== connection.id);
    this.save({ ...this.current, connections: [...rest, connection] });
    if (key === null) this.options.keys.delete(connection.id);
    else if (key !== undefined) {
      if (!key.trim()) throw new HostError('INVALID_REQUEST', 'the key is empty');
      this.options.keys.set(connection.id, key.trim());
    }
  }

  remove(id: string): void {
    this.save({ ...this.current, connections: this.current.connections.filter((c) => c.id !== id) });
    this.options.keys.delete(id);
  }

  setOptions(options: Pick<ConnectionSettings, 'prices' | 'spendCapUsd' | 'concurrency'>): void {
    this.save({ ...this.current, ...options });
  }

  private save(next: ConnectionSettings): void {
    const checked = ConnectionSettingsSchema.safeParse(next);
    if (!checked.success) throw new HostError('INVALID_REQUEST', `connections: ${checked.error.issues[0]?.message ?? 'invalid'}`);
    this.current = checked.data;
    if (this.options.file) writeFileAtomicSync(this.options.file, `${JSON.stringify(this.current, null, 2)}\n`);
  }
}

/** The settings file; missing or damaged means no saved connections (the standard ones still show). */
function readSettings(file: string): ConnectionSettings {
  try {
    const parsed = ConnectionSettingsSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // first start
  }
  return { connections: [] };
}

export function connectionsFile(userDataDir: string): string {
  return path.join(userDataDir, 'connections.json');
}

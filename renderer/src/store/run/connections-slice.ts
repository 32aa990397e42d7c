import type { ChannelRequest, ConnectionsPayload, ConnectionViewPayload } from '../../../../shared/ipc/contract';
import type { Connection } from '../../../../shared/wire/connections';
import { call, callRaw } from '../api';
import type { SliceCreator } from '../types';

/**
 * The connections to model providers, as the host describes them: an API, a base URL and
 * whether a key is set (and where from) — never the key. A key typed into the dialog goes to
 * the host in one call and is not kept here.
 */
export interface ConnectionsSlice {
  connections: ConnectionsPayload | null;
  connectionsOpen: boolean;
  /** The last "Test" of each connection (by id): under way, or its answer. */
  connectionChecks: Record<string, 'testing' | { ok: boolean; message: string }>;
  /** Why the last change of a connection was refused (shown in the dialog). */
  connectionsError: string | null;
  openConnections(open: boolean): void;
  loadConnections(): Promise<ConnectionsPayload | null>;
  /** Saves a connection; `key` a string sets its key, null forgets it, absent keeps it. True when saved. */
  saveConnection(connection: Connection, key?: string | null): Promise<boolean>;
  removeConnection(id: string): Promise<void>;
  testConnection(id: string): Promise<void>;
  setRunOptions(options: ChannelRequest<'connections:options'>): Promise<void>;
}

/** The connection a run uses unless the user picks one: one the user added, else one with a key, else the first. */
export function defaultConnection(payload: ConnectionsPayload | null): ConnectionViewPayload | null {
  const list = payload?.connections ?? [];
  return list.find((c) => !c.standard) ?? list.find((c) => c.keySet) ?? list[0] ?? null;
}

/** The connection as saved settings (what connections:set takes) from its view. */
export function connectionOf(view: ConnectionViewPayload, change: Partial<Connection> = {}): Connection {
  return { id: view.id, api: view.api as Connection['api'], baseUrl: view.baseUrl, keyEnv: view.keyEnv, ...change };
}

export const createConnectionsSlice: SliceCreator<ConnectionsSlice> = (set, get) => {
  const apply = (payload: ConnectionsPayload): void => set({ connections: payload, connectionsError: null });
  return {
    connections: null,
    connectionsOpen: false,
    connectionChecks: {},
    connectionsError: null,
    openConnections(open) {
      set({ connectionsOpen: open, connectionsError: null });
      if (open) void get().loadConnections();
    },
    async loadConnections() {
      const payload = await call('connections:get', {});
      if (payload) apply(payload);
      return payload ?? null;
    },
    async saveConnection(connection, key) {
      const r = await callRaw('connections:set', key === undefined ? { connection } : { connection, key });
      if (!r.ok) {
        set({ connectionsError: r.error.message });
        return false;
      }
      apply(r.value);
      const { [connection.id]: _old, ...checks } = get().connectionChecks;
      set({ connectionChecks: checks });
      get().announce(
        key === undefined ? `Saved ${connection.id}` : key === null ? `Forgot the key of ${connection.id}` : `Key of ${connection.id} set`,
      );
      return true;
    },
    async removeConnection(id) {
      const r = await callRaw('connections:remove', { id });
      if (!r.ok) set({ connectionsError: r.error.message });
      else apply(r.value);
    },
    async testConnection(id) {
      set((s) => ({ connectionChecks: { ...s.connectionChecks, [id]: 'testing' } }));
      const r = await callRaw('connections:test', { id });
      const answer = r.ok ? r.value : { ok: false, message: r.error.message };
      set((s) => ({ connectionChecks: { ...s.connectionChecks, [id]: answer } }));
    },
    async setRunOptions(options) {
      const r = await callRaw('connections:options', options);
      if (!r.ok) set({ connectionsError: r.error.message });
      else apply(r.value);
    },
  };
};

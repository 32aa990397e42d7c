import { useState } from 'react';
import type { ConnectionViewPayload } from '../../../shared/ipc/contract';
import { API_LABELS, isApiKind } from '../../../shared/requests/api-kind';
import { studio, useStudio } from '../store';
import { connectionOf } from '../store/run/connections-slice';
import { Modal } from '../ui/Modal';
import { CONNECTION_KINDS, freeId } from './connection-kinds';
import './run.css';

function keyStatus(c: ConnectionViewPayload): string {
  if (c.keySource === 'keychain') return 'key set (in the system keychain)';
  if (c.keySource === 'session') return 'key set (for this session, in memory)';
  if (c.keySource === 'environment') return `key set (from ${c.keyEnv})`;
  return `no key (${c.keyEnv} is not set)`;
}

/** One connection: where it goes, whether its key is set, a key to enter, Test. */
function ConnectionRow({ c }: { c: ConnectionViewPayload }) {
  const check = useStudio((s) => s.connectionChecks[c.id]);
  // The key lives here only until it is handed to the host; then the field is emptied.
  const [key, setKey] = useState('');
  const [editing, setEditing] = useState(false);
  const [baseUrl, setBaseUrl] = useState(c.baseUrl);
  const s = studio.getState();
  const setTheKey = async () => {
    if (!key.trim()) return;
    await s.saveConnection(connectionOf(c), key);
    setKey('');
  };
  return (
    <li className="connection-row" data-testid="connection-row" data-id={c.id}>
      <div className="row">
        <strong>{c.id}</strong>
        <span className="muted">{isApiKind(c.api) ? API_LABELS[c.api] : c.api}</span>
        {editing ? (
          <>
            <input aria-label={`Base URL of ${c.id}`} value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} />
            <button
              className="small"
              onClick={async () => {
                if (await s.saveConnection(connectionOf(c, { baseUrl: baseUrl.trim() }))) setEditing(false);
              }}
            >
              Save
            </button>
            <button className="small" onClick={() => (setEditing(false), setBaseUrl(c.baseUrl))}>
              Cancel
            </button>
          </>
        ) : (
          <>
            <code className="connection-url" data-testid="connection-url">
              {c.baseUrl}
            </code>
            <button className="small" onClick={() => setEditing(true)} aria-label={`Change the base URL of ${c.id}`}>
              Change
            </button>
          </>
        )}
      </div>
      <div className="row">
        <span className={c.keySet ? 'ok-text' : 'muted'} data-testid="key-status">
          {keyStatus(c)}
        </span>
        <input
          type="password"
          autoComplete="off"
          spellCheck={false}
          aria-label={`Key of ${c.id}`}
          placeholder="enter a key"
          value={key}
          onChange={(e) => setKey(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void setTheKey();
          }}
        />
        <button className="small" disabled={!key.trim()} onClick={() => void setTheKey()}>
          Set key
        </button>
        {(c.keySource === 'keychain' || c.keySource === 'session') && (
          <button className="small" onClick={() => void s.saveConnection(connectionOf(c), null)} aria-label={`Forget the key of ${c.id}`}>
            Forget key
          </button>
        )}
        <button className="small" disabled={check === 'testing'} onClick={() => void s.testConnection(c.id)} aria-label={`Test ${c.id}`}>
          Test
        </button>
        {!c.standard && (
          <button className="small" onClick={() => void s.removeConnection(c.id)} aria-label={`Remove ${c.id}`}>
            Remove
          </button>
        )}
      </div>
      {check && (
        <p className={check === 'testing' ? 'muted' : check.ok ? 'ok-text' : 'error'} data-testid="connection-test" role="status">
          {check === 'testing' ? 'testing…' : check.message}
        </p>
      )}
    </li>
  );
}

/** A new connection: one of the known kinds (its usual base URL), an id, optionally a key. */
function AddConnection({ taken }: { taken: string[] }) {
  const [kind, setKind] = useState(CONNECTION_KINDS[5]!.id);
  const chosen = CONNECTION_KINDS.find((k) => k.id === kind)!;
  const [id, setId] = useState('');
  const [baseUrl, setBaseUrl] = useState<string | null>(null);
  const [keyEnv, setKeyEnv] = useState('');
  const [key, setKey] = useState('');
  const add = async () => {
    const url = (baseUrl ?? chosen.baseUrl).trim();
    const env = keyEnv.trim() || chosen.keyEnv;
    const saved = await studio
      .getState()
      .saveConnection(
        { id: id.trim() || freeId(chosen.id, taken), api: chosen.api, ...(url ? { baseUrl: url } : {}), ...(env ? { keyEnv: env } : {}) },
        key.trim() ? key : undefined,
      );
    setKey('');
    if (!saved) return;
    setId('');
    setBaseUrl(null);
    setKeyEnv('');
  };
  return (
    <fieldset className="connection-add" data-testid="connection-add">
      <legend>Add a connection</legend>
      <div className="row">
        <select aria-label="Kind of connection" value={kind} onChange={(e) => (setKind(e.target.value), setBaseUrl(null))}>
          {CONNECTION_KINDS.map((k) => (
            <option key={k.id} value={k.id}>
              {k.label}
            </option>
          ))}
        </select>
        <input aria-label="Connection id" placeholder={freeId(chosen.id, taken)} value={id} onChange={(e) => setId(e.target.value)} />
      </div>
      <div className="row">
        <input
          aria-label="Base URL"
          placeholder="http://127.0.0.1:8080/v1"
          value={baseUrl ?? chosen.baseUrl}
          onChange={(e) => setBaseUrl(e.target.value)}
        />
      </div>
      <div className="row">
        <input
          aria-label="Key variable"
          placeholder={chosen.keyEnv ?? 'key variable (optional)'}
          value={keyEnv}
          onChange={(e) => setKeyEnv(e.target.value)}
        />
        <input
          type="password"
          autoComplete="off"
          aria-label="Key (optional)"
          placeholder="key (optional)"
          value={key}
          onChange={(e) => setKey(e.target.value)}
        />
        <button className="small primary" onClick={() => void add()}>
          Add
        </button>
      </div>
    </fieldset>
  );
}

/** The spending cap and the eval's concurrency. */
function RunOptions() {
  const cap = useStudio((s) => s.connections?.spendCapUsd ?? null);
  const concurrency = useStudio((s) => s.connections?.concurrency ?? 4);
  const [capText, setCapText] = useState(cap === null ? '' : String(cap));
  const [n, setN] = useState(String(concurrency));
  return (
    <div className="row connection-options">
      <label>
        Spending cap ($){' '}
        <input
          className="small-input"
          aria-label="Spending cap in dollars"
          inputMode="decimal"
          placeholder="none"
          value={capText}
          onChange={(e) => setCapText(e.target.value)}
        />
      </label>
      <label>
        Requests at once{' '}
        <input
          className="small-input"
          aria-label="Requests at once"
          type="number"
          min={1}
          max={32}
          value={n}
          onChange={(e) => setN(e.target.value)}
        />
      </label>
      <button
        className="small"
        onClick={() => {
          const spend = capText.trim() === '' ? null : Number(capText);
          const count = Number(n);
          void studio.getState().setRunOptions({
            spendCapUsd: spend !== null && Number.isFinite(spend) && spend >= 0 ? spend : null,
            ...(Number.isInteger(count) && count >= 1 && count <= 32 ? { concurrency: count } : {}),
          });
        }}
      >
        Save
      </button>
    </div>
  );
}

/**
 * Connections to model providers: the four APIs and any OpenAI-compatible server. Keys go in
 * and never come back: each connection says only whether its key is set and where from.
 */
export function ConnectionsDialog() {
  const payload = useStudio((s) => s.connections);
  const error = useStudio((s) => s.connectionsError);
  const close = () => studio.getState().openConnections(false);
  const list = payload?.connections ?? [];
  return (
    <Modal title="Models and keys" titleId="connections-title" testId="connections-dialog" className="connections-dialog" onClose={close}>
      <p className="muted">
        {payload?.keyStore === 'keychain'
          ? 'Keys you enter are encrypted by the system keychain. '
          : 'Keys you enter are kept in memory for this session only. '}
        Connections are your settings, never part of a workspace; a key is never shown again once entered.
      </p>
      {!payload && <p className="muted">Loading…</p>}
      <ul className="connection-list">
        {list.map((c) => (
          <ConnectionRow key={`${c.id}:${c.baseUrl}`} c={c} />
        ))}
      </ul>
      <AddConnection taken={list.map((c) => c.id)} />
      {payload && <RunOptions key={`${payload.spendCapUsd}:${payload.concurrency}`} />}
      {error && (
        <p className="error" role="alert" data-testid="connections-error">
          {error}
        </p>
      )}
      <div className="buttons">
        <button className="primary" onClick={close}>
          Close
        </button>
      </div>
    </Modal>
  );
}

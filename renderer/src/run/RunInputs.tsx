import { useEffect, useId } from 'react';
import { API_LABELS, isApiKind } from '../../../shared/requests/api-kind';
import { studio, useStudio } from '../store';
import type { RunPlace } from '../store/run/playground-slice';
import type { RunMode } from '../../../shared/wire/run-result';

/** What a Run sends: the message typed here, or a workspace test (its conversation, its assertions). */
export function MessageInput({ onSend }: { onSend: () => void }) {
  const message = useStudio((s) => s.runMessage);
  const test = useStudio((s) => s.runTest);
  const mode = useStudio((s) => s.runMode);
  const tests = useStudio((s) => s.evalTests);
  const id = useId();
  useEffect(() => {
    if (!tests) void studio.getState().loadEvalTests();
  }, [tests]);
  const chosen = tests?.tests.find((t) => t.id === test);
  return (
    <div className="run-message">
      <div className="row">
        <label htmlFor={id}>Send</label>
        <select id={id} aria-label="What to send" value={test ?? ''} onChange={(e) => studio.getState().setRunTest(e.target.value || null)}>
          <option value="">a message</option>
          {(tests?.tests ?? []).map((t) => (
            <option key={t.id} value={t.id}>
              test {t.id}
            </option>
          ))}
        </select>
        <select
          aria-label="Live, record or replay"
          data-testid="run-mode"
          value={mode}
          onChange={(e) => studio.getState().setRunMode(e.target.value as RunMode)}
          title="Record writes the whole reply into tests/recordings/; replay reads it back and never calls a model"
        >
          <option value="live">live</option>
          <option value="record">live, record the reply</option>
          <option value="replay">replay the recording</option>
        </select>
      </div>
      {test === null ? (
        <textarea
          aria-label="Message"
          data-testid="run-message"
          rows={3}
          placeholder="The user's message (Ctrl+Enter sends)"
          value={message}
          onChange={(e) => studio.getState().setRunMessage(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              onSend();
            }
          }}
        />
      ) : (
        <p className="muted run-test-note">
          {chosen?.description ?? chosen?.file ?? test}: its conversation is sent and the reply checked against its assertions.
        </p>
      )}
    </div>
  );
}

/** The connection a place sends to, and the way to the connections dialog. */
export function ConnectionPick({ place, label }: { place: RunPlace; label: string }) {
  const connections = useStudio((s) => s.connections);
  const chosen = useStudio((s) => s.runConnectionOf(place));
  useEffect(() => {
    if (!connections) void studio.getState().loadConnections();
  }, [connections]);
  return (
    <span className="run-connection">
      <select
        aria-label={`Connection of ${label}`}
        data-testid="run-connection"
        value={chosen ?? ''}
        onChange={(e) => studio.getState().setRunConnection(place, e.target.value)}
      >
        {!connections?.connections.length && <option value="">no connection</option>}
        {(connections?.connections ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.id} ({isApiKind(c.api) ? API_LABELS[c.api] : c.api}
            {c.keySet ? '' : ', no key'})
          </option>
        ))}
      </select>
      <button className="small" onClick={() => studio.getState().openConnections(true)} title="Connections and keys">
        Models…
      </button>
    </span>
  );
}

/** Send, or Cancel while the place's run is going. */
export function SendButton({ place, label, onSend }: { place: RunPlace; label: string; onSend: () => void }) {
  const state = useStudio((s) => s.runs[place]?.state ?? null);
  if (state === 'running' || state === 'cancelling')
    return (
      <button
        className="small"
        disabled={state === 'cancelling'}
        onClick={() => void studio.getState().cancelRun(place)}
        aria-label={`Cancel the run of ${label}`}
      >
        {state === 'cancelling' ? 'Cancelling…' : 'Cancel'}
      </button>
    );
  return (
    <button className="small primary" onClick={onSend} aria-label={`Send ${label}`} data-testid="run-send">
      Send
    </button>
  );
}

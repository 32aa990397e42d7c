import { captureBaselineText } from '../../../shared/capture/baseline-text';
import type { PartVerdict } from '../../../shared/capture/verdict';
import type { HarnessCaptureResult } from '../../../shared/ipc/contract';
import { capturePinName, pinCaptureBaseline, unpinCaptureBaseline, useCaptureBaseline } from '../store/capture-baseline';
import { studio } from '../store';
import { copyText } from '../store/clipboard';
import { captureStore, useCaptureView } from './capture-store';
import { shortPath } from './HarnessColumn';

/** One part of the verdict: where it is in the request, or its word diff (struck: only predicted; marked: only sent). */
function PartRow({ part, cwd }: { part: PartVerdict; cwd: string }) {
  return (
    <li className={`capture-part ${part.status}`} data-testid={`capture-part-${part.status}`}>
      <strong>{part.label}</strong>{' '}
      <span className="muted">
        {part.files.length ? part.files.map((f) => shortPath(f, cwd)).join(', ') : 'no instruction file'} ·{' '}
        {part.status === 'matches'
          ? `matches at ${part.where ?? ''}`
          : part.status === 'context'
            ? `the agent's context, not compared${part.where ? ` (at ${part.where})` : ''}`
            : `differs${part.where ? ` (nearest ${part.where})` : ''}`}
        {part.compared === 'instruction' && ' · only its instruction text is compared (the rest is the agent’s context)'}
      </span>
      {part.changes && (
        <pre className="mono capture-diff" data-testid="capture-diff">
          {part.changes.map((c, i) =>
            c.removed ? <del key={i}>{c.value}</del> : c.added ? <ins key={i}>{c.value}</ins> : <span key={i}>{c.value}</span>,
          )}
        </pre>
      )}
    </li>
  );
}

/** "Use as diff baseline": the preview's diff against the captured request's prompt text (system prompt and instruction parts as sent); pressed again, back to the baseline before. */
function BaselineButton({ result, agent }: { result: HarnessCaptureResult; agent: string }) {
  const pinned = useCaptureBaseline();
  const request = result.request;
  if (!request || result.version === undefined) return null;
  const name = capturePinName(agent, result.version);
  if (pinned?.name === name)
    return (
      <button className="small" onClick={() => void unpinCaptureBaseline()} data-testid="capture-unpin-baseline">
        Unpin diff baseline
      </button>
    );
  const text = captureBaselineText(request.body, result.verdict?.parts.map((p) => p.where) ?? []);
  return (
    <button className="small" onClick={() => void pinCaptureBaseline(name, text)} data-testid="capture-use-baseline">
      Use as diff baseline
    </button>
  );
}

/** "Save as conformance case…": the capture's cases (the CLI's --save-case) through the host's save dialog, or (browser mode) a new .json file named inside the workspace. */
function SaveCaseControls({ result }: { result: HarnessCaptureResult }) {
  const naming = useCaptureView((x) => x.naming);
  const saved = useCaptureView((x) => x.saved);
  if (!result.saveCase) return null;
  return (
    <div className="capture-save-case">
      {naming === null ? (
        <button className="small" onClick={() => void captureStore.getState().startSave()} data-testid="capture-save-case">
          Save as conformance case…
        </button>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void captureStore.getState().confirmSave();
          }}
          data-testid="capture-save-form"
        >
          <label>
            File in the workspace (.json){' '}
            <input className="mono" value={naming} onChange={(e) => captureStore.getState().setNaming(e.target.value)} />
          </label>{' '}
          <button type="submit" className="small" disabled={naming.trim() === ''} data-testid="capture-save-confirm">
            Save
          </button>{' '}
          <button type="button" className="small" onClick={() => captureStore.getState().cancelSave()} data-testid="capture-save-cancel">
            Cancel
          </button>
        </form>
      )}
      {saved && (
        <p className={saved.ok ? 'muted' : 'error'} role={saved.ok ? 'status' : 'alert'} data-testid="capture-save-message">
          {saved.message}
        </p>
      )}
    </div>
  );
}

function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/**
 * Capture from the installed agent: runs it for one turn against a local stand-in (the
 * profile's capture section), in the working folder chosen for reading, and shows the request
 * it sent with the instruction parts labelled by file and the verdict against the profile.
 */
/** The captured request's body, as the agent sent it (pretty-printed JSON), onto the clipboard: to keep or share. */
async function copyRequest(body: string): Promise<void> {
  const text = prettyBody(body);
  try {
    await copyText(text);
    studio.getState().notify('info', `Copied the captured request (${text.length.toLocaleString('en')} characters).`);
  } catch (error) {
    studio.getState().notify('error', `Could not copy: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function CapturePanel({ harnesses, cwd, real }: { harnesses: { id: string; name: string }[]; cwd: string; real: boolean }) {
  const s = useCaptureView((x) => x);
  const result = s.result;
  return (
    <section className="capture-panel" aria-label="Capture from the installed agent" data-testid="capture-panel">
      <header>
        <h3>Capture from the installed agent</h3>
        <button className="small" onClick={() => captureStore.getState().setOpen(false)} data-testid="capture-close">
          Close
        </button>
      </header>
      <p className="muted">
        Runs the agent on this machine for one turn against a local stand-in of its model API, with a dummy key and a temporary home; your
        folder is only read.
      </p>
      <label>
        Harness{' '}
        <select value={s.harness} onChange={(e) => captureStore.getState().setHarness(e.target.value)} data-testid="capture-harness">
          {harnesses.map((h) => (
            <option key={h.id} value={h.id}>
              {h.name} ({h.id})
            </option>
          ))}
        </select>
      </label>
      <label>
        Agent program (absolute path; empty: on PATH){' '}
        <input className="mono" value={s.bin} onChange={(e) => captureStore.getState().setBin(e.target.value)} />
      </label>
      <label>
        <input
          type="checkbox"
          checked={s.realHome}
          onChange={(e) => captureStore.getState().setRealHome(e.target.checked)}
          data-testid="capture-real-home"
        />{' '}
        Use my real home
      </label>
      {s.realHome && (
        <p className="warn" data-testid="capture-real-home-warning">
          The agent runs with your real home folder: it reads your own global files and settings, and may write its session logs and
          settings there. Its provider config is written only where you have none (and removed afterwards).
        </p>
      )}
      {!real && <p className="warn">Choose a folder on this machine first: capture runs the agent in a real folder.</p>}
      <button
        disabled={!real || s.running || s.asking !== null}
        onClick={() => void captureStore.getState().run(cwd)}
        data-testid="capture-run"
      >
        {s.running ? 'Capturing…' : 'Run capture'}
      </button>
      {s.asking && (
        <div className="capture-ask" role="alertdialog" aria-label="Run without a network namespace?" data-testid="capture-ask-network">
          <p className="warn">
            This machine gives the agent no network namespace, so nothing cuts its other traffic: {s.asking.message}. Its model requests
            still go only to the local stand-in. Run it without a namespace? (Asked once: the answer yes is kept for this session.)
          </p>
          <button onClick={() => void captureStore.getState().answerNetwork(true)} data-testid="capture-allow-network">
            Run without a namespace
          </button>{' '}
          <button onClick={() => void captureStore.getState().answerNetwork(false)} data-testid="capture-decline-network">
            Don’t run
          </button>
        </div>
      )}
      {s.declined && (
        <p className="muted" data-testid="capture-declined">
          Not run: nothing was started.
        </p>
      )}
      {s.error && (
        <p className="error" role="alert">
          {s.error}
        </p>
      )}
      {result && (
        <div data-testid="capture-result">
          <p data-testid="capture-verdict" className={result.verdict?.matches ? '' : 'warn'}>
            {result.verdict ? result.verdict.summary : `No capture: ${result.problem?.message ?? 'nothing was sent'}`}
          </p>
          <p className="muted" data-testid="capture-isolation">
            {result.bin} {result.version} · {result.isolation.note} · {result.realHome ? 'your real home' : 'a temporary home'}
          </p>
          <BaselineButton result={result} agent={harnesses.find((h) => h.id === result.harness)?.name ?? result.harness} />{' '}
          <SaveCaseControls result={result} />
          <ul className="muted">
            {result.requests.map((r, i) => (
              <li key={i}>
                {r.method} {r.url} · {r.bytes} bytes
              </li>
            ))}
          </ul>
          {result.verdict && (
            <ul className="capture-parts">
              {result.verdict.parts.map((p, i) => (
                <PartRow key={i} part={p} cwd={cwd} />
              ))}
            </ul>
          )}
          {result.request && (
            <details>
              <summary>Captured request: {result.request.url}</summary>
              <button className="small" onClick={() => void copyRequest(result.request!.body)} data-testid="capture-copy-request">
                Copy the request (JSON)
              </button>
              <pre className="mono capture-request" data-testid="capture-request">
                {prettyBody(result.request.body)}
              </pre>
            </details>
          )}
        </div>
      )}
    </section>
  );
}

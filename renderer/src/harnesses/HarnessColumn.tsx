import { loadedInRequestOrder, partsInRequestOrder } from '../../../shared/harness/request-order';
import { PathText } from '../ui/PathText';
import type { HarnessRunResult } from './harness-store';

const PLACEMENT_NAME = { system: 'system prompt', user: 'first user message', read: 'on read' } as const;
const LOADED = new Set(['loaded', 'truncated']);

/** A path shown relative to the working folder when it lies inside it. */
export function shortPath(path: string, cwd: string): string {
  const base = cwd.endsWith('/') ? cwd : `${cwd}/`;
  return path.startsWith(base) ? path.slice(base.length) : path;
}

/**
 * One harness: its parts in the order of the request, the files it loads numbered in that
 * order too (request-order.ts), and why the others were not.
 */
export function HarnessColumn({ result, cwd }: { result: HarnessRunResult; cwd: string }) {
  const parts = partsInRequestOrder(result).map(({ part, index }) => ({ part, tokens: result.partTokens[index] }));
  const loaded = loadedInRequestOrder(result).map(({ file, index }) => ({ file, tokens: result.fileTokens[index] }));
  const notLoaded = result.files.filter((file) => !LOADED.has(file.status));
  return (
    <section className="harness-col" aria-label={`${result.name} ${result.version}`} data-testid={`harness-${result.harness}`}>
      <header>
        <h3>{result.name}</h3>
        <span className="muted">
          {result.version} · {result.harness}
        </span>
        <span className="muted" data-testid="observed-with">
          {result.observedWith.length > 0 ? `observed with ${result.observedWith.join(', ')}` : 'not observed'}
        </span>
      </header>
      {result.stopped && <p className="warn">No request: {result.stopped}</p>}
      {parts.length === 0 && !result.stopped && <p className="muted">No instruction text is sent.</p>}
      {parts.map(({ part, tokens }, i) => (
        <div className="harness-part" key={i} data-testid={`part-${part.placement}`}>
          <div className="part-head">
            <strong>
              {part.placement === 'read' ? (
                <>
                  {PLACEMENT_NAME.read}: <PathText path={shortPath(part.readPath ?? '', cwd)} />
                </>
              ) : (
                PLACEMENT_NAME[part.placement]
              )}
            </strong>
            <span className="muted">
              {part.label} · {tokens ?? 0} tokens
            </span>
          </div>
          <pre className="mono">{part.text}</pre>
        </div>
      ))}
      <table className="grid harness-files" aria-label={`Files ${result.name} loads`}>
        <colgroup>
          <col className="n" />
          <col className="file" />
          <col className="where" />
          <col className="num" />
          <col className="num" />
        </colgroup>
        <thead>
          <tr>
            <th>#</th>
            <th>File</th>
            <th>Where</th>
            <th>Bytes</th>
            <th>Tokens</th>
          </tr>
        </thead>
        <tbody>
          {loaded.length === 0 && (
            <tr>
              <td colSpan={5} className="muted">
                No file loads.
              </td>
            </tr>
          )}
          {loaded.map(({ file, tokens }, i) => (
            <tr key={`${file.path}-${i}`} className={file.status === 'truncated' ? 'cut' : ''} data-path={file.path}>
              <td>{i + 1}</td>
              <td className="mono file-name" title={`${file.path}\n${file.reason}`}>
                <PathText path={shortPath(file.path, cwd)} />
                {file.importedBy && <span className="muted"> (import)</span>}
                {file.truncation && (
                  <div className="warn">
                    cut at line {file.truncation.line}, column {file.truncation.column}: {file.truncation.keptBytes} of {file.bytes} bytes
                    kept
                  </div>
                )}
              </td>
              <td>
                {file.placement === 'read' ? (
                  <>
                    read <PathText path={shortPath(file.readPath ?? '', cwd)} />
                  </>
                ) : (
                  (file.placement ?? '')
                )}
              </td>
              <td>{file.bytes ?? ''}</td>
              <td>{tokens ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {notLoaded.length > 0 && (
        <details className="why-not">
          <summary>Looked for, not loaded ({notLoaded.length})</summary>
          <ul>
            {notLoaded.map((file, i) => (
              <li key={`${file.path}-${i}`}>
                <span className={`status ${file.status}`}>{file.status}</span>{' '}
                <PathText className="mono" path={shortPath(file.path, cwd)} />: {file.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
      {result.warnings.length > 0 && (
        <ul className="harness-warnings">
          {result.warnings.map((w, i) => (
            <li key={i} className={w.severity === 'error' ? 'error' : w.severity === 'warning' ? 'warn' : 'muted'}>
              {w.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

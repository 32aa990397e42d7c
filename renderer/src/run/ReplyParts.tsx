import type { AssertionResult } from '../../../shared/wire/assertions';
import { formatCost } from '../../../shared/wire/prices';
import type { ParsedToolCall } from '../../../shared/wire/tool-calls';
import type { Usage } from '../../../shared/wire/wire-event';
import { formatCount } from '../ui/format';
import { WordDiffText } from '../ui/WordDiffText';

/** Pieces of a reply, a run, an eval cell: the text (with its differences), tool calls, usage, assertions, the request. */

/** Most characters of a reply drawn at once (a reply may hold megabytes). */
const SHOWN_CHARS = 200_000;

function clipped(text: string): { text: string; rest: number } {
  return text.length > SHOWN_CHARS ? { text: text.slice(0, SHOWN_CHARS), rest: text.length - SHOWN_CHARS } : { text, rest: 0 };
}

/** The reply's text; with `base`, what differs from it marked word by word (added, and removed struck through). */
export function ReplyText({
  text,
  base,
  dropped = 0,
  testId = 'run-reply',
}: {
  text: string;
  base?: string | null;
  dropped?: number;
  testId?: string;
}) {
  const shown = clipped(text);
  const baseShown = base == null ? null : clipped(base).text;
  const rest = shown.rest + dropped;
  return (
    <pre className="run-reply" data-testid={testId}>
      <WordDiffText base={baseShown} text={shown.text} removedClass="run-removed" removedTitle="in the first reply, not in this one" />
      {rest > 0 && <span className="muted">{`\n… ${formatCount(rest)} more characters not shown`}</span>}
    </pre>
  );
}

export function ToolCallList({ calls }: { calls: readonly ParsedToolCall[] }) {
  if (!calls.length) return null;
  return (
    <ol className="run-tool-calls" aria-label="Tool calls as the agent reads them" data-testid="run-tool-calls">
      {calls.map((call, i) => (
        <li key={i} className={call.problems.length ? 'bad' : 'good'} data-testid="run-tool-call">
          <div>
            <strong>{call.name}</strong> <span className="badge">{call.format === 'xml' ? 'XML in the text' : 'native call'}</span>
            {call.partial && <span className="badge error">not closed</span>}
            <span className={call.problems.length ? 'error' : 'ok-text'}>
              {call.problems.length ? ' — the agent would not run it as is' : ' — valid: the agent runs it'}
            </span>
          </div>
          <pre className="run-args">{call.arguments ? JSON.stringify(call.arguments, null, 2) : call.raw}</pre>
          {call.problems.length > 0 && (
            <ul className="run-problems">
              {call.problems.map((p, j) => (
                <li key={j} className="error">
                  {p}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}

/** Tool calls as they streamed in (before the agent's reading of them is known). */
export function StreamedCalls({ calls }: { calls: readonly { name: string; arguments: string }[] }) {
  if (!calls.length) return null;
  return (
    <ol className="run-tool-calls" aria-label="Tool calls received so far">
      {calls.map((c, i) => (
        <li key={i}>
          <strong>{c.name}</strong> <code>{c.arguments.slice(0, 300)}</code>
        </li>
      ))}
    </ol>
  );
}

export function UsageLine({
  usage,
  latencyMs,
  cost,
  attempts,
}: {
  usage: Usage;
  latencyMs?: number;
  cost?: number | null;
  attempts?: number;
}) {
  return (
    <p className="run-usage" data-testid="run-usage">
      <span>input {formatCount(usage.inputTokens)}</span>
      <span>cached {formatCount(usage.cachedInputTokens)}</span>
      {usage.cacheWriteTokens > 0 && <span>written to cache {formatCount(usage.cacheWriteTokens)}</span>}
      <span>output {formatCount(usage.outputTokens)}</span>
      {latencyMs !== undefined && <span>{formatCount(Math.round(latencyMs))} ms</span>}
      {cost !== undefined && (
        <span title="estimated from the price table">{cost === null ? 'no price for this model' : formatCost(cost)}</span>
      )}
      {attempts !== undefined && attempts > 1 && <span>{attempts} attempts</span>}
    </p>
  );
}

export function AssertionList({ results }: { results: readonly AssertionResult[] }) {
  if (!results.length) return null;
  return (
    <ul className="run-assertions" aria-label="Assertions" data-testid="run-assertions">
      {results.map((a, i) => (
        <li key={i} className={a.pass ? 'pass' : 'fail'}>
          <span aria-hidden="true">{a.pass ? '✓ ' : '✗ '}</span>
          <span className="sr-only">{a.pass ? 'passed: ' : 'failed: '}</span>
          {a.label}
          {a.why && <span className="why"> — {a.why}</span>}
        </li>
      ))}
    </ul>
  );
}

/** The request as it was sent: where (no credentials) and the exact body. */
export function RequestDetails({ url, body, open = false }: { url: string; body: string; open?: boolean }) {
  return (
    <details className="run-request" open={open} data-testid="run-request">
      <summary>
        Request sent <span className="muted">{url}</span>
      </summary>
      <pre className="run-body">{clipped(body).text}</pre>
    </details>
  );
}

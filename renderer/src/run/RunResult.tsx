import type { RunSlot } from '../store/run/playground-slice';
import { AssertionList, ReplyText, RequestDetails, StreamedCalls, ToolCallList, UsageLine } from './ReplyParts';

const STATUS: Record<string, string> = {
  ok: 'done',
  error: 'failed',
  cancelled: 'cancelled',
  'not-sent': 'not sent',
  'needs-recording': 'needs recording',
};

export function runStatus(slot: RunSlot): string {
  if (slot.failure) return 'not run';
  if (slot.state === 'running') return 'streaming…';
  if (slot.state === 'cancelling') return 'cancelling…';
  return slot.record ? (STATUS[slot.record.result.status] ?? slot.record.result.status) : 'done';
}

/**
 * One run: the reply as it streams in, then the agent's reading of its tool calls, the usage,
 * the test's assertions; a run that did not get a whole reply says why in one message, with
 * what was received so far shown above it. With `base`, the reply's differences from it.
 */
export function RunResult({ slot, base }: { slot: RunSlot; base?: string | null | undefined }) {
  const record = slot.record;
  const result = record?.result;
  const fault = slot.failure ?? (result && result.status !== 'ok' ? (result.message ?? result.reply.error ?? result.status) : null);
  const status = runStatus(slot);
  return (
    <div
      className="run-result"
      data-testid="run-result"
      data-status={record?.result.status ?? slot.state}
      aria-busy={slot.state !== 'done'}
    >
      <div className="run-status muted" data-testid="run-status">
        {status}
        {slot.connection && ` · ${slot.connection}`}
        {record && ` · ${record.model}`}
        {result?.source === 'recording' && ' · replayed from its recording'}
        {result?.recording && 'written' in result.recording && result.recording.written && ` · recorded into ${result.recording.file}`}
      </div>
      {(slot.reply.text || slot.state !== 'done') && (
        <ReplyText text={slot.reply.text} base={slot.state === 'done' ? base : null} dropped={slot.dropped} />
      )}
      {fault && (
        <p className="run-fault error" role="alert" data-testid="run-fault">
          {fault}
        </p>
      )}
      {result ? <ToolCallList calls={result.toolCalls} /> : <StreamedCalls calls={slot.reply.toolCalls} />}
      {/* Not sent (needs recording, the spending cap): no usage to show. */}
      {((result && result.source !== 'none') || slot.reply.usage.inputTokens > 0 || slot.reply.usage.outputTokens > 0) && (
        <UsageLine
          usage={result?.reply.usage ?? slot.reply.usage}
          latencyMs={result?.latencyMs}
          cost={result ? result.cost : undefined}
          attempts={result?.attempts}
        />
      )}
      {record?.test && (
        <div className="run-test-result" data-testid="run-test-result">
          <strong>test {record.test.id}</strong>
          {record.test.assertions.length === 0 ? (
            <span className="muted"> — not judged: no whole reply</span>
          ) : (
            <AssertionList results={record.test.assertions} />
          )}
        </div>
      )}
      {record && <RequestDetails url={record.request.url} body={record.request.body} />}
    </div>
  );
}

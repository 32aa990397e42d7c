import { formatCount } from '../ui/format';
import { studio, useStudio } from '../store';
import type { RunPlace, RunRequestOf } from '../store/run/playground-slice';

/** The APIs with a free counting endpoint. */
const COUNTING = new Set(['anthropic', 'gemini']);

/**
 * Checks only a real call can make, for one place: the exact input tokens from the provider's
 * counting endpoint, shown beside the app's estimate, and the "two calls" cache check (the
 * cached tokens the provider reports next to the stable prefix the cache view predicts).
 */
export function RunChecks({ place, request, estimate }: { place: RunPlace; request: () => RunRequestOf | null; estimate: number | null }) {
  const checks = useStudio((s) => s.runChecks[place]);
  const api = useStudio((s) => {
    const id = s.runConnectionOf(place);
    return s.connections?.connections.find((c) => c.id === id)?.api ?? null;
  });
  const countable = api !== null && COUNTING.has(api);
  const run = (what: 'exact' | 'cache') => {
    const r = request();
    if (!r) return;
    if (what === 'exact') void studio.getState().countExactTokens(place, r);
    else void studio.getState().checkCache(place, r);
  };
  const exact = checks?.exact;
  const cache = checks?.cache;
  return (
    <div className="run-checks" data-testid="run-checks">
      <div className="row">
        <button
          className="small"
          disabled={!countable || exact === 'busy'}
          onClick={() => run('exact')}
          title={
            countable
              ? 'Ask the provider’s free counting endpoint'
              : 'Only Anthropic (count_tokens) and Gemini (countTokens) count for free'
          }
        >
          Exact token count
        </button>
        <span data-testid="run-tokens">
          {estimate !== null && <span className="muted">≈ {formatCount(estimate)} tokens estimated (prompt text, o200k)</span>}
          {exact === 'busy' && <span className="muted"> · counting…</span>}
          {exact && exact !== 'busy' && exact.ok && (
            <strong data-testid="run-exact-tokens">
              {' '}
              · exact: {formatCount(exact.value.tokens)} input tokens ({exact.value.connection}
              {exact.value.cached ? ', counted before' : ''})
            </strong>
          )}
          {exact && exact !== 'busy' && !exact.ok && <span className="error"> · {exact.message}</span>}
        </span>
      </div>
      <div className="row">
        <button
          className="small"
          disabled={cache === 'busy' || api === null}
          onClick={() => run('cache')}
          title="Send the same request twice and read the cached tokens of the second"
        >
          Two calls: check the cache
        </button>
        <span data-testid="run-cache-check">
          {cache === 'busy' && <span className="muted">calling twice…</span>}
          {cache && cache !== 'busy' && !cache.ok && <span className="error">{cache.message}</span>}
          {cache && cache !== 'busy' && cache.ok && (
            <>
              {cache.value.message ? (
                <span className="error">{cache.value.message}</span>
              ) : (
                <span>
                  second call: <strong>{formatCount(cache.value.cachedTokens ?? 0)} cached input tokens</strong> (of{' '}
                  {formatCount(cache.value.second?.inputTokens ?? 0)})
                </span>
              )}
              <span className="muted">
                {' '}
                · the cache view predicts a stable prefix of {formatCount(cache.value.predictedStableChars)} characters
              </span>
            </>
          )}
        </span>
      </div>
    </div>
  );
}

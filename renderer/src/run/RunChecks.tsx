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
  const connection = useStudio((s) => {
    const id = s.runConnectionOf(place);
    return s.connections?.connections.find((c) => c.id === id) ?? null;
  });
  const api = connection?.api ?? null;
  // Why the exact count cannot be asked for (null: it can).
  const unavailable =
    api === null
      ? null
      : !COUNTING.has(api)
        ? `${connection!.id} (${api}) has no free counting endpoint: only Anthropic (count_tokens) and Gemini (countTokens) count for free`
        : !connection!.keySet
          ? `${connection!.id} has no key (${connection!.keyEnv} is not set): set one under Models… to count exactly`
          : null;
  const run = (what: 'exact' | 'cache') => {
    const r = request();
    if (!r) return;
    if (what === 'exact') void studio.getState().countExactTokens(place, r, estimate);
    else void studio.getState().checkCache(place, r);
  };
  const exact = checks?.exact;
  const cache = checks?.cache;
  const changed = exact && exact !== 'busy' && exact.ok && estimate !== null && exact.value.forEstimate !== estimate;
  return (
    <div className="run-checks" data-testid="run-checks">
      <div className="row">
        <button
          className="small"
          disabled={api === null || unavailable !== null || exact === 'busy'}
          onClick={() => run('exact')}
          title={unavailable ?? 'Ask the provider’s free counting endpoint (counted once per exact request)'}
        >
          Exact token count
        </button>
        {unavailable && (
          <span className="muted" data-testid="run-exact-unavailable">
            {unavailable}
          </span>
        )}
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
          {changed && (
            <span className="warn-text" data-testid="run-exact-stale">
              {' '}
              · for the prompt before your edit: count again
            </span>
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

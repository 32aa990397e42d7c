import type { UrlFetcher } from '../../../shared/stack/index.js';

/**
 * Fetches instruction URLs with Node's fetch, giving up after the timeout (AbortSignal).
 * Only called when the user asks for URLs to be fetched.
 */
export function createNodeUrlFetcher(fetchImpl: typeof fetch = fetch): UrlFetcher {
  return async (url, { timeoutMs }) => {
    const res = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
    return { status: res.status, text: await res.text() };
  };
}

/** A timer for discovery's timeout race; it does not keep the process alive on its own. */
export function nodeSleep(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
  });
}

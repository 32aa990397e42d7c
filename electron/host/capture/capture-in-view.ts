import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { ChannelResponse } from '../../../shared/ipc/contract.js';
import type { ChannelHandlers } from '../../../shared/ipc/dispatch.js';
import { HostError } from '../../../shared/ipc/host-error.js';
import { isInside } from '../confine.js';
import type { HostContext } from '../host-context.js';
import { captureAgent, outcomeVerdict } from './capture-runner.js';

/**
 * The every-harness view's capture: the working folder must be one the user granted through
 * the host; the agent's environment and temporary home stay here, the view gets the requests,
 * the compared request's body and the verdict.
 */
export async function captureInView(
  host: HostContext,
  { harness, cwd, bin, allowNetwork }: Parameters<ChannelHandlers['harness:capture']>[0],
): Promise<ChannelResponse<'harness:capture'>> {
  const started = performance.now();
  const profile = host
    .requireSession()
    .snapshot()
    .harnesses.find((h) => h.id === harness);
  if (!profile) throw new HostError('NOT_FOUND', `no harness profile ${harness} in this workspace`);
  if (!path.isAbsolute(cwd)) throw new HostError('INVALID_REQUEST', 'capture needs an absolute working folder');
  let real: string;
  try {
    real = await realpath(cwd);
  } catch {
    throw new HostError('INVALID_REQUEST', `no folder at '${cwd}' on this machine`);
  }
  if (![...host.grantedFolders].some((g) => isInside(g, real)))
    throw new HostError('INVALID_REQUEST', `'${cwd}' is not inside a folder chosen for reading: choose the working folder first`);
  if (bin !== undefined && !path.isAbsolute(bin)) throw new HostError('INVALID_REQUEST', 'the agent path must be absolute');
  const outcome = await captureAgent({ profile, cwd: real, bin, allowNetwork });
  const best = outcomeVerdict(outcome, profile);
  const compared = best?.compared ?? outcome.request;
  return {
    harness: outcome.harness,
    ok: outcome.ok,
    problem: outcome.problem ?? (outcome.predictionError ? { code: 'no-prediction', message: outcome.predictionError } : undefined),
    bin: outcome.bin,
    version: outcome.version,
    isolation: outcome.isolation,
    requests: outcome.requests.map((r) => ({ method: r.method, url: r.url, bytes: r.body.length })),
    request: compared ? { url: compared.url, body: compared.body } : undefined,
    copied: outcome.home?.copied ?? [],
    verdict: best?.verdict,
    durationMs: performance.now() - started,
  };
}

import { randomUUID } from 'node:crypto';
import { lstat, realpath } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ChannelResponse } from '../../../shared/ipc/contract.js';
import type { ChannelHandlers } from '../../../shared/ipc/dispatch.js';
import { HostError } from '../../../shared/ipc/host-error.js';
import { writeBytesAtomic } from '../bundles/output-files.js';
import { isInside, resolveInside } from '../confine.js';
import type { HostContext } from '../host-context.js';
import { captureCaseFile } from './capture-case-file.js';
import { captureAgent, outcomeVerdict } from './capture-runner.js';

/** The last capture's conformance cases per host, until the next capture (one is kept). */
const lastCases = new WeakMap<HostContext, { id: string; fileName: string; text: string; cases: number }>();

/**
 * The every-harness view's capture: the working folder must be one the user granted through
 * the host; the agent's environment and temporary home stay here, the view gets the requests,
 * the compared request's body and the verdict.
 */
export async function captureInView(
  host: HostContext,
  { harness, cwd, bin, allowNetwork, realHome }: Parameters<ChannelHandlers['harness:capture']>[0],
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
  lastCases.delete(host);
  const homeDir = os.homedir();
  const outcome = await captureAgent({ profile, cwd: real, bin, allowNetwork, homeDir, realHome });
  const best = outcomeVerdict(outcome, profile);
  const compared = best?.compared ?? outcome.request;
  const file = await captureCaseFile(outcome, best?.verdict, profile, real, homeDir);
  const saveCase =
    file && file.cases > 0
      ? { id: randomUUID(), fileName: `capture-${profile.id}-${outcome.version ?? 'unknown'}.cases.json`, cases: file.cases }
      : undefined;
  if (file && saveCase) lastCases.set(host, { ...saveCase, text: file.text });
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
    realHome: outcome.home?.real,
    verdict: best?.verdict,
    saveCase,
    durationMs: performance.now() - started,
  };
}

/**
 * Writes the last capture's conformance cases: where the user chooses in the system's save
 * dialog (desktop; cancelled: nothing written), or — browser mode, which has no dialog — into the
 * new .json file the user named, inside the open workspace (never outside it, never over a file).
 */
export async function saveCaptureCase(
  host: HostContext,
  { id, path: rel }: Parameters<ChannelHandlers['harness:saveCaptureCase']>[0],
): Promise<ChannelResponse<'harness:saveCaptureCase'>> {
  const kept = lastCases.get(host);
  if (!kept || kept.id !== id) throw new HostError('NOT_FOUND', 'that capture is no longer kept: capture again, then save');
  let target: string;
  const pick = host.options.pickFile;
  if (pick) {
    const chosen = await pick('export-case', kept.fileName);
    if (chosen === null) return { status: 'cancelled' };
    target = chosen;
  } else {
    if (rel === undefined) throw new HostError('INVALID_REQUEST', 'name the file to write (inside the workspace)');
    const session = host.requireSession();
    if (session.readOnly)
      throw new HostError('READ_ONLY', 'the built-in workspace is read-only: open or copy a workspace to save the cases into it');
    if (!rel.endsWith('.json')) throw new HostError('INVALID_REQUEST', `'${rel.slice(0, 200)}' is not a .json file`);
    target = resolveInside(session.realRoot, rel);
    if (
      await lstat(target).then(
        () => true,
        () => false,
      )
    )
      throw new HostError('CONFLICT', `'${rel}' already exists in the workspace: choose another name`);
  }
  await writeBytesAtomic(target, new TextEncoder().encode(kept.text));
  return { status: 'saved', path: target, cases: kept.cases };
}

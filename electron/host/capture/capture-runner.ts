import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isCaptureDriven, isCapturePath, type CaptureDriven } from '../../../shared/capture/profile.js';
import { bestCaptureVerdict, type CaptureVerdict } from '../../../shared/capture/verdict.js';
import { runHarness, type HarnessProfile, type HarnessResult } from '../../../shared/harness/index.js';
import { realHarnessSetup } from '../harness/real-harness.js';
import { localIsoDate } from '../stack/index.js';
import { startStandIn, type RecordedRequest, type StandIn } from '../stand-in/stand-in-server.js';
import { agentEnv, DUMMY_KEY, fillSlots } from './agent-env.js';
import { compareReleases, findAgent } from './find-agent.js';
import { folderChanges, snapshotFolder } from './folder-snapshot.js';
import { NO_ISOLATION_MEANS, probeIsolation, type Isolation } from './isolation.js';
import { RELAY_SOURCE } from './relay-source.js';
import { runBounded, type BoundedRun } from './spawn-bounded.js';
import { RealHomeClash, useRealHome } from './real-home.js';
import { makeTempHome, type TempHome } from './temp-home.js';

/**
 * Capture: runs the agent installed on this machine for one non-interactive turn, as the
 * profile's `capture:` section says, against the local stand-in for its model API, and records
 * what it sent. The agent gets a temporary home, the dummy key and none of the user's variables
 * beyond PATH and locale; on Linux it runs in a network namespace with only loopback, where a
 * relay is its one way to the stand-in. The stand-in answers with a short plain text and no tool
 * call. Every fault ends within the time limit with one message and what was recorded so far;
 * the process tree is ended by id; one capture runs at a time.
 */

export type CaptureProblemCode =
  | 'busy'
  | 'no-namespace'
  | 'not-capturable'
  | 'not-found'
  | 'version-unreadable'
  | 'unsupported-version'
  | 'timeout'
  | 'login'
  | 'no-request'
  | 'other-path'
  | 'websocket'
  | 'output-limit'
  | 'wrote-folder'
  | 'home-file-exists'
  | 'failed';

export interface CaptureRequest {
  profile: HarnessProfile;
  /** The working folder (only read). */
  cwd: string;
  /** The agent's program, when not the profile's name on PATH. */
  bin?: string | undefined;
  /** The user's environment (default this process's): only PATH and locale pass to the agent. */
  env?: NodeJS.ProcessEnv | undefined;
  /** The user's home, whose global instruction files are copied (default os.homedir()). */
  homeDir?: string | undefined;
  /**
   * Run the agent with the user's real home instead of a temporary one (the user's explicit
   * choice): it may write its session logs and settings there. The capture section's files are
   * written only where the user has none, and removed afterwards.
   */
  realHome?: boolean | undefined;
  /** Default: probed on this machine. */
  isolation?: Isolation | undefined;
  /**
   * Run even without a network namespace (then only the profile's opt-out switches hold back
   * the agent's own traffic): the user's explicit choice. Without it such a capture runs nothing
   * and ends with `no-namespace`.
   */
  allowNetwork?: boolean | undefined;
  /** Default: the profile's. */
  timeoutMs?: number | undefined;
  /** Default 4 MB of stdout and stderr together. */
  maxOutputBytes?: number | undefined;
  /** After the model request, how long the agent may take to end by itself (default 15 s). */
  graceMs?: number | undefined;
  /** The date the prediction uses (YYYY-MM-DD; default today on this machine, as the agent sees it). */
  today?: string | undefined;
}

export interface CaptureOutcome {
  harness: string;
  ok: boolean;
  problem?: { code: CaptureProblemCode; message: string } | undefined;
  bin?: string | undefined;
  version?: string | undefined;
  isolation: { namespace: boolean; note: string };
  /** The agent's environment (the dummy key included, nothing of the user's beyond PATH and locale). */
  env: Record<string, string>;
  /** The agent's home — temporary (deleted when the capture returns), or the user's real one — and what was copied into it. */
  home?: { dir: string; copied: string[]; real: boolean } | undefined;
  /** The model request the turn sent (the first to the profile's path). */
  request?: RecordedRequest | undefined;
  /** Every model request to the profile's path (an agent may send a side request, e.g. for a title, first). */
  modelRequests: RecordedRequest[];
  /** Everything that arrived at the stand-in, in order. */
  requests: RecordedRequest[];
  /** The harness profile run on the same folder, home and environment (when a request was captured). */
  predicted?: HarnessResult | undefined;
  /** Why there is no prediction, when the harness run could not be set up. */
  predictionError?: string | undefined;
  exit?: { code: number | null; ended: BoundedRun['ended'] } | undefined;
  /** The first 64 KB of each. */
  stdout: string;
  stderr: string;
}

const LOGIN = /\b(log ?in|sign ?in|authenticat|unauthori[sz]ed|api key|credentials?)\b/i;
let running = false;

export async function captureAgent(request: CaptureRequest): Promise<CaptureOutcome> {
  const base: CaptureOutcome = {
    harness: request.profile.id,
    ok: false,
    isolation: { namespace: false, note: '' },
    env: {},
    requests: [],
    modelRequests: [],
    stdout: '',
    stderr: '',
  };
  if (running) return { ...base, problem: { code: 'busy', message: 'a capture is already running: wait for it to end' } };
  running = true;
  try {
    return await capture(request, base);
  } finally {
    running = false;
  }
}

function fail(outcome: CaptureOutcome, code: CaptureProblemCode, message: string): CaptureOutcome {
  return { ...outcome, ok: false, problem: { code, message } };
}

async function capture(request: CaptureRequest, base: CaptureOutcome): Promise<CaptureOutcome> {
  const section = request.profile.capture;
  if (!isCaptureDriven(section))
    return fail(
      base,
      'not-capturable',
      section ? `${request.profile.name} cannot be captured: ${section.unsupported}` : `${request.profile.name} has no capture section`,
    );
  const userEnv = request.env ?? process.env;
  const bin = await findAgent(section.bin, request.bin, userEnv);
  if (bin === undefined)
    return fail(
      base,
      'not-found',
      request.bin !== undefined
        ? `no executable agent at '${request.bin}'`
        : `'${section.bin}' is not on PATH: install ${request.profile.name} or give its path`,
    );
  const isolation = request.isolation ?? probeIsolation();
  if (isolation.kind === 'none' && request.allowNetwork !== true)
    return fail(
      { ...base, bin, isolation: { namespace: false, note: `${isolation.reason}; ${NO_ISOLATION_MEANS}` } },
      'no-namespace',
      `no network namespace for the agent here (${isolation.reason}): only its opt-out switches would keep its own telemetry and update checks off the network; nothing was run`,
    );
  const outcome: CaptureOutcome = {
    ...base,
    bin,
    isolation:
      isolation.kind === 'namespace'
        ? { namespace: true, note: 'network namespace with only loopback (unshare -rn)' }
        : { namespace: false, note: `${isolation.reason}; ${NO_ISOLATION_MEANS}` },
  };
  const timeoutMs = request.timeoutMs ?? section.timeoutSeconds * 1000;
  const maxOutputBytes = request.maxOutputBytes ?? 4 * 1024 * 1024;
  const socketDir = isolation.kind === 'namespace' ? await mkdtemp(path.join(os.tmpdir(), 'vs-capture-')) : undefined;
  let standIn: StandIn | undefined;
  let home: TempHome | undefined;
  let modelRequestAt: (() => void) | undefined;
  try {
    const port = 20_000 + Math.floor(Math.random() * 40_000);
    standIn = await startStandIn({
      socket: socketDir ? { path: path.join(socketDir, 'stand-in.sock'), origin: `http://127.0.0.1:${port}` } : undefined,
      script: (recorded) => {
        if (isCapturePath(section, recorded.url)) modelRequestAt?.();
        return undefined;
      },
    });
    const slots = {
      origin: standIn.origin,
      baseUrl: standIn.baseUrl(section.api),
      key: DUMMY_KEY,
      prompt: section.prompt,
      cwd: request.cwd,
    };
    const userHome = request.homeDir ?? os.homedir();
    try {
      home =
        request.realHome === true
          ? await useRealHome(request.profile, userHome, section.homeFiles)
          : await makeTempHome(request.profile, userHome);
    } catch (e) {
      if (e instanceof RealHomeClash) return fail(outcome, 'home-file-exists', e.message);
      throw e;
    }
    const homeSlots = { ...slots, home: home.dir };
    for (const [rel, text] of Object.entries(section.homeFiles)) await home.write(rel, fillSlots(text, homeSlots));
    const env = agentEnv(
      userEnv,
      home.dir,
      fillAll({ ...section.env, ...section.quiet }, homeSlots),
      request.realHome === true ? { ownFolders: true, tmpDir: os.tmpdir() } : undefined,
    );
    outcome.env = env;
    outcome.home = { dir: home.dir, copied: home.copied, real: request.realHome === true };

    const wrap = (program: string, args: string[]): [string, string[]] => {
      if (isolation.kind !== 'namespace' || socketDir === undefined) return [program, args];
      return [
        isolation.unshare,
        ['-rn', process.execPath, '-e', RELAY_SOURCE, String(port), path.join(socketDir, 'stand-in.sock'), isolation.ip, program, ...args],
      ];
    };
    const runEnv = process.versions.electron ? { ...env, ELECTRON_RUN_AS_NODE: '1' } : env;

    // The version, in the same isolation.
    const [vBin, vArgs] = wrap(bin, section.version.args);
    const v = await runBounded(vBin, vArgs, { cwd: home.dir, env: runEnv, timeoutMs: Math.min(timeoutMs, 15_000), maxOutputBytes }).done;
    const version = new RegExp(section.version.pattern, 'm').exec(`${v.stdout}\n${v.stderr}`)?.[1];
    if (version === undefined)
      return fail(
        outcome,
        'version-unreadable',
        `'${bin} ${section.version.args.join(' ')}' did not print a version (${describeEnd(v)}): ${firstLine(v)}`,
      );
    outcome.version = version;
    if (!supported(section, version))
      return fail(
        outcome,
        'unsupported-version',
        `${request.profile.name} ${version} is not supported by this profile's capture section (${section.supported.min}${section.supported.max ? ` to ${section.supported.max}` : ' or later'})`,
      );

    const before = await snapshotFolder(request.cwd);
    const [aBin, aArgs] = wrap(
      bin,
      section.args.map((a) => fillSlots(a, homeSlots)),
    );
    const run = runBounded(aBin, aArgs, { cwd: request.cwd, env: runEnv, timeoutMs, maxOutputBytes });
    let grace: NodeJS.Timeout | undefined;
    modelRequestAt = () => {
      grace ??= setTimeout(() => run.stop(), request.graceMs ?? 15_000);
    };
    const result = await run.done;
    if (grace) clearTimeout(grace);
    const after = await snapshotFolder(request.cwd);
    outcome.requests = [...standIn.requests];
    outcome.stdout = result.stdout;
    outcome.stderr = result.stderr;
    outcome.exit = { code: result.code, ended: result.ended };
    outcome.modelRequests = outcome.requests.filter((r) => r.route === 'generate' && isCapturePath(section, r.url));
    outcome.request = outcome.modelRequests[0];
    const changes = folderChanges(before, after);
    if (changes.length > 0)
      return fail(
        outcome,
        'wrote-folder',
        `the agent changed the working folder (${changes.slice(0, 5).join(', ')}${changes.length > 5 ? ', ...' : ''})`,
      );
    if (result.ended === 'output-limit')
      return fail(outcome, 'output-limit', `the agent printed more than ${Math.round(maxOutputBytes / 1024 / 1024)} MB and was stopped`);
    if (outcome.request) {
      // The profile's prediction, while the temporary home still holds what the agent saw.
      const setup = await realHarnessSetup(
        request.profile,
        { cwd: request.cwd, settings: section.settings },
        { granted: [request.cwd], env, homeDir: home.dir },
      );
      if (setup.ok)
        outcome.predicted = await runHarness(request.profile, setup.context, {
          today: request.today ?? localIsoDate(new Date()),
          fs: setup.fs,
        });
      else outcome.predictionError = setup.error;
      return { ...outcome, ok: true };
    }
    return fail(outcome, ...whyNoRequest(section, outcome, result, timeoutMs));
  } finally {
    await standIn?.close();
    await home?.remove();
    if (socketDir) await rm(socketDir, { recursive: true, force: true });
  }
}

function whyNoRequest(section: CaptureDriven, outcome: CaptureOutcome, run: BoundedRun, timeoutMs: number): [CaptureProblemCode, string] {
  const upgrade = outcome.requests.find((r) => r.route === 'upgrade');
  if (upgrade)
    return [
      'websocket',
      `the agent opened a WebSocket (${upgrade.url}) instead of sending an HTTP request to ${section.path}: the stand-in speaks HTTP only`,
    ];
  const elsewhere = outcome.requests.find((r) => r.method === 'POST');
  if (elsewhere)
    return [
      'other-path',
      `the agent sent its request to ${elsewhere.url}, not to ${section.path}: the profile's capture section does not fit this release`,
    ];
  if (run.ended === 'timeout')
    return ['timeout', `the agent sent no model request and did not end within ${Math.round(timeoutMs / 1000)} s: it was stopped`];
  if (run.code === 97 && /capture-relay/.test(run.stderr)) return ['failed', run.stderr.trim()];
  const said = `${run.stdout}\n${run.stderr}`;
  if (LOGIN.test(said)) return ['login', `the agent asks for a login instead of using the stand-in: ${firstLine(run)}`];
  if (run.ended === 'spawn-error') return ['failed', `the agent did not start: ${run.error ?? ''}`];
  return ['no-request', `the agent ended (${describeEnd(run)}) before sending any request: ${firstLine(run)}`];
}

function supported(section: CaptureDriven, version: string): boolean {
  if (compareReleases(version, section.supported.min) < 0) return false;
  return section.supported.max === undefined || compareReleases(version, section.supported.max) <= 0;
}

function describeEnd(run: BoundedRun): string {
  if (run.ended === 'timeout') return 'time limit';
  if (run.signal) return `signal ${run.signal}`;
  return `exit ${String(run.code)}`;
}

function firstLine(run: BoundedRun): string {
  const line = `${run.stderr}\n${run.stdout}`.split('\n').find((l) => l.trim() !== '');
  return line === undefined ? 'no output' : line.trim().slice(0, 300);
}

function fillAll(values: Record<string, string>, slots: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, fillSlots(v, slots)]));
}

/** The verdict of a capture, against the model request the profile describes best (undefined when nothing was captured). */
export function outcomeVerdict(
  outcome: CaptureOutcome,
  profile: HarnessProfile,
): { verdict: CaptureVerdict; compared: RecordedRequest | undefined } | undefined {
  if (!outcome.ok || !outcome.predicted || !outcome.version) return undefined;
  const section = profile.capture;
  const best = bestCaptureVerdict(
    outcome.predicted,
    outcome.modelRequests.map((r) => r.body),
    { version: outcome.version, observed: isCaptureDriven(section) ? section.observed : [] },
  );
  return best && { verdict: best.verdict, compared: outcome.modelRequests[best.index] };
}

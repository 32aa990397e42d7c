import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { captureAgent, type CaptureRequest } from '../../electron/host/capture/capture-runner.js';
import { DUMMY_KEY } from '../../electron/host/capture/agent-env.js';
import { NO_ISOLATION_MEANS, probeIsolation } from '../../electron/host/capture/isolation.js';
import { folderFileSource } from '../../electron/host/folder-source.js';
import { captureVerdict, wordDiffText } from '../../shared/capture/verdict.js';
import type { CaptureDriven } from '../../shared/capture/profile.js';
import { loadHarnessProfiles, type HarnessProfile } from '../../shared/harness/index.js';

/**
 * Capture against a fake agent (fake-agent.mjs) that behaves like a real one or misbehaves on
 * demand: every fault ends within the time limit with one message and what was recorded, no
 * process is left behind, the user's keys never reach the agent, and the verdict compares the
 * profile's parts with what was sent.
 */

const FAKE = path.resolve('tests/capture/fake-agent.mjs');
const codex = loadHarnessProfiles(folderFileSource(path.resolve('variants'))).profiles.find((p) => p.id === 'codex') as HarnessProfile;
const top = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'vs-capture-faults-')));
const project = path.join(top, 'project');
fs.mkdirSync(project);
fs.writeFileSync(path.join(project, 'AGENTS.md'), 'Indent with spaces.\n');
const realHome = path.join(top, 'home');
fs.mkdirSync(path.join(realHome, '.codex'), { recursive: true });
fs.writeFileSync(path.join(realHome, '.codex', 'AGENTS.md'), 'Global rule.\n');
fs.writeFileSync(path.join(realHome, '.codex', 'auth.json'), '{"secret": "not for the agent"}\n');
afterAll(() => fs.rmSync(top, { recursive: true, force: true }));

function fakeProfile(mode: string, overrides: Partial<CaptureDriven> = {}): HarnessProfile {
  const capture: CaptureDriven = {
    api: 'openai-responses',
    bin: 'fake-agent-not-on-path',
    args: ['{{prompt}}', mode],
    prompt: 'Reply with OK.',
    env: { STANDIN_BASE: '{{baseUrl}}', STANDIN_API_KEY: '{{key}}' },
    quiet: { FAKE_TELEMETRY: 'off' },
    homeFiles: { '.codex/config.toml': 'base = "{{baseUrl}}"\n' },
    version: { args: ['--version', mode], pattern: '^fake-agent (\\d+\\.\\d+\\.\\d+)' },
    supported: { min: '0.169.0' },
    observed: ['0.171.0'],
    path: '/v1/responses',
    settings: {},
    timeoutSeconds: 60,
    ...overrides,
  };
  return { ...codex, capture };
}

const userEnv = {
  PATH: process.env.PATH,
  OPENAI_API_KEY: 'sk-real-secret',
  ANTHROPIC_API_KEY: 'real-too',
  CODEX_HOME: '/elsewhere',
  LANG: 'C.UTF-8',
};

function run(mode: string, more: Partial<CaptureRequest> = {}) {
  return captureAgent({
    profile: fakeProfile(mode),
    cwd: project,
    bin: FAKE,
    env: userEnv,
    homeDir: realHome,
    timeoutMs: 8000,
    graceMs: 500,
    today: '2026-12-01',
    // Where this machine has no network namespace, the fake runs anyway (it reaches nothing).
    allowNetwork: true,
    ...more,
  });
}

/** Running (a zombie waiting for its reaper has ended). */
function alive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

describe('capture with a fake agent', () => {
  it('records the request, gives only the dummy key and a temporary home with copies of the global files (which the fake leaves out: differs)', async () => {
    const out = await run('ok');
    expect(out.problem).toBeUndefined();
    expect(out.ok).toBe(true);
    expect(out.version).toBe('0.171.0');
    expect(out.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /v1/responses']);
    const body = JSON.parse(out.request!.body) as { fake_key: string; fake_env: string[]; fake_home: string };
    expect(body.fake_key).toBe(DUMMY_KEY);
    expect(body.fake_env).not.toContain('OPENAI_API_KEY');
    expect(body.fake_env).not.toContain('ANTHROPIC_API_KEY');
    expect(body.fake_env).not.toContain('CODEX_HOME');
    expect(body.fake_env).toEqual(expect.arrayContaining(['FAKE_TELEMETRY', 'HOME', 'PATH', 'STANDIN_API_KEY', 'STANDIN_BASE']));
    expect(body.fake_home).toBe(out.home!.dir);
    expect(out.home!.copied).toEqual(['.codex/AGENTS.md']);
    expect(fs.existsSync(out.home!.dir)).toBe(false);
    expect(out.stdout).toBe('OK.\n');
    const verdict = captureVerdict(out.predicted!, out.request!.body, { version: out.version!, observed: ['0.171.0'] });
    expect(verdict.parts).toEqual([
      {
        label: 'AGENTS.md fragment',
        placement: 'user',
        files: [path.join(out.home!.dir, '.codex/AGENTS.md'), path.join(project, 'AGENTS.md')],
        status: 'differs',
        where: 'input[0].content[0].text',
        changes: expect.any(Array),
        sent: expect.stringContaining('Indent with spaces.'),
      },
    ]);
  });

  it('matches when the agent sends exactly what the profile predicts (no global file)', async () => {
    const out = await run('ok', { homeDir: path.join(top, 'no-home') });
    const verdict = captureVerdict(out.predicted!, out.request!.body, { version: out.version!, observed: ['0.171.0'] });
    expect(verdict.summary).toBe('matches codex (observed with 0.171.0) on your 0.171.0');
    expect(verdict.parts).toEqual([
      {
        label: 'AGENTS.md fragment',
        placement: 'user',
        files: [path.join(project, 'AGENTS.md')],
        status: 'matches',
        where: 'input[0].content[0].text',
        sent: `# AGENTS.md instructions for ${project}\n\n<INSTRUCTIONS>\nIndent with spaces.\n\n</INSTRUCTIONS>`,
      },
    ]);
  });

  it('differs with a word diff when the agent sends other text', async () => {
    const out = await run('differ', { homeDir: path.join(top, 'no-home') });
    const verdict = captureVerdict(out.predicted!, out.request!.body, { version: out.version!, observed: [] });
    expect(verdict.summary).toBe('differs: 1 part');
    expect(wordDiffText(verdict.parts[0]!.changes!)).toBe(
      `# AGENTS.md instructions for ${project}\n\n<INSTRUCTIONS>\nIndent with [-spaces-]{+tabs+}.\n\n</INSTRUCTIONS>`,
    );
  });

  it.each([
    ['hang', 'timeout', 'the agent sent no model request and did not end within 8 s: it was stopped'],
    [
      'login',
      'login',
      'the agent asks for a login instead of using the stand-in: You are not logged in. Run `fake-agent login` to sign in.',
    ],
    ['exit-early', 'no-request', 'the agent ended (exit 3) before sending any request: fatal: the fake agent crashed on start'],
    [
      'other-path',
      'other-path',
      "the agent sent its request to /v2/chat, not to /v1/responses: the profile's capture section does not fit this release",
    ],
    [
      'websocket',
      'websocket',
      'the agent opened a WebSocket (/v1/responses) instead of sending an HTTP request to /v1/responses: the stand-in speaks HTTP only',
    ],
    ['flood', 'output-limit', 'the agent printed more than 1 MB and was stopped'],
    ['write-folder', 'wrote-folder', 'the agent changed the working folder (added notes.txt)'],
  ])('%s: one clear message', async (mode, code, message) => {
    const out = await run(mode, { maxOutputBytes: 1024 * 1024 });
    expect(out.ok).toBe(false);
    expect(out.problem).toEqual({ code, message });
    if (mode === 'write-folder') fs.rmSync(path.join(project, 'notes.txt'));
  });

  it('ends every process the agent started, by id', async () => {
    const out = await run('child-hangs');
    expect(out.ok).toBe(true);
    expect(out.exit?.ended).toBe('stopped');
    const pid = Number(/child (\d+)/.exec(out.stdout)?.[1]);
    expect(pid).toBeGreaterThan(0);
    await expect.poll(() => alive(pid)).toBe(false);
  });

  it('refuses an agent that is not there, an unsupported version, a profile without capture, and a second capture at once', async () => {
    expect((await run('ok', { bin: path.join(top, 'nothing') })).problem).toEqual({
      code: 'not-found',
      message: `no executable agent at '${path.join(top, 'nothing')}'`,
    });
    expect((await run('ok', { bin: undefined })).problem).toEqual({
      code: 'not-found',
      message: "'fake-agent-not-on-path' is not on PATH: install Codex CLI or give its path",
    });
    expect((await run('old')).problem).toEqual({
      code: 'unsupported-version',
      message: "Codex CLI 0.1.0 is not supported by this profile's capture section (0.169.0 or later)",
    });
    expect(
      (await captureAgent({ profile: { ...codex, capture: { unsupported: 'it is an editor extension' } }, cwd: project })).problem,
    ).toEqual({
      code: 'not-capturable',
      message: 'Codex CLI cannot be captured: it is an editor extension',
    });
    const [a, b] = await Promise.all([run('ok'), run('ok')]);
    expect(a.ok).toBe(true);
    expect(b.problem?.code).toBe('busy');
  });

  it('without a network namespace and no consent: nothing runs, and the message says what would protect the user', async () => {
    const marker = path.join(top, 'ran');
    const wrapper = path.join(top, 'agent-that-marks');
    fs.writeFileSync(wrapper, `#!/bin/sh\ntouch "${marker}"\nexec "${process.execPath}" "${FAKE}" "$@"\n`, { mode: 0o755 });
    const refused = await run('ok', { bin: wrapper, isolation: { kind: 'none', reason: 'test' }, allowNetwork: undefined });
    expect(refused).toMatchObject({
      ok: false,
      problem: {
        code: 'no-namespace',
        message:
          'no network namespace for the agent here (test): only its opt-out switches would keep its own telemetry and update checks off the network; nothing was run',
      },
      isolation: { namespace: false, note: `test; ${NO_ISOLATION_MEANS}` },
      requests: [],
    });
    expect(refused.version).toBeUndefined();
    expect(fs.existsSync(marker)).toBe(false);
    const allowed = await run('ok', { bin: wrapper, isolation: { kind: 'none', reason: 'test' }, allowNetwork: true });
    expect(allowed.ok).toBe(true);
    expect(fs.existsSync(marker)).toBe(true);
  });

  it('the namespace check: off by VARIANT_STUDIO_NO_NAMESPACE=1, and Linux only', () => {
    expect(probeIsolation('linux', { VARIANT_STUDIO_NO_NAMESPACE: '1' })).toEqual({
      kind: 'none',
      reason: 'VARIANT_STUDIO_NO_NAMESPACE=1 is set',
    });
    expect(probeIsolation('darwin', {})).toEqual({ kind: 'none', reason: 'network namespaces are Linux only (this is darwin)' });
  });

  it.each([
    ['in the network namespace (when this machine has one)', undefined],
    ['without a namespace', { kind: 'none', reason: 'test' } as const],
  ])('%s: whether the agent reaches the host', async (_name, isolation) => {
    const server = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const port = (server.address() as net.AddressInfo).port;
    const profile = fakeProfile('probe-host');
    const out = await captureAgent({
      profile: { ...profile, capture: { ...(profile.capture as CaptureDriven), prompt: String(port) } },
      cwd: project,
      bin: FAKE,
      env: userEnv,
      homeDir: realHome,
      isolation,
      allowNetwork: true,
      graceMs: 500,
    });
    server.close();
    const namespace = isolation === undefined && probeIsolation().kind === 'namespace';
    expect(out.ok).toBe(true);
    expect(out.isolation.namespace).toBe(namespace);
    expect(out.isolation.note).toBe(
      namespace
        ? 'network namespace with only loopback (unshare -rn)'
        : `${isolation?.reason ?? (probeIsolation() as { reason: string }).reason}; ${NO_ISOLATION_MEANS}`,
    );
    expect((JSON.parse(out.request!.body) as { fake_probe: string }).fake_probe).toBe(namespace ? 'unreachable' : 'reached');
  });
});

describe("the agent's home", () => {
  /** A user's home of its own: a global Codex file and XDG folders of the user's. */
  function homeWith(name: string): string {
    const home = path.join(top, name);
    fs.mkdirSync(path.join(home, '.codex'), { recursive: true });
    fs.writeFileSync(path.join(home, '.codex', 'AGENTS.md'), 'Global rule.\n');
    return home;
  }

  it('by default: a temporary home holding a copy of the global file, deleted afterwards; the real home untouched', async () => {
    const home = homeWith('home-default');
    const out = await run('ok', { homeDir: home });
    expect(out.ok).toBe(true);
    const body = JSON.parse(out.request!.body) as { fake_home: string };
    expect(out.home).toEqual({ dir: body.fake_home, copied: ['.codex/AGENTS.md'], real: false });
    expect(body.fake_home).not.toBe(home);
    expect(path.basename(body.fake_home)).toMatch(/^variant-studio-capture-home-/);
    expect(out.env.HOME).toBe(body.fake_home);
    expect(out.env.TMPDIR).toBe(`${body.fake_home}/tmp`);
    expect(fs.existsSync(body.fake_home)).toBe(false);
    expect(fs.readdirSync(path.join(home, '.codex'))).toEqual(['AGENTS.md']);
  });

  it('"use my real home": the given home in the agent\'s env, the section\'s file written there and removed afterwards', async () => {
    const home = homeWith('home-real');
    const out = await run('ok', { homeDir: home, realHome: true, env: { ...userEnv, XDG_CONFIG_HOME: path.join(home, 'cfg') } });
    expect(out.problem).toBeUndefined();
    const body = JSON.parse(out.request!.body) as { fake_home: string };
    expect(body.fake_home).toBe(home);
    expect(out.home).toEqual({ dir: home, copied: ['.codex/AGENTS.md'], real: true });
    expect(out.env.HOME).toBe(home);
    expect(out.env.XDG_CONFIG_HOME).toBe(path.join(home, 'cfg'));
    expect(out.env.XDG_DATA_HOME).toBe(`${home}/.local/share`);
    expect(out.env.TMPDIR).toBe(os.tmpdir());
    // The prediction read the global file where it is.
    expect(out.predicted!.parts[0]!.files).toEqual([path.join(home, '.codex/AGENTS.md'), path.join(project, 'AGENTS.md')]);
    // The section's .codex/config.toml was the capture's: gone; the user's own file stays.
    expect(fs.readdirSync(path.join(home, '.codex'))).toEqual(['AGENTS.md']);
    expect(fs.readFileSync(path.join(home, '.codex', 'AGENTS.md'), 'utf8')).toBe('Global rule.\n');

    // Where no such folder was, the folders made for the file go too.
    const bare = path.join(top, 'home-bare');
    fs.mkdirSync(bare);
    const again = await run('ok', { homeDir: bare, realHome: true });
    expect(again.ok).toBe(true);
    expect(again.home).toEqual({ dir: bare, copied: [], real: true });
    expect(fs.readdirSync(bare)).toEqual([]);
  });

  it('"use my real home" never overwrites a file of the user\'s: the capture is refused, naming it, and nothing runs', async () => {
    const home = homeWith('home-clash');
    const config = path.join(home, '.codex', 'config.toml');
    fs.writeFileSync(config, 'model = "mine"\n');
    const out = await run('ok', { homeDir: home, realHome: true });
    expect(out.problem).toEqual({
      code: 'home-file-exists',
      message: `${config} exists: with your real home the capture would overwrite it; run with the temporary home`,
    });
    expect(out.requests).toEqual([]);
    expect(fs.readFileSync(config, 'utf8')).toBe('model = "mine"\n');
  });
});

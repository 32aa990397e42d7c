import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/main.js';
import { fakeAgentCase } from '../capture/fake-agent-case.js';

/**
 * `variant-studio capture` against the fake agent (tests/capture/fake-agent.mjs), driven by a
 * workspace whose codex profile has a capture section for it: exit 0 and the parts when the
 * agent sends what the profile predicts, exit 1 and the word diff when it does not, exit 2
 * with the reason when nothing could be captured.
 */

const FAKE = path.resolve('tests/capture/fake-agent.mjs');
const top = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'vs-cli-capture-')));
afterAll(() => rmSync(top, { recursive: true, force: true }));
const workspace = path.join(top, 'ws');
mkdirSync(path.join(workspace, 'harnesses', 'codex'), { recursive: true });
const builtin = readFileSync(path.resolve('variants/harnesses/codex/harness.yaml'), 'utf8');
const section = `capture:
  api: openai-responses
  bin: fake-agent
  args: ["{{prompt}}", "MODE"]
  env: { STANDIN_BASE: "{{baseUrl}}", STANDIN_API_KEY: "{{key}}" }
  version: { args: ["--version", "MODE"], pattern: "^fake-agent (\\\\d+\\\\.\\\\d+\\\\.\\\\d+)" }
  supported: { min: 0.169.0 }
  observed: [0.171.0]
  path: /v1/responses
  timeoutSeconds: 10
`;
const project = path.join(top, 'project');
mkdirSync(project);
writeFileSync(path.join(project, 'AGENTS.md'), 'Indent with spaces.\n');
const home = path.join(top, 'home');
mkdirSync(home);

async function capture(
  mode: string,
  format = 'text',
  more: string[] = [],
  env: Record<string, string> = {},
): Promise<{ code: number; out: string; err: string }> {
  writeFileSync(
    path.join(workspace, 'harnesses', 'codex', 'harness.yaml'),
    `${builtin.slice(0, builtin.indexOf('capture:'))}${section.replaceAll('MODE', mode)}`,
  );
  let out = '';
  let err = '';
  const code = await runCli(
    ['capture', '--harness', 'codex', '--workspace', workspace, '--cwd', project, '--bin', FAKE, '--format', format, ...more],
    {
      stdout: (t) => (out += t),
      stderr: (t) => (err += t),
      cwd: top,
      env: { PATH: process.env.PATH, HOME: home, OPENAI_API_KEY: 'sk-real', ...env },
    },
  );
  return { code, out, err };
}

describe('variant-studio capture', () => {
  it('without a network namespace: one line and exit 2 unless --allow-network, which runs it', async () => {
    const noNamespace = { VARIANT_STUDIO_NO_NAMESPACE: '1' };
    const refused = await capture('ok', 'text', [], noNamespace);
    expect(refused).toEqual({
      code: 2,
      out: '',
      err:
        'variant-studio: no network namespace for the agent here (VARIANT_STUDIO_NO_NAMESPACE=1 is set): only its opt-out switches ' +
        'would keep its own telemetry and update checks off the network; nothing was run; run again with --allow-network to capture anyway\n',
    });
    const allowed = await capture('ok', 'text', ['--allow-network'], noNamespace);
    expect(allowed.code).toBe(0);
    expect(allowed.out.split('\n')[1]).toBe(
      "isolation: VARIANT_STUDIO_NO_NAMESPACE=1 is set; the agent runs without a network namespace: its model requests go to the stand-in, but only the profile's opt-out switches keep its own telemetry and update checks from reaching the network",
    );
  });

  it('matches: exit 0, the request and each part with its file', async () => {
    const r = await capture('ok');
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[0]).toBe(`capture: codex 0.171.0 (${FAKE})`);
    expect(lines.slice(2)).toEqual([
      expect.stringMatching(/^sent: POST \/v1\/responses \(\d+ bytes\)$/),
      'instruction parts (against POST /v1/responses, request 1):',
      `  AGENTS.md fragment [${project}/AGENTS.md]: matches (at input[0].content[0].text)`,
      'verdict: matches codex (observed with 0.171.0) on your 0.171.0',
      '(--format json prints the whole request)',
      '',
    ]);
  });

  it('differs: exit 1 and a word diff; json carries the whole request', async () => {
    const r = await capture('differ');
    expect(r.code).toBe(1);
    expect(r.out).toContain(`  AGENTS.md fragment [${project}/AGENTS.md]: differs (nearest input[0].content[0].text)\n`);
    expect(r.out).toContain('    | Indent with [-spaces-]{+tabs+}.\n');
    expect(r.out).toContain('verdict: differs: 1 part\n');
    const j = await capture('differ', 'json');
    expect(j.code).toBe(1);
    const json = JSON.parse(j.out) as { verdict: { matches: boolean; summary: string }; request: { body: string } };
    expect(json.verdict.summary).toBe('differs: 1 part');
    expect(JSON.parse(json.request.body)).toMatchObject({ model: 'fake', instructions: 'You are a fake agent.' });
    expect(j.out).not.toContain('sk-real');
  });

  it('--real-home runs the agent with the real HOME (and leaves it as it was); without it, a temporary one', async () => {
    const temp = await capture('ok', 'json');
    const tempJson = JSON.parse(temp.out) as { realHome: boolean; request: { body: string } };
    expect(tempJson.realHome).toBe(false);
    expect((JSON.parse(tempJson.request.body) as { fake_home: string }).fake_home).toMatch(/variant-studio-capture-home-/);
    const real = await capture('ok', 'json', ['--real-home']);
    expect(real.code).toBe(0);
    const realJson = JSON.parse(real.out) as { realHome: boolean; request: { body: string } };
    expect(realJson.realHome).toBe(true);
    expect((JSON.parse(realJson.request.body) as { fake_home: string }).fake_home).toBe(home);
    expect(readdirSync(home)).toEqual([]);
  });

  it('--save-case writes the capture as a conformance case that the profile passes', async () => {
    const file = path.join(top, 'cases.json');
    const r = await capture('ok', 'text', ['--save-case', file]);
    expect(r.code).toBe(0);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { cases: Record<string, unknown>[] };
    expect(saved.cases).toEqual([fakeAgentCase(project, expect.stringMatching(/variant-studio-capture-home-/))]);
    // The case runs through the engine like any conformance case.
    const context = path.join(top, 'case.json');
    writeFileSync(context, JSON.stringify(saved.cases[0]));
    let out = '';
    await runCli(['instructions', '--harness', 'codex', '--context', context, '--format', 'json'], {
      stdout: (t) => (out += t),
      stderr: () => undefined,
      cwd: top,
    });
    const parts = (JSON.parse(out) as { parts: { text: string }[] }).parts;
    expect(parts.map((p) => p.text)).toEqual([saved.cases[0]!.expected]);
  });

  it('nothing captured: exit 2 with the reason', async () => {
    const r = await capture('exit-early');
    expect(r.code).toBe(2);
    expect(r.out).toContain('problem: the agent ended (exit 3) before sending any request: fatal: the fake agent crashed on start\n');
  });
});

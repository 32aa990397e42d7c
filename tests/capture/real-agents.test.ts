import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureAgent, outcomeVerdict } from '../../electron/host/capture/capture-runner.js';
import { folderFileSource } from '../../electron/host/folder-source.js';
import { loadHarnessProfiles, type HarnessProfile } from '../../shared/harness/index.js';

/**
 * Capture against the real released agents at pinned versions (scripts/install-agents.js puts
 * them in .cache/agents, or in $VARIANT_STUDIO_AGENTS as .ci/run does): each runs one turn on a
 * fixture folder against the local stand-in — in a network namespace where this machine has
 * one — and the built-in profile must predict its instruction part exactly.
 */

const { profiles } = loadHarnessProfiles(folderFileSource(path.resolve('variants')));
const profile = (id: string): HarnessProfile => profiles.find((p) => p.id === id) as HarnessProfile;
const top = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'vs-real-agents-')));
const project = path.join(top, 'project');
const home = path.join(top, 'home');
fs.mkdirSync(project);
fs.mkdirSync(home);
fs.writeFileSync(path.join(project, 'CLAUDE.md'), 'Run the tests with npm test.\n');
fs.writeFileSync(path.join(project, 'AGENTS.md'), 'Indent with two spaces.\n');
afterAll(() => fs.rmSync(top, { recursive: true, force: true }));

let bin = '';
beforeAll(() => {
  const args = ['scripts/install-agents.js', ...(process.env.VARIANT_STUDIO_AGENTS ? [process.env.VARIANT_STUDIO_AGENTS] : [])];
  const out = execFileSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 15 * 60_000 });
  bin = path.join(out.trim().split('\n').pop() as string, 'node_modules', '.bin');
}, 15 * 60_000);

async function captured(id: string, program: string) {
  const p = profile(id);
  const out = await captureAgent({
    profile: p,
    cwd: project,
    bin: path.join(bin, program),
    env: { PATH: process.env.PATH },
    homeDir: home,
  });
  expect(out.problem).toBeUndefined();
  return { out, verdict: outcomeVerdict(out, p)!.verdict };
}

// A real agent starts in seconds, but the machine may be busy: a turn's own time limit is the profile's.
const TURN_MS = 120_000;

describe('capture of the released agents', () => {
  it(
    'Claude Code 2.1.332: the CLAUDE.md block is the first text of the first user message, as the profile predicts',
    async () => {
      const { out, verdict } = await captured('claude-code', 'claude');
      expect(out.version).toBe('2.1.332');
      expect(out.request!.url).toBe('/v1/messages?beta=true');
      const memory =
        '<system-reminder>\nCodebase and user instructions are shown below. Be sure to adhere to these instructions. IMPORTANT: These instructions OVERRIDE any default behavior and you MUST follow them exactly as written.\n\n' +
        `Contents of ${project}/CLAUDE.md (project instructions, checked into the codebase):\n\nRun the tests with npm test.\n</system-reminder>`;
      expect(out.predicted!.parts.map((p) => [p.placement, p.label, p.text])).toEqual([['user', 'memory', memory]]);
      expect(verdict.parts).toEqual([
        {
          label: 'memory',
          placement: 'user',
          files: [`${project}/CLAUDE.md`],
          status: 'matches',
          where: 'messages[0].content[0].text',
          sent: memory,
        },
      ]);
      expect(verdict.summary).toBe('matches claude-code (observed with 2.1.332) on your 2.1.332');
      expect(out.stdout).toBe('OK.\n');
    },
    TURN_MS,
  );

  it(
    'Codex 0.171.0: the AGENTS.md fragment is a user message of its own, as the profile predicts',
    async () => {
      const { out, verdict } = await captured('codex', 'codex');
      expect(out.version).toBe('0.171.0');
      expect(out.request!.url).toBe('/v1/responses');
      const fragment = `# AGENTS.md instructions for ${project}\n\n<INSTRUCTIONS>\nIndent with two spaces.\n\n</INSTRUCTIONS>`;
      expect(out.predicted!.parts.map((p) => [p.placement, p.label, p.text])).toEqual([['user', 'AGENTS.md fragment', fragment]]);
      expect(verdict.parts).toEqual([
        {
          label: 'AGENTS.md fragment',
          placement: 'user',
          files: [`${project}/AGENTS.md`],
          status: 'matches',
          where: expect.stringMatching(/^input\[\d+\]\.content\[0\]\.text$/),
          sent: fragment,
        },
      ]);
      expect(verdict.summary).toBe('matches codex (observed with 0.171.0) on your 0.171.0');
    },
    TURN_MS,
  );

  it(
    'OpenCode 1.18.33: the environment block and AGENTS.md are the end of the system prompt, as the profile predicts',
    async () => {
      const { out, verdict } = await captured('opencode', 'opencode');
      expect(out.version).toBe('1.18.33');
      const system =
        'You are powered by the model named stand-in. The exact model ID is standin/stand-in\n' +
        'Here is some useful information about the environment you are running in:\n<env>\n' +
        `  Working directory: ${project}\n  Workspace root folder: /\n  Is directory a git repo: no\n  Platform: linux\n` +
        `  Today's date: ${new Date().toDateString()}\n</env>\nInstructions from: ${project}/AGENTS.md\nIndent with two spaces.\n`;
      expect(out.predicted!.parts.map((p) => [p.placement, p.text])).toEqual([['system', system]]);
      expect(verdict.parts.map((p) => [p.status, p.files])).toEqual([['matches', [`${project}/AGENTS.md`]]]);
      expect(verdict.summary).toBe('matches opencode (observed with 1.18.33) on your 1.18.33');
    },
    TURN_MS,
  );
});

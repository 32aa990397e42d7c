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
// The folder of the agents that read more names: each takes its own files, and AGENTS.md.
const more = path.join(top, 'more');
fs.mkdirSync(path.join(more, '.github'), { recursive: true });
fs.writeFileSync(path.join(more, 'CLAUDE.md'), 'Run the tests with npm test.\n');
fs.writeFileSync(path.join(more, 'AGENTS.md'), 'Indent with two spaces.\n');
fs.writeFileSync(path.join(more, 'QWEN.md'), 'Use pnpm.\n');
fs.writeFileSync(path.join(more, 'GEMINI.md'), 'Prefer small functions.\n');
fs.writeFileSync(path.join(more, '.github', 'copilot-instructions.md'), 'Write tests first.\n');
afterAll(() => fs.rmSync(top, { recursive: true, force: true }));

let bin = '';
beforeAll(() => {
  const args = ['scripts/install-agents.js', ...(process.env.VARIANT_STUDIO_AGENTS ? [process.env.VARIANT_STUDIO_AGENTS] : [])];
  const out = execFileSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 15 * 60_000 });
  bin = path.join(out.trim().split('\n').pop() as string, 'node_modules', '.bin');
}, 15 * 60_000);

async function captured(id: string, program: string, cwd = project) {
  const p = profile(id);
  const out = await captureAgent({
    profile: p,
    cwd,
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

  it(
    'Qwen Code 0.24.4: QWEN.md, then AGENTS.md, then the output-language file it writes at startup, at the end of the system message',
    async () => {
      const { out, verdict } = await captured('qwen-code', 'qwen', more);
      expect(out.version).toBe('0.24.4');
      expect(out.request!.url).toBe('/v1/chat/completions');
      expect(verdict.parts.map((p) => [p.placement, p.label, p.status, p.where])).toEqual([
        ['system', 'memory (system prompt)', 'matches', 'messages[0].content'],
      ]);
      expect(verdict.parts[0]!.files).toEqual([`${more}/QWEN.md`, `${more}/AGENTS.md`, `${out.home!.dir}/.qwen/output-language.md`]);
      expect(verdict.parts[0]!.sent).toContain(
        '\n\n---\n\n--- Context from: QWEN.md ---\nUse pnpm.\n--- End of Context from: QWEN.md ---\n\n' +
          '--- Context from: AGENTS.md ---\nIndent with two spaces.\n--- End of Context from: AGENTS.md ---\n\n',
      );
      expect(verdict.summary).toBe('matches qwen-code (observed with 0.24.4) on your 0.24.4');
    },
    TURN_MS,
  );

  it(
    'Copilot CLI 1.0.102 (its own-key mode): one custom_instruction block per file, in the system message',
    async () => {
      const { out, verdict } = await captured('copilot', 'copilot', more);
      expect(out.version).toBe('1.0.102');
      expect(out.request!.url).toBe('/v1/chat/completions');
      const block = (text: string) => `<custom_instruction>\n${text}\n\n</custom_instruction>`;
      expect(verdict.parts).toEqual([
        {
          label: 'custom instructions',
          placement: 'system',
          files: [`${more}/.github/copilot-instructions.md`, `${more}/AGENTS.md`, `${more}/CLAUDE.md`, `${more}/GEMINI.md`],
          status: 'matches',
          where: 'messages[0].content',
          sent: [
            block('Write tests first.'),
            block('Indent with two spaces.'),
            block('Run the tests with npm test.'),
            block('Prefer small functions.'),
          ].join('\n\n'),
        },
      ]);
      expect(verdict.summary).toBe('matches copilot (observed with 1.0.102) on your 1.0.102');
    },
    TURN_MS,
  );

  it(
    "Gemini CLI 0.61.0: the project memory in the first user message matches; the session block around it (with the folder listing the profile leaves out) is the agent's context",
    async () => {
      const { out, verdict } = await captured('gemini-cli', 'gemini', more);
      expect(out.version).toBe('0.61.0');
      expect(out.request!.url).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
      const memory =
        '\n<loaded_context>\n<project_context>\n' +
        `--- Context from: ${more}/GEMINI.md ---\nPrefer small functions.\n--- End of Context from: ${more}/GEMINI.md ---\n` +
        '</project_context>\n</loaded_context>';
      expect(verdict.parts).toEqual([
        {
          label: 'session context',
          placement: 'user',
          files: [`${more}/GEMINI.md`],
          compared: 'instruction',
          status: 'matches',
          where: 'contents[0].parts[0].text',
          sent: memory,
        },
      ]);
      // What the profile does not predict: the workspace folders and the listing, before the memory.
      expect(out.predicted!.parts[0]!.text).not.toContain('Workspace Directories');
      expect(out.request!.body).toContain('Workspace Directories');
      expect(verdict.summary).toBe('matches gemini-cli (observed with 0.61.0) on your 0.61.0');
    },
    TURN_MS,
  );
});

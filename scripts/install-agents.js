#!/usr/bin/env node
// Installs the released coding agents the capture end-to-end test runs (pinned versions) into
// .cache/agents/, outside the project's dependencies (about 1.6 GB together). Each CLI's native
// binary comes from its platform package on the npm registry; Claude Code's install script only
// links that binary into place (it downloads nothing). Kilo 7.7.9 is not here: its native build
// spends 20 s or more before its first request (docs/capture.md). Prints the folder whose
// node_modules/.bin holds the agents. Does nothing when the pinned versions are there. CI and
// `npm test` run it; VARIANT_STUDIO_AGENTS overrides the folder (a folder installed the same
// way, e.g. by .ci/run into a temporary folder).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const AGENT_PACKAGES = [
  '@anthropic-ai/claude-code@2.1.332',
  '@openai/codex@0.171.0',
  'opencode-ai@1.18.33',
  '@qwen-code/qwen-code@0.24.4',
  '@github/copilot@1.0.102',
  '@google/gemini-cli@0.61.0',
];

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.argv[2] ? path.resolve(process.argv[2]) : path.join(root, '.cache', 'agents');
const stamp = path.join(dir, 'installed.txt');
const wanted = AGENT_PACKAGES.join('\n');

function installed() {
  try {
    return fs.readFileSync(stamp, 'utf8').trim() === wanted;
  } catch {
    return false;
  }
}

if (!installed()) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), '{ "name": "agents-for-capture-tests", "private": true }\n');
  execFileSync('npm', ['install', ...AGENT_PACKAGES, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
    stdio: ['ignore', 'inherit', 'inherit'],
    timeout: 15 * 60_000,
  });
  fs.writeFileSync(stamp, `${wanted}\n`);
}
console.log(dir);

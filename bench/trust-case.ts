/**
 * One case of `npm run bench:trust`, run in a child process by trust-bench.ts (so a crash, an
 * abort or a hang ends only the child). Prints `RESULT <json>`: the time of the operation,
 * what it answered, and the process's peak memory. Uses only entry points that exist before
 * and after issue 18, so the same file measures both.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { strToU8, zipSync } from 'fflate';
import { runCli } from '../cli/main.js';
import { readBundle } from '../electron/host/bundles/read-bundle.js';
import { memoryFileSource } from '../shared/domain/file-source.js';
import { MatcherSchema } from '../shared/domain/matcher.js';
import { parseContext } from '../shared/domain/parse-context.js';
import { ContextPresetFileSchema } from '../shared/domain/preset.js';
import { BUNDLE_FORMAT, BUNDLE_FORMAT_VERSION, manifestText } from '../shared/bundle/manifest.js';
import { evaluateMatcher } from '../shared/engine/selection/evaluate-matcher.js';
import { parseYamlFile } from '../shared/engine/workspace/yaml-file.js';
import { patternMatcher } from '../shared/harness/text/path-patterns.js';
import { loadStackProfile } from '../shared/stack/load-profile.js';

const ALIAS_BOMB =
  'a: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n';
const DEEP = '['.repeat(1000) + ']'.repeat(1000);
const wideMap = (n: number): string => Array.from({ length: n }, (_, i) => `key_${i}: value ${i}`).join('\n');
const MODEL = 'claude-sonnet-4-5-20250929';

function bundleOf(files: Record<string, string>): Uint8Array {
  const entries = Object.entries(files).map(([p, text]) => ({
    path: p,
    size: strToU8(text).length,
    sha256: createHash('sha256').update(text).digest('hex'),
  }));
  const manifest = manifestText({
    format: BUNDLE_FORMAT,
    formatVersion: BUNDLE_FORMAT_VERSION,
    appVersion: '0.1.0',
    createdAt: '2026-01-15T00:00:00.000Z',
    sourceWorkspace: 'bench',
    contents: { variants: [], profiles: [], presets: [], rendered: false },
    entries,
  });
  const all: Record<string, string> = { ...files, 'manifest.json': manifest };
  return zipSync(Object.fromEntries(Object.entries(all).map(([p, t]) => [p, strToU8(t)])));
}

function summary(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return (text ?? String(value)).slice(0, 160);
}

const CASES: Record<string, () => unknown | Promise<unknown>> = {
  'alias bomb in profile.yaml (162 B)': () =>
    loadStackProfile(memoryFileSource({ 'profiles/p/profile.yaml': ALIAS_BOMB }), 'profiles/p').problems.map((p) => p.message),
  'check: workspace.yaml + tools/a.yaml nested 1000 deep (2 KB each)': async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vs-bench-deep-'));
    fs.mkdirSync(path.join(dir, 'tools'));
    fs.writeFileSync(path.join(dir, 'workspace.yaml'), DEEP);
    fs.writeFileSync(path.join(dir, 'tools/a.yaml'), DEEP);
    let out = '';
    const code = await runCli(['check', '--workspace', dir], { stdout: (t) => (out += t), stderr: (t) => (out += t), cwd: dir });
    fs.rmSync(dir, { recursive: true, force: true });
    return `exit ${code}: ${out.split('\n')[0]}`;
  },
  'preset with 40,000 keys (0.9 MB)': () =>
    parseYamlFile('contexts/big.yaml', wideMap(40_000), ContextPresetFileSchema).problems[0]?.message,
  'largest accepted map (2,499 keys, 5,000 values)': () =>
    parseYamlFile('contexts/big.yaml', `context:\n${wideMap(2_499).replace(/^/gm, '  ')}\n`, ContextPresetFileSchema).problems.length,
  'largest accepted scalar (500 KB, double-quoted)': () =>
    parseYamlFile('contexts/big.yaml', `description: "${'x'.repeat(500_000)}"\n`, ContextPresetFileSchema).problems.length,
  'matcher ^([\\w.:-]+)+Z$ on claude-sonnet-4-5-20250929': () =>
    evaluateMatcher(
      MatcherSchema.parse({ modelId: { regex: '^([\\w.:-]+)+Z$' } }),
      parseContext({ providerInfo: { providerId: 'anthropic', model: { id: MODEL }, mode: 'act' } }),
    ).matched,
  'matcher ^([\\w.:-]+)+Z$ on a 35-character id': () =>
    evaluateMatcher(
      MatcherSchema.parse({ modelId: { regex: '^([\\w.:-]+)+Z$' } }),
      parseContext({ providerInfo: { providerId: 'anthropic', model: { id: `${MODEL}-abcdefgh` }, mode: 'act' } }),
    ).matched,
  'rule glob *a*a*a*a*a*a*a*a*a*a*b on a 40-character name': () => patternMatcher('*a*a*a*a*a*a*a*a*a*a*b', 'cline')('a'.repeat(40)),
  'bundle holding an alias bomb': async () => {
    try {
      await readBundle(bundleOf({ 'profiles/bomb/profile.yaml': ALIAS_BOMB }));
      return 'read';
    } catch (error) {
      return `${(error as Error).constructor.name}: ${(error as Error).message}`;
    }
  },
};

export const CASE_NAMES = Object.keys(CASES);

const name = process.argv[2];
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href && name !== undefined) {
  const run = CASES[name];
  if (!run) throw new Error(`no case ${name}`);
  const t0 = performance.now();
  let outcome: string;
  try {
    outcome = summary(await run());
  } catch (error) {
    outcome = `threw ${error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error)}`;
  }
  const ms = performance.now() - t0;
  // Once more, warm (as in a host that has parsed files before); not after a slow first run.
  let warmMs: number | undefined;
  if (ms < 5000) {
    const t1 = performance.now();
    try {
      await run();
    } catch {
      // the same answer as the first time
    }
    warmMs = performance.now() - t1;
  }
  process.stdout.write(`RESULT ${JSON.stringify({ ms, warmMs, outcome, maxRssKb: process.resourceUsage().maxRSS })}\n`);
}

import { execFile, execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EvalSummary } from '../../shared/wire/run-result.js';
import { run, tempWorkspaces } from '../cli/support/run-cli.js';
import { runFixtures } from './support/run-fixtures.js';

/**
 * `export --format promptfoo` run by the real promptfoo (pinned, installed into .cache/ by
 * scripts/install-promptfoo.js) against the stand-in: the same pass/fail per column as
 * `variant-studio eval --live`, and byte for byte the same request bodies.
 */

const fx = runFixtures();
const { workspace } = tempWorkspaces();
let promptfoo: string;

beforeAll(() => {
  const script = path.join(process.cwd(), 'scripts/install-promptfoo.js');
  promptfoo = execFileSync(process.execPath, [script], { encoding: 'utf8', timeout: 15 * 60_000 })
    .trim()
    .split('\n')
    .at(-1)!;
}, 16 * 60_000);

const TEST = [
  'description: Greets with the say tool',
  'messages: [{ role: user, content: Greet the user }]',
  'columns: { variants: [generic, special], presets: [base] }',
  'stream: false',
  'assert:',
  '  - { type: tool-call, name: say, arguments: { text: Hello } }',
  '  - { type: contains, value: sure, ignoreCase: true }',
  '  - { type: not-contains, value: sorry }',
  '  - { type: regex, pattern: "^Sure" }',
  '  - { type: max-output-tokens, tokens: 1000 }',
  '',
].join('\n');

function promptfooEval(dir: string, env: NodeJS.ProcessEnv): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      promptfoo,
      [
        'eval',
        '-c',
        'promptfooconfig.yaml',
        '-o',
        'results.json',
        '--no-cache',
        '--max-concurrency',
        '1',
        '--no-progress-bar',
        '--no-table',
      ],
      { cwd: dir, env, timeout: 5 * 60_000, maxBuffer: 16 * 1024 * 1024 },
      (error, _stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stderr }),
    );
  });
}

describe('export --format promptfoo', () => {
  it(
    'gives the same pass/fail as variant-studio eval --live, with the same bodies',
    async () => {
      const standIn = await fx.standIn({ fallback: { text: 'Sure.\n<say>\n<text>Hello</text>\n</say>' }, expectedKey: 'sk-promptfoo' });
      const ws = workspace({ 'tests/greet.yaml': TEST });
      const env = { ANTHROPIC_BASE_URL: standIn.origin, ANTHROPIC_API_KEY: 'sk-promptfoo' };

      const ours = await run(['eval', '--live', '--workspace', ws, '--format', 'json'], process.cwd(), env);
      expect(ours.err).toBe('');
      const summary = JSON.parse(ours.out) as EvalSummary;
      const verdicts = Object.fromEntries(summary.cells.map((c) => [c.column.replace(' via anthropic', ''), c.pass]));
      expect(verdicts).toEqual({ 'generic @ base': true, 'special @ base': false });
      const ourBodies = standIn.requests.map((r) => r.body).sort();

      const out = fx.folder();
      const exported = await run([
        'export',
        '--format',
        'promptfoo',
        '--workspace',
        ws,
        '--variant',
        'generic',
        '--variant',
        'special',
        '--preset',
        'base',
        '--out',
        out,
      ]);
      expect(exported.code).toBe(0);
      const home = fx.folder();
      const result = await promptfooEval(out, {
        PATH: process.env.PATH,
        HOME: home,
        PROMPTFOO_CONFIG_DIR: path.join(home, '.promptfoo'),
        PROMPTFOO_DISABLE_TELEMETRY: '1',
        PROMPTFOO_DISABLE_UPDATE: '1',
        PROMPTFOO_DISABLE_SHARING: '1',
        CI: '1',
        ...env,
      });
      const output = JSON.parse(readFileSync(path.join(out, 'results.json'), 'utf8')) as {
        results: { results: { provider: { label?: string; id: string }; success: boolean; error?: string }[] };
      };
      const theirs = Object.fromEntries(output.results.results.map((r) => [r.provider.label!.replace(' (anthropic)', ''), r.success]));
      expect(theirs, result.stderr.slice(-2000)).toEqual(verdicts);
      // promptfoo exits non-zero when a test fails, as variant-studio eval does.
      expect(result.code).not.toBe(0);
      const promptfooBodies = standIn.requests
        .slice(ourBodies.length)
        .map((r) => r.body)
        .sort();
      expect(promptfooBodies).toEqual(ourBodies);
      expect(standIn.requests.every((r) => r.keyMatched === true)).toBe(true);
      // The key never lands in what the export or promptfoo wrote.
      for (const file of ['promptfooconfig.yaml', 'provider.mjs', 'results.json'])
        expect(readFileSync(path.join(out, file), 'utf8')).not.toContain('sk-promptfoo');
    },
    10 * 60_000,
  );

  it('says when there are no tests to export', async () => {
    const ws = workspace();
    const out = fx.folder();
    writeFileSync(path.join(out, '.keep'), '');
    expect(await run(['export', '--format', 'promptfoo', '--workspace', ws, '--out', out])).toEqual({
      code: 2,
      out: '',
      err: 'variant-studio: the workspace has no tests (tests/<id>.yaml) to export for promptfoo\n',
    });
  });
});

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EvalSummary } from '../../shared/wire/run-result.js';
import { run, tempWorkspaces } from '../cli/support/run-cli.js';
import { runFixtures } from './support/run-fixtures.js';

/**
 * `variant-studio eval` against the stand-in: recording replies, replaying them offline (the
 * stand-in closed), a changed request that needs recording again, exit codes, the formats,
 * and test files with mistakes.
 */

const fx = runFixtures();
const { workspace } = tempWorkspaces();

const GREET = [
  'description: The agent greets with its say tool',
  'messages:',
  '  - role: user',
  '    content: Greet the user',
  'columns:',
  '  variants: [generic]',
  '  models: [special-1]',
  '  presets: [base]',
  '  connections: [stand-in]',
  'assert:',
  '  - type: tool-call',
  '    name: say',
  '    arguments: { text: Hello }',
  '  - type: not-contains',
  '    value: sorry',
  '',
].join('\n');

const REPLY = { text: 'Sure.\n<say>\n<text>Hello</text>\n</say>' };

async function setup() {
  const standIn = await fx.standIn({ fallback: REPLY, expectedKey: 'sk-eval' });
  const ws = workspace({ 'tests/greet.yaml': GREET });
  const connections = path.join(fx.folder(), 'connections.yaml');
  writeFileSync(connections, `connections:\n  - id: stand-in\n    api: anthropic\n    baseUrl: ${standIn.origin}\n    keyEnv: EVAL_KEY\n`);
  const evalArgs = (...more: string[]) => ['eval', '--workspace', ws, '--connections', connections, ...more];
  const env = { EVAL_KEY: 'sk-eval' };
  return { standIn, ws, evalArgs, env };
}

describe('variant-studio eval', () => {
  it('records whole replies, then replays them offline with the same verdicts', async () => {
    const { standIn, ws, evalArgs, env } = await setup();
    const recorded = await run(evalArgs('--record', '--format', 'json'), process.cwd(), env);
    expect(recorded.code).toBe(1);
    const live = JSON.parse(recorded.out) as EvalSummary;
    expect(live.cells.map((c) => [c.id, c.pass, c.result?.source])).toEqual([
      ['greet · generic @ base via stand-in', true, 'live'],
      ['greet · special-1 @ base via stand-in', false, 'live'],
    ]);
    expect(live.cells[1]!.assertions[0]).toMatchObject({ pass: false, why: 'the reply made no tool call' });
    const files = readdirSync(path.join(ws, 'tests/recordings')).sort();
    expect(files).toEqual(live.cells.map((c) => `${c.request!.key}.json`).sort());
    await standIn.close();

    const replayed = await run(evalArgs('--format', 'json'), process.cwd(), env);
    expect(replayed.code).toBe(1);
    const offline = JSON.parse(replayed.out) as EvalSummary;
    expect(offline.cells.map((c) => [c.id, c.pass, c.result?.source])).toEqual([
      ['greet · generic @ base via stand-in', true, 'recording'],
      ['greet · special-1 @ base via stand-in', false, 'recording'],
    ]);
    expect(offline.cells.map((c) => c.result!.reply)).toEqual(live.cells.map((c) => c.result!.reply));
    expect(offline.cells.map((c) => c.result!.toolCalls)).toEqual(live.cells.map((c) => c.result!.toolCalls));
  });

  it('says "needs recording" (exit 2) once the request changed, and never calls the model in replay mode', async () => {
    const { standIn, ws, evalArgs, env } = await setup();
    expect((await run(evalArgs('--record'), process.cwd(), env)).code).toBe(1);
    const calls = standIn.requests.length;
    writeFileSync(path.join(ws, 'tests/greet.yaml'), GREET.replace('Greet the user', 'Greet the user warmly'));
    const replayed = await run(evalArgs(), process.cwd(), env);
    expect(replayed.code).toBe(2);
    expect(replayed.out).toContain(
      'NEEDS RECORDING  greet · generic @ base via stand-in\n      needs recording: the request changed since it was recorded (the old recording is stale)\n',
    );
    expect(standIn.requests.length).toBe(calls);
    // Recording again replaces the stale recordings.
    expect((await run(evalArgs('--record'), process.cwd(), env)).code).toBe(1);
    expect(readdirSync(path.join(ws, 'tests/recordings')).length).toBe(2);
  });

  it('exits 0 when every cell passes; prints text and JUnit', async () => {
    const { ws, evalArgs, env } = await setup();
    writeFileSync(path.join(ws, 'tests/greet.yaml'), GREET.replace('  models: [special-1]\n', ''));
    const live = await run(evalArgs('--live'), process.cwd(), env);
    expect(live.code).toBe(0);
    expect(live.out).toMatch(/^PASS {2}greet · generic @ base via stand-in {2}\(input \d+ tokens/);
    expect(live.out).toMatch(/\n1 passed, 0 failed · \$0 · [\d.]+ s\n$/);
    // --live records nothing.
    expect(() => readdirSync(path.join(ws, 'tests/recordings'))).toThrow();
    writeFileSync(path.join(ws, 'tests/greet.yaml'), GREET);
    const junit = await run(evalArgs('--live', '--format', 'junit'), process.cwd(), env);
    expect(junit.code).toBe(1);
    expect(junit.out).toContain('<testsuite name="greet" tests="2" failures="1" errors="0">');
    expect(junit.out).toContain(
      '<failure message="first tool call is say with {&quot;text&quot;:&quot;Hello&quot;}: the reply made no tool call">',
    );
  });

  it('names the file and the problem of a bad test, and a wrong key as the cell’s one message', async () => {
    const { ws, evalArgs } = await setup();
    writeFileSync(path.join(ws, 'tests/broken.yaml'), 'messages: []\ncolumns: { presets: [base] }\n');
    const bad = await run(evalArgs('--live'), process.cwd(), { EVAL_KEY: 'sk-eval' });
    expect(bad.code).toBe(2);
    expect(bad.err).toBe('variant-studio: tests/broken.yaml: messages: Too small: expected array to have >=1 items\n');
    writeFileSync(path.join(ws, 'tests/broken.yaml'), GREET.replace('type: not-contains', 'type: maybe'));
    expect((await run(evalArgs('--live'), process.cwd(), {})).err).toMatch(/^variant-studio: tests\/broken.yaml: assert\.1\.type: /);
    writeFileSync(path.join(ws, 'tests/broken.yaml'), GREET.replace('connections: [stand-in]', 'connections: [elsewhere]'));
    expect((await run(evalArgs('--live', '--test', 'broken'), process.cwd(), {})).err).toBe(
      "variant-studio: tests/broken.yaml: no connection 'elsewhere' (connections: stand-in)\n",
    );
    const wrongKey = await run(evalArgs('--live', '--test', 'greet'), process.cwd(), { EVAL_KEY: 'sk-wrong' });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.out).toContain(
      'ERROR  greet · generic @ base via stand-in\n      HTTP 401: the key was refused: invalid API key; nothing of the reply was received\n',
    );
    expect(readFileSync(path.join(ws, 'tests/greet.yaml'), 'utf8')).toBe(GREET);
  });
});

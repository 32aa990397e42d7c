import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deterministicBuildOptions } from '../../shared/engine/snapshots/snapshot-files.js';
import { builtEvalWorker, EVAL_WORKER_FILE, runEvalInWorker } from '../../electron/host/run/eval-in-worker.js';
import { cellBuilds } from '../../electron/host/run/eval-runner.js';
import { planEval } from '../../electron/host/run/eval-plan.js';
import { RunService } from '../../electron/host/run/run-service.js';
import { loadWorkspaceTests } from '../../electron/host/run/workspace-tests.js';
import type { EvalSummaryView } from '../../shared/wire/run-result.js';
import { cleanupTempDirs, miniWorkspace, startHost, tempDir, writeFiles, type Loose, type TestHost } from '../host/support/fixtures.js';
import { buildMainBundle } from './support/desktop-bundle.js';
import { greetTest, noCap, runFixtures } from './support/run-fixtures.js';

/**
 * Evals whose cells run in a worker thread (eval-in-worker.ts, eval-worker.ts), with the
 * worker as the desktop bundle has it (built by Vite from vite.config.ts's entries, run under
 * plain Node): the same cells, summary, recordings and bodies as an eval on the host's
 * thread; cancelling stops it (and a worker that does not stop is terminated); a worker that
 * crashes or exits ends the eval with an error in each cell it had not finished, and the host
 * goes on; keys never come back out of it.
 */

const fx = runFixtures();
afterEach(() => cleanupTempDirs());

let bundle = '';
beforeAll(async () => {
  bundle = await buildMainBundle();
}, 120_000);
afterAll(() => fs.rmSync(bundle, { recursive: true, force: true }));

const workerFile = (): URL => pathToFileURL(path.join(bundle, EVAL_WORKER_FILE));

/** A worker file of the test's own (a crash, an exit, a worker that never answers) beside the bundle's. */
function testWorker(name: string, source: string): URL {
  const file = path.join(bundle, name);
  fs.writeFileSync(file, source);
  return pathToFileURL(file);
}

const SAY = 'Hi.\n<say>\n<text>Hello</text>\n</say>';
const SLOW = 'messages: [{ role: user, content: hi }]\ncolumns: { variants: [generic, special], models: [a, b, c, d], presets: [base] }\n';

/** What varies between two runs of the same eval: timings. */
function timeless(summary: EvalSummaryView): unknown {
  return {
    ...summary,
    durationMs: 0,
    cells: summary.cells.map((c) => (c.result ? { ...c, result: { ...c.result, latencyMs: 0 } } : c)),
  };
}

/** The recordings written, but for when and how fast (and the stand-in's count of its replies, in their ids). */
function recordings(ws: string): Record<string, unknown> {
  const dir = path.join(ws, 'tests', 'recordings');
  const out: Record<string, unknown> = {};
  for (const name of fs.readdirSync(dir).sort()) {
    const recording = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
    const body = (recording.reply.body as string).replace(/"standin_\d+"/g, '"standin_n"');
    out[name] = { ...recording, recordedAt: 0, latencyMs: 0, reply: { ...recording.reply, body } };
  }
  return out;
}

async function twoServices(
  files: Record<string, string>,
  standInOrigin: string,
): Promise<{ t: TestHost; ws: string; inThread: RunService; inWorker: RunService }> {
  const ws = writeFiles(tempDir('vs-ws-'), { ...miniWorkspace(), ...files });
  const environment = { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: standInOrigin };
  const t = await startHost({ initialWorkspace: ws, watch: false, environment });
  return {
    t,
    ws,
    inThread: new RunService(t.host, { env: environment, evalWorker: null }),
    inWorker: new RunService(t.host, { env: environment, evalWorker: workerFile() }),
  };
}

describe('evals in a worker thread', () => {
  it('the desktop bundle has the worker’s entry beside main.js, and the chunk main.js loads to run evals starts it from there', () => {
    const files = fs.readdirSync(bundle);
    expect(files).toContain('main.js');
    expect(files).toContain(EVAL_WORKER_FILE);
    const starters = files.filter(
      (f) => f.endsWith('.js') && fs.readFileSync(path.join(bundle, f), 'utf8').includes(`"${EVAL_WORKER_FILE}"`),
    );
    expect(starters).toHaveLength(1);
    expect(fs.readFileSync(path.join(bundle, 'main.js'), 'utf8')).toContain(`import("./${starters[0]}")`);
    expect(builtEvalWorker(pathToFileURL(path.join(bundle, starters[0]!)).href)?.href).toBe(workerFile().href);
    // Running from the TypeScript sources there is no built worker: evals stay on the host's thread.
    expect(builtEvalWorker()).toBeUndefined();
    // Neither the worker nor a chunk it imports needs Electron (the other tests run it under plain Node).
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = fs.readFileSync(path.join(bundle, file), 'utf8');
      expect(text, file).not.toMatch(/from\s*"electron"|import\("electron"\)/);
      for (const m of text.matchAll(/(?:from\s*|import\()"\.\/([^"]+)"/g)) visit(m[1]!);
    };
    visit(EVAL_WORKER_FILE);
    expect(seen.size).toBeGreaterThan(1);
  });

  it('gives the cells, summary, bodies and recordings of the eval on the host’s thread: live, recorded, replayed, under a spending cap', async () => {
    // Without the stand-in's prompt cache: the second eval of the same prompts would read it.
    const standIn = await fx.standIn({ fallback: { text: SAY, usage: { cachedInputTokens: 0, cacheWriteTokens: 0 } } });
    const { t, ws, inThread, inWorker } = await twoServices(
      { 'tests/one.yaml': greetTest('one'), 'tests/two.yaml': greetTest('two') },
      standIn.origin,
    );

    const a = await inThread.evaluate({ evalId: 'a', mode: 'live', concurrency: 3 });
    const sentBefore = standIn.requests.length;
    const b = await inWorker.evaluate({ evalId: 'b', mode: 'live', concurrency: 3 });
    expect(a.cells).toHaveLength(8);
    expect(a.passed).toBe(4);
    expect(timeless(b)).toEqual(timeless(a));
    for (const cell of a.cells) {
      const body = inWorker.evalRequest({ evalId: 'b', cellId: cell.id });
      expect(body).toEqual(inThread.evalRequest({ evalId: 'a', cellId: cell.id }));
      expect(standIn.requests.slice(sentBefore).filter((r) => r.body === body.body)).toHaveLength(1);
    }
    // The renderer got each of the worker's cells once, as the answer has them, and the last progress.
    const streamed: Loose[] = t.events.filter((e) => e.event === 'eval:cells' && e.payload.evalId === 'b').flatMap((e) => e.payload.cells);
    expect(streamed.map((c) => c.id).sort()).toEqual(b.cells.map((c) => c.id).sort());
    for (const c of streamed) expect(c).toEqual(b.cells.find((s) => s.id === c.id));
    const progress = t.events.filter((e) => e.event === 'eval:progress' && e.payload.evalId === 'b').at(-1)!.payload.progress;
    expect(progress).toMatchObject({
      done: 8,
      total: 8,
      tokens: a.cells.reduce((n, c) => n + c.result!.reply.usage.inputTokens + c.result!.reply.usage.outputTokens, 0),
    });

    const recordedA = await inThread.evaluate({ evalId: 'ra', mode: 'record', concurrency: 3 });
    const filesA = recordings(ws);
    fs.rmSync(path.join(ws, 'tests', 'recordings'), { recursive: true });
    const recordedB = await inWorker.evaluate({ evalId: 'rb', mode: 'record', concurrency: 3 });
    expect(Object.keys(filesA)).toHaveLength(8);
    expect(recordings(ws)).toEqual(filesA);
    expect(timeless(recordedB)).toEqual(timeless(recordedA));

    const sent = standIn.requests.length;
    const replayA = await inThread.evaluate({ evalId: 'pa', mode: 'replay' });
    const replayB = await inWorker.evaluate({ evalId: 'pb', mode: 'replay' });
    expect(replayA.passed).toBe(4);
    expect(timeless(replayB)).toEqual(timeless(replayA));
    expect(standIn.requests.length).toBe(sent);

    // A cap that lets some requests go: the worker keeps the account and stops at the same cell.
    for (const service of [inThread, inWorker])
      service.setOptions({ spendCapUsd: 0.2465, concurrency: 1, prices: { '*': { input: 1, output: 30 } } });
    const cappedA = await inThread.evaluate({ evalId: 'ca', mode: 'live' });
    const cappedB = await inWorker.evaluate({ evalId: 'cb', mode: 'live' });
    // Each request reserves its worst case ($0.2459 or $0.1235: 8192 or 4096 output tokens); the two that would pass the cap are not sent.
    expect(cappedA.cells.map((c) => c.status)).toEqual(['ok', 'ok', 'ok', 'ok', 'not-sent', 'not-sent', 'ok', 'ok']);
    expect(cappedA.cells[4]!.message).toBe('spending cap $0.2465: not sent, it could cost up to $0.2459 and $0.0016 is spent or reserved');
    expect(timeless(cappedB)).toEqual(timeless(cappedA));
    expect(cappedB.spentUsd).toBeLessThanOrEqual(0.2465);
    await t.host.close();
    expect(t.errors).toEqual([]);
  });

  it('cancelling stops every request in flight in the worker and starts no other', async () => {
    const control: { cancel?: () => void } = {};
    const standIn = await fx.standIn({
      script: (_request, index) => {
        if (index === 1) setImmediate(() => control.cancel?.());
        return { fault: { kind: 'never-ends' } };
      },
    });
    const { t, inWorker } = await twoServices({ 'tests/slow.yaml': SLOW }, standIn.origin);
    control.cancel = () => void inWorker.cancel('slow');
    const summary = await inWorker.evaluate({ evalId: 'slow', mode: 'live', concurrency: 2, tests: ['slow'] });
    expect(summary.cancelled).toBe(true);
    expect(summary.cells.map((c) => [c.status, c.message])).toEqual([
      ...Array(2).fill(['cancelled', 'cancelled; nothing of the reply was received']),
      ...Array(4).fill(['cancelled', 'cancelled']),
    ]);
    expect(standIn.requests.length).toBe(2);
    await t.host.close();
  });

  it('a worker that does not stop when cancelled is terminated: its cells are cancelled', async () => {
    const standIn = await fx.standIn({ fallback: { text: SAY } });
    const ws = writeFiles(tempDir('vs-ws-'), { ...miniWorkspace(), 'tests/slow.yaml': SLOW });
    const t = await startHost({ initialWorkspace: ws, watch: false });
    const plan = planEval(loadWorkspaceTests(ws).tests, [{ id: 'local', api: 'anthropic', baseUrl: standIn.origin }]);
    if (!plan.ok) throw new Error(plan.error);
    const controller = new AbortController();
    const stuck = testWorker(
      'stuck.mjs',
      "import { parentPort } from 'node:worker_threads';\nparentPort.on('message', () => { for (;;); });\n",
    );
    const running = runEvalInWorker(plan.cells, {
      workerFile: stuck,
      build: cellBuilds({ ...t.host.preview.inputs(t.host.requireSession(), 'edited'), options: deterministicBuildOptions() }, undefined),
      keyFor: () => 'k',
      mode: 'live',
      concurrency: 2,
      spend: noCap(),
      signal: controller.signal,
      cancelGraceMs: 10,
    });
    controller.abort();
    const summary = await running;
    expect(summary.cancelled).toBe(true);
    expect(summary.cells.map((c) => c.status)).toEqual(Array(6).fill('cancelled'));
    expect(standIn.requests).toEqual([]);
    await t.host.close();
  });

  it('a worker that crashes mid-eval: the cells it finished stay, the others are errors saying so; the next eval runs', async () => {
    let hang = true;
    const standIn = await fx.standIn({
      script: (_request, index) => (index > 0 && hang ? { fault: { kind: 'never-ends' } } : { text: SAY }),
    });
    const { t, inWorker } = await twoServices({ 'tests/slow.yaml': SLOW }, standIn.origin);
    // The real worker, which throws once it has sent its first batch of cells.
    const crashing = testWorker(
      'crashing.mjs',
      [
        "import { parentPort } from 'node:worker_threads';",
        'const post = parentPort.postMessage.bind(parentPort);',
        "parentPort.postMessage = (message) => { post(message); if (message.type === 'cells') setImmediate(() => { throw new Error('worker exploded'); }); };",
        `await import(${JSON.stringify(workerFile().href)});`,
        '',
      ].join('\n'),
    );
    const crashed = await new RunService(t.host, {
      env: { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: standIn.origin },
      evalWorker: crashing,
    }).evaluate({
      evalId: 'crash',
      mode: 'live',
      concurrency: 1,
    });
    expect(crashed.cells.map((c) => [c.status, c.pass, c.message])).toEqual([
      ['ok', true, undefined],
      ...Array(5).fill(['error', false, "the eval's worker stopped: worker exploded"]),
    ]);
    expect(crashed).toMatchObject({ passed: 1, errors: 5, cancelled: false });
    const streamed: Loose[] = t.events
      .filter((e) => e.event === 'eval:cells' && e.payload.evalId === 'crash')
      .flatMap((e) => e.payload.cells);
    expect(streamed.map((c) => c.id).sort()).toEqual(crashed.cells.map((c) => c.id).sort());
    expect(t.events.filter((e) => e.event === 'eval:progress' && e.payload.evalId === 'crash').at(-1)!.payload.progress).toMatchObject({
      done: 6,
      total: 6,
    });

    const exiting = testWorker(
      'exiting.mjs',
      "import { parentPort } from 'node:worker_threads';\nparentPort.on('message', () => process.exit(3));\n",
    );
    const exited = await new RunService(t.host, {
      env: { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: standIn.origin },
      evalWorker: exiting,
    }).evaluate({
      evalId: 'exit',
      mode: 'live',
    });
    expect(exited.cells.map((c) => c.message)).toEqual(
      Array(6).fill("the eval's worker stopped: it exited with code 3 before the eval was done"),
    );

    hang = false;
    const after = await inWorker.evaluate({ evalId: 'after', mode: 'live' });
    expect(after.cells.map((c) => c.status)).toEqual(Array(6).fill('ok'));
    await t.host.close();
    expect(t.errors).toEqual([]);
  });

  it('keys go into the worker but never come out: answers, events and written files are searched for them', async () => {
    const ENV_KEY = 'sk-env-0123456789abcdef-secret';
    const SESSION_KEY = 'sk-session-fedcba9876543210-secret';
    const standIn = await fx.standIn({
      script: (request) => (request.keyMatched ? { text: SAY } : { fault: { kind: 'wrong-key' } }),
      expectedKey: ENV_KEY,
    });
    const ws = writeFiles(tempDir('vs-ws-'), {
      ...miniWorkspace(),
      'tests/greet.yaml':
        'messages: [{ role: user, content: Greet the user }]\ncolumns: { variants: [generic], presets: [base], connections: [anthropic, local] }\nassert: [{ type: tool-call, name: say }]\n',
    });
    const environment = { ANTHROPIC_API_KEY: ENV_KEY, ANTHROPIC_BASE_URL: standIn.origin };
    const t = await startHost({ initialWorkspace: ws, watch: false, environment });
    const service = new RunService(t.host, { env: environment, evalWorker: workerFile() });
    service.connections.set({ id: 'local', api: 'openai-chat', baseUrl: standIn.baseUrl('openai-chat') }, SESSION_KEY);
    const summary = await service.evaluate({ evalId: 'keys', mode: 'record' });
    expect(summary.cells.map((c) => [c.id, c.status, c.pass, c.message])).toEqual([
      ['greet · generic @ base via anthropic', 'ok', true, undefined],
      [
        'greet · generic @ base via local',
        'error',
        false,
        'HTTP 401: the key was refused: invalid API key; nothing of the reply was received',
      ],
    ]);
    const said = JSON.stringify([summary, t.events, summary.cells.map((c) => service.evalRequest({ evalId: 'keys', cellId: c.id }))]);
    for (const key of [ENV_KEY, SESSION_KEY]) {
      expect(said.includes(key)).toBe(false);
      for (const dir of [ws, t.userData])
        for (const file of fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()))
          expect(fs.readFileSync(path.join(file.parentPath, file.name), 'utf8').includes(key), file.name).toBe(false);
    }
    await t.host.close();
  });
});

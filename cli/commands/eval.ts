import { parseArgs } from 'node:util';
import { priceTable } from '../../shared/wire/prices.js';
import type { RunMode } from '../../shared/wire/run-result.js';
import { planEval } from '../../electron/host/run/eval-plan.js';
import { runEval } from '../../electron/host/run/eval-runner.js';
import { RecordingStore } from '../../electron/host/run/recordings.js';
import { SpendGuard } from '../../electron/host/run/spend-guard.js';
import { loadWorkspaceTests } from '../../electron/host/run/workspace-tests.js';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, UsageError, type CliIo } from '../cli-io.js';
import { cliBuildInputs, cliConnections } from '../run-setup.js';
import { evalJunit, evalText } from '../run-output.js';
import { openWorkspace } from '../workspace-input.js';

export const EVAL_USAGE = `variant-studio eval [--replay | --record | --live] [--test <id>]... [--format text|json|junit] [--connections <file.yaml>]

  Runs the workspace's tests (tests/<id>.yaml): each test × each of its columns × connection.
  --replay (default) answers from tests/recordings/ and never calls a model; --record calls the
  models and records each whole reply; --live calls them and records nothing.
  Exit 0 when every cell passed, 1 on a failed assertion (or a cell without a whole reply),
  2 when a recording is missing in replay mode (or on bad arguments or files).

  --connections <file.yaml>  connections (keys by environment variable name only); default: the
                             standard variables (OPENAI_BASE_URL + OPENAI_API_KEY, ANTHROPIC_BASE_URL +
                             ANTHROPIC_API_KEY, GOOGLE_GEMINI_BASE_URL + GEMINI_API_KEY)
  --concurrency <n>          requests at once (default 4)
  --spend-cap <usd>          stop sending before the estimated spending would pass this
  --workspace <dir>  --date <YYYY-MM-DD>
`;

export async function evalCommand(args: readonly string[], io: CliIo, env: NodeJS.ProcessEnv = io.env ?? process.env): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    strict: true,
    options: {
      replay: { type: 'boolean' },
      record: { type: 'boolean' },
      live: { type: 'boolean' },
      test: { type: 'string', multiple: true },
      format: { type: 'string' },
      connections: { type: 'string' },
      concurrency: { type: 'string' },
      'spend-cap': { type: 'string' },
      workspace: { type: 'string' },
      date: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.stdout(EVAL_USAGE);
    return EXIT_OK;
  }
  const modes = (['replay', 'record', 'live'] as const).filter((m) => values[m]);
  if (modes.length > 1) throw new UsageError('use one of --replay, --record, --live');
  const mode: RunMode = modes[0] ?? 'replay';
  const format = values.format ?? 'text';
  if (!['text', 'json', 'junit'].includes(format)) throw new UsageError(`--format must be text, json or junit, not '${format}'`);
  const concurrency = values.concurrency === undefined ? undefined : Number(values.concurrency);
  if (concurrency !== undefined && (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 32))
    throw new UsageError(`--concurrency must be a whole number from 1 to 32, not '${values.concurrency}'`);
  const cap = values['spend-cap'] === undefined ? undefined : Number(values['spend-cap']);
  if (cap !== undefined && (!Number.isFinite(cap) || cap < 0))
    throw new UsageError(`--spend-cap must be dollars, not '${values['spend-cap']}'`);

  const ws = openWorkspace(values.workspace, io.cwd);
  const loaded = loadWorkspaceTests(ws.dir);
  for (const problem of loaded.problems) io.stderr(`variant-studio: ${problem.file}: ${problem.message}\n`);
  if (loaded.problems.length) return EXIT_USAGE;
  if (!loaded.tests.length) throw new UsageError(`no tests in ${ws.dir}/tests (tests/<id>.yaml)`);
  const connections = cliConnections(values.connections, io.cwd, env);
  const plan = planEval(
    loaded.tests,
    connections.all().map((c) => c.connection),
    values.test,
  );
  if (!plan.ok) throw new UsageError(plan.error);
  const settings = connections.settings();
  const controller = new AbortController();
  const stop = (): void => controller.abort();
  process.once('SIGINT', stop);
  try {
    const summary = await runEval(plan.cells, {
      inputs: cliBuildInputs(ws, values.date),
      keyFor: (c) => connections.keyFor(c),
      mode,
      concurrency: concurrency ?? settings.concurrency ?? 4,
      spend: new SpendGuard(cap ?? settings.spendCapUsd, priceTable(settings.prices)),
      recordings: new RecordingStore(ws.dir),
      signal: controller.signal,
    });
    io.stdout(format === 'json' ? `${JSON.stringify(summary, null, 2)}\n` : format === 'junit' ? evalJunit(summary) : evalText(summary));
    if (mode === 'replay' && summary.needsRecording > 0) return EXIT_USAGE;
    return summary.failed + summary.errors + summary.notRun + summary.needsRecording > 0 ? EXIT_FINDINGS : EXIT_OK;
  } finally {
    process.removeListener('SIGINT', stop);
  }
}

import { parseArgs } from 'node:util';
import { API_KINDS, isApiKind } from '../../shared/requests/api-kind.js';
import { baseUrlOf, type Connection } from '../../shared/wire/connections.js';
import type { CompareColumnSpec } from '../../shared/ipc/contract.js';
import { columnRequest } from '../../electron/host/run/column-request.js';
import { prepareRequest, runCell } from '../../electron/host/run/run-cell.js';
import { SpendGuard } from '../../electron/host/run/spend-guard.js';
import { priceTable } from '../../shared/wire/prices.js';
import { EXIT_FINDINGS, EXIT_OK, UsageError, type CliIo } from '../cli-io.js';
import { cliBuildInputs, cliConnections } from '../run-setup.js';
import { replyText } from '../run-output.js';
import { openWorkspace } from '../workspace-input.js';

export const RUN_USAGE = `variant-studio run --variant <id> | --model <id> [--preset <name>] --api openai-chat|openai-responses|anthropic|gemini --message "<text>" [--format text|json]

  Sends one request — the body \`export --format request\` writes for the same variant and preset
  (with --model: the variant selection picks for that model id, with the model in the body), its
  placeholder user message replaced by --message — and prints the reply, the tool calls as the
  agent reads them, and the usage. Exit 1 when no whole reply came.

  --connections <file.yaml>  connections (keys by environment variable name); default: the standard
                             variables OPENAI_BASE_URL + OPENAI_API_KEY, ANTHROPIC_BASE_URL +
                             ANTHROPIC_API_KEY, GOOGLE_GEMINI_BASE_URL + GEMINI_API_KEY
  --connection <id>          which connection of the file (default: the first for --api)
  --no-stream                ask for the whole reply at once
  --workspace <dir>  --date <YYYY-MM-DD>  --provider <id> (with --model)
`;

export async function runCommand(args: readonly string[], io: CliIo, env: NodeJS.ProcessEnv = io.env ?? process.env): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    strict: true,
    options: {
      variant: { type: 'string' },
      model: { type: 'string' },
      provider: { type: 'string' },
      preset: { type: 'string' },
      api: { type: 'string' },
      message: { type: 'string' },
      format: { type: 'string' },
      connections: { type: 'string' },
      connection: { type: 'string' },
      'no-stream': { type: 'boolean' },
      workspace: { type: 'string' },
      date: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.stdout(RUN_USAGE);
    return EXIT_OK;
  }
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, not '${format}'`);
  if ((values.variant === undefined) === (values.model === undefined))
    throw new UsageError('run needs --variant <id> or --model <id> (one of them)');
  if (!values.api || !isApiKind(values.api))
    throw new UsageError(`--api must be one of ${API_KINDS.join(', ')}${values.api ? `, not '${values.api}'` : ''}`);
  if (!values.message) throw new UsageError('run needs --message "<text>"');
  const api = values.api;
  const ws = openWorkspace(values.workspace, io.cwd);
  const preset = values.preset ?? ws.snapshot.presets[0]?.name;
  if (!preset) throw new UsageError('the workspace has no context preset: pass --preset');
  if (!ws.snapshot.presets.some((p) => p.name === preset))
    throw new UsageError(`no preset '${preset}' (presets: ${ws.snapshot.presets.map((p) => p.name).join(', ') || 'none'})`);

  const connections = cliConnections(values.connections, io.cwd, env);
  const candidates = connections.all().map((c) => c.connection);
  let connection: Connection | undefined;
  if (values.connection) {
    connection = candidates.find((c) => c.id === values.connection);
    if (!connection)
      throw new UsageError(`no connection '${values.connection}' (connections: ${candidates.map((c) => c.id).join(', ') || 'none'})`);
    if (connection.api !== api) throw new UsageError(`connection '${connection.id}' speaks ${connection.api}, not ${api}`);
  } else {
    connection = candidates.find((c) => c.api === api);
    if (!connection)
      throw new UsageError(
        values.connections
          ? `no ${api} connection in '${values.connections}'`
          : `no ${api} connection: set the standard variables (see variant-studio run --help) or pass --connections`,
      );
  }

  const column: CompareColumnSpec =
    values.variant !== undefined
      ? { kind: 'variant', variantId: values.variant, preset }
      : { kind: 'model', modelId: values.model!, providerId: values.provider, preset };
  const built = await columnRequest(cliBuildInputs(ws, values.date), column, api);
  if (!built.ok) throw new UsageError(`${built.label}: ${built.error}`);
  const request = prepareRequest(
    api,
    baseUrlOf(connection),
    built.value.input,
    [{ role: 'user', content: values.message }],
    values['no-stream'] !== true,
  );
  const settings = connections.settings();
  const controller = new AbortController();
  const stop = (): void => controller.abort();
  process.once('SIGINT', stop);
  try {
    const result = await runCell(request, {
      mode: 'live',
      key: connections.keyFor(connection),
      vocabulary: built.value.vocabulary,
      spend: new SpendGuard(settings.spendCapUsd, priceTable(settings.prices)),
      signal: controller.signal,
    });
    if (format === 'json')
      io.stdout(
        `${JSON.stringify({ column: built.value.label, connection: connection.id, request: { url: request.shownUrl, body: request.body }, result }, null, 2)}\n`,
      );
    else io.stdout(`${built.value.label} via ${connection.id} (${request.shownUrl})\n\n${replyText(result)}`);
    return result.status === 'ok' ? EXIT_OK : EXIT_FINDINGS;
  } finally {
    process.removeListener('SIGINT', stop);
  }
}

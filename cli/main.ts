import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { packageRoot } from '../electron/host/builtin-workspace.js';
import { EXIT_USAGE, UsageError, type CliIo } from './cli-io.js';
import { nearestOption } from './nearest-option.js';
import { buildCommand } from './commands/build.js';
import { buildProfileCommand } from './commands/build-profile.js';
import { cacheCommand } from './commands/cache.js';
import { checkCommand } from './commands/check.js';
import { evalCommand } from './commands/eval.js';
import { exportCommand } from './commands/export.js';
import { importCommand } from './commands/import.js';
import { instructionsCommand } from './commands/instructions.js';
import { captureCommand } from './commands/capture.js';
import { runCommand } from './commands/run.js';
import { compareCommand } from './commands/compare.js';
import type { CompareColumnSpec } from '../shared/engine/compare/compare-builds.js';
import { parseModelIds } from '../shared/engine/routing/model-ids.js';
import type { CommonOptions } from './commands/options.js';
import { schemasCommand } from './commands/schemas.js';
import { selectCommand } from './commands/select.js';
import { snapshotCommand } from './commands/snapshot.js';

export const USAGE = `variant-studio <command> [options]

Commands:
  build      Build a prompt: --variant <id>, or selection by --provider/--model,
             or a stack profile: --profile <id> [--agent <name>] [--cwd <dir>]
  select     Which variant each model id gets, and why: --model <id> (repeatable) or ids as arguments
             (each may hold several ids separated by commas or whitespace)
  compare    Sections of 2+ columns side by side: <variant>... and/or --model <id>... [--preset p]
  cache      What prompt caching can keep: --variant <id> [--preset p]: stable prefix, first volatile byte, ranges
  check      Lint a workspace, prompt-cache checks and token budgets included (exit 1 on errors);
             --strict adds Cline's strict checks; --baseline <dir> reports edits that shorten the stable prefix;
             --model <ids> (repeatable) is the routing list a variant must be reachable from (default: the model catalog)
  snapshot   Render every variant x preset and compare with stored snapshots (exit 1 on a difference); --update rewrites them
  schemas    Write JSON Schemas of the workspace's YAML files to <workspace>/schemas (--check: exit 1 if out of date)
  instructions  What coding agents load from instruction files: --context <file> (tree, cwd, home, os, env,
             settings, reads) [--harness <id>]; without --harness every harness profile;
             --cwd <dir> reads that folder on disk instead (and each harness's global files)
  capture    Run the installed agent of --harness <id> for one turn against a local stand-in [--cwd <dir>]
             [--bin <path>]: the request it sent, and whether the profile predicts it (exit 1 on a difference)
  export     Write a bundle (.zip) of variants and profiles, or TypeScript / Markdown / API requests (export --help)
  import     Import a bundle into a workspace, everything or nothing (import --help)
  run        Send one variant's exact request to a model and print the reply, tool calls and usage (run --help)
  eval       Run the workspace's tests against models or recorded replies; exit 1 on a failure, 2 on a
             missing recording in replay mode (eval --help)

Options:
  --workspace <dir>     Workspace folder (default: the built-in variants)
  --preset <name>       Context preset of the workspace (contexts/<name>.yaml)
  --context <file>      Context as a JSON or YAML file
  --date <YYYY-MM-DD>   The build's date
  --format text|json    Output format (default text)
  --dir <dir>           Snapshot folder (default <workspace>/snapshots)
  --baseline <dir>      check: the workspace before the change
  --profile <id>        Build an OpenCode-style stack profile (profiles/<id>)
  --agent <name>        The profile's agent (build, plan, general, compaction, ...)
  --cwd <dir>           Discover instruction files on disk from this folder (else the context's virtual tree)
  --fetch-urls          Fetch configured instruction URLs (5 s timeout; failures are warnings)
  --explain             With a profile: print sections and why each instruction file was (not) used
  --harness <id>        With instructions: one harness profile (harnesses/<id>), e.g. codex, claude-code
  --bin <path>          capture: the agent's program (default: the profile's name on PATH)
  --save-case <file>    capture: also write the capture as conformance cases (one per part, what the agent sent)
  --allow-network       capture: run even where no network namespace is available (only the agent's opt-out
                        switches then keep its own telemetry off the network)
  --real-home           capture: run the agent with your real HOME instead of a temporary one (it may write
                        its session logs and settings there)
  -h, --help            This help
`;

const SELECT_USAGE =
  'usage: variant-studio select <model-id>... [--provider <id>] [--preset <name>] [--workspace <dir>] [--format text|json]';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function optionsFor(command: string) {
  return {
    workspace: { type: 'string' },
    preset: { type: 'string' },
    context: { type: 'string' },
    date: { type: 'string' },
    format: { type: 'string' },
    variant: { type: 'string' },
    provider: { type: 'string' },
    model: { type: 'string', multiple: command === 'select' || command === 'compare' || command === 'check' },
    baseline: { type: 'string' },
    strict: { type: 'boolean' },
    update: { type: 'boolean' },
    check: { type: 'boolean' },
    dir: { type: 'string' },
    profile: { type: 'string' },
    agent: { type: 'string' },
    cwd: { type: 'string' },
    'fetch-urls': { type: 'boolean' },
    explain: { type: 'boolean' },
    harness: { type: 'string' },
    bin: { type: 'string' },
    'save-case': { type: 'string' },
    'allow-network': { type: 'boolean' },
    'real-home': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  } as const;
}

/** The command's options; an unknown one is a UsageError that names the nearest known option. */
function parseOptions(command: string, args: readonly string[]) {
  const options = optionsFor(command);
  try {
    return parseArgs({
      args: [...args],
      allowPositionals: command === 'select' || command === 'compare',
      strict: true,
      tokens: true,
      options,
    });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      const given = /'(-{1,2}[^']+)'/.exec((error as Error).message)?.[1];
      const name = given?.replace(/^-+/, '').split('=')[0];
      const near = name ? nearestOption(name, Object.keys(options)) : undefined;
      if (given && near) throw new UsageError(`${given}: did you mean --${near}?`);
      if (given) throw new UsageError(`unknown option '${given}' (see variant-studio --help)`);
    }
    throw error;
  }
}

function common(values: Record<string, unknown>): CommonOptions {
  const format = (values.format as string | undefined) ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, not '${format}'`);
  const date = values.date as string | undefined;
  if (date !== undefined && (!DATE.test(date) || Number.isNaN(Date.parse(date))))
    throw new UsageError(`--date must be a date as YYYY-MM-DD, not '${date}'`);
  return {
    workspace: values.workspace as string | undefined,
    preset: values.preset as string | undefined,
    context: values.context as string | undefined,
    date,
    format,
  };
}

/** Runs the CLI; returns the exit code (0 ok, 1 findings or differences, 2 bad arguments or files). */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const [command, ...rest] = argv;
    if (!command || command === '-h' || command === '--help' || command === 'help') {
      io.stdout(USAGE);
      return command ? 0 : EXIT_USAGE;
    }
    if (command === '--version' || command === '-v') {
      const pkg = JSON.parse(readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version: string };
      io.stdout(`${pkg.version}\n`);
      return 0;
    }
    if (command === 'export') return await exportCommand(rest, io);
    if (command === 'import') return await importCommand(rest, io);
    if (command === 'run') return await runCommand(rest, io);
    if (command === 'eval') return await evalCommand(rest, io);
    const { values, positionals, tokens } = parseOptions(command, rest);
    if (values.help) {
      io.stdout(USAGE);
      return 0;
    }
    const options = common(values);
    switch (command) {
      case 'build':
        if (values.profile !== undefined) {
          if (values.variant !== undefined) throw new UsageError('use either --variant or --profile, not both');
          return await buildProfileCommand(
            {
              ...options,
              profile: values.profile,
              agent: values.agent,
              cwd: values.cwd,
              provider: values.provider,
              model: values.model as string | undefined,
              fetchUrls: values['fetch-urls'] === true,
              explain: values.explain === true,
            },
            io,
          );
        }
        if (values.agent !== undefined || values.cwd !== undefined) throw new UsageError('--agent and --cwd go with --profile');
        return await buildCommand(
          { ...options, variant: values.variant, provider: values.provider, model: values.model as string | undefined },
          io,
        );
      case 'select': {
        const flagged = (values.model as string[] | undefined) ?? [];
        const models = [...flagged, ...positionals].flatMap(parseModelIds);
        if (models.length === 0) throw new UsageError(SELECT_USAGE);
        return selectCommand({ ...options, provider: values.provider, models: [...new Set(models)] }, io);
      }
      case 'compare': {
        // Columns in the order given: variant ids as arguments, model ids with --model.
        const columns: CompareColumnSpec[] = [];
        for (const t of tokens) {
          if (t.kind === 'positional') columns.push({ kind: 'variant', variantId: t.value });
          else if (t.kind === 'option' && t.name === 'model' && t.value !== undefined)
            for (const id of parseModelIds(t.value)) columns.push({ kind: 'model', modelId: id, providerId: values.provider });
        }
        return await compareCommand({ ...options, columns }, io);
      }
      case 'cache':
        return await cacheCommand({ ...options, variant: values.variant }, io);
      case 'check':
        return await checkCommand(
          {
            ...options,
            strict: values.strict === true,
            baseline: values.baseline,
            modelIds: Array.isArray(values.model) ? values.model.flatMap(parseModelIds) : undefined,
          },
          io,
        );
      case 'snapshot':
        return snapshotCommand({ ...options, dir: values.dir, update: values.update === true }, io);
      case 'schemas':
        return schemasCommand({ ...options, dir: values.dir, check: values.check === true }, io);
      case 'instructions':
        return await instructionsCommand({ ...options, harness: values.harness, cwd: values.cwd }, io);
      case 'capture':
        return await captureCommand(
          {
            ...options,
            harness: values.harness,
            cwd: values.cwd,
            bin: values.bin,
            saveCase: values['save-case'],
            allowNetwork: values['allow-network'] === true,
            realHome: values['real-home'] === true,
          },
          io,
        );
      default:
        throw new UsageError(
          `unknown command '${command}' (commands: build, select, compare, cache, check, snapshot, schemas, instructions, capture, export, import, run, eval)`,
        );
    }
  } catch (error) {
    if (
      error instanceof UsageError ||
      (error instanceof TypeError && 'code' in error && String((error as { code: unknown }).code).startsWith('ERR_PARSE_ARGS'))
    ) {
      io.stderr(`variant-studio: ${error.message.split('\n')[0]}\n`);
      return EXIT_USAGE;
    }
    throw error;
  }
}

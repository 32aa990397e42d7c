import { existsSync, mkdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { describeItem, type ImportPlan, type PlanItem } from '../../shared/bundle/import-plan.js';
import { BUNDLE_LIMITS } from '../../shared/bundle/limits.js';
import { BundleRejected } from '../../shared/bundle/rejection.js';
import { ImportChoiceError, type ImportChoice, type ImportChoices } from '../../shared/bundle/resolve-import.js';
import { HostError } from '../../shared/ipc/host-error.js';
import { applyBundle, folderState, planBundle } from '../../electron/host/bundles/import-bundle.js';
import { recoverInterruptedImports } from '../../electron/host/bundles/import-journal.js';
import { readBundle } from '../../electron/host/bundles/read-bundle.js';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, UsageError, type CliIo } from '../cli-io.js';

export const IMPORT_USAGE = `variant-studio import <file.zip> --workspace <dir> [--dry-run] [--on-conflict fail|overwrite|skip|rename]

  Adds the bundle's variants, profiles, components, tools and presets to the workspace (created when
  missing), everything or nothing. Items that exist with other content are conflicts:
    fail       stop and write nothing (the default)
    overwrite  replace the workspace's item with the bundle's
    skip       keep the workspace's item
    rename     import the bundle's item under a new id (<id>-imported)
  --dry-run prints what would happen, per file, and writes nothing. A bundle that fails a check
  (manifest, checksums, sizes, paths, entry types, limits, files that do not load) is refused
  with one line naming the entry and the reason (exit 2).
`;

type Policy = 'fail' | 'overwrite' | 'skip' | 'rename';

/** The decision for an item without a default, by policy; undefined when it stays a conflict. */
function decide(item: PlanItem, policy: Policy): ImportChoice | undefined {
  if (item.defaultAction !== undefined) return undefined;
  if (policy === 'overwrite' && item.actions.includes('overwrite')) return { action: 'overwrite' };
  if (policy === 'skip') return { action: 'keep' };
  if (policy === 'rename' && item.actions.includes('rename')) return { action: 'rename', newId: item.suggestedId };
  return undefined;
}

function choicesFor(plan: ImportPlan, policy: Policy): { choices: ImportChoices; conflicts: PlanItem[] } {
  const choices: Record<string, ImportChoice> = {};
  const conflicts: PlanItem[] = [];
  for (const item of plan.items) {
    const choice = decide(item, policy);
    if (choice) choices[item.key] = choice;
    else if (item.defaultAction === undefined) conflicts.push(item);
  }
  return { choices, conflicts };
}

function actionText(item: PlanItem, choice: ImportChoice | undefined): string {
  const action = choice?.action ?? item.defaultAction;
  switch (action) {
    case 'add':
      return 'add';
    case 'overwrite':
      return 'overwrite';
    case 'keep':
      return item.status === 'identical' ? 'nothing to do' : 'keep the workspace’s';
    case 'rename':
      return `import as '${choice?.newId ?? item.suggestedId}'`;
    default:
      return item.caseClash
        ? `conflict: differs only by case from '${item.caseClash}' (--on-conflict skip or rename)`
        : 'conflict (choose with --on-conflict overwrite, skip or rename)';
  }
}

export async function importCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    strict: true,
    options: {
      workspace: { type: 'string' },
      'dry-run': { type: 'boolean' },
      'on-conflict': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.stdout(IMPORT_USAGE);
    return EXIT_OK;
  }
  if (positionals.length !== 1) throw new UsageError('import takes one bundle file: variant-studio import <file.zip> --workspace <dir>');
  if (!values.workspace) throw new UsageError('import needs --workspace <dir> (the workspace to import into)');
  const policy = (values['on-conflict'] ?? 'fail') as Policy;
  if (!['fail', 'overwrite', 'skip', 'rename'].includes(policy))
    throw new UsageError(`--on-conflict must be fail, overwrite, skip or rename, not '${values['on-conflict']}'`);
  const file = positionals[0]!;
  const bundlePath = path.resolve(io.cwd, file);
  let bytes: Uint8Array;
  try {
    const size = statSync(bundlePath).size;
    if (size > BUNDLE_LIMITS.maxArchiveBytes) {
      io.stderr(`variant-studio: ${file}: is larger than ${BUNDLE_LIMITS.maxArchiveBytes / (1024 * 1024)} MB; nothing was written\n`);
      return EXIT_USAGE;
    }
    bytes = readFileSync(bundlePath);
  } catch {
    throw new UsageError(`cannot read the bundle '${file}'`);
  }
  let contents;
  try {
    contents = await readBundle(bytes);
  } catch (error) {
    if (error instanceof BundleRejected) {
      io.stderr(`variant-studio: ${file}: ${error.message}; nothing was written\n`);
      return EXIT_USAGE;
    }
    throw error;
  }

  const dryRun = values['dry-run'] === true;
  const target = path.resolve(io.cwd, values.workspace);
  if (existsSync(target) && !statSync(target).isDirectory()) throw new UsageError(`workspace '${values.workspace}' is not a folder`);
  if (!existsSync(target) && !dryRun) mkdirSync(target, { recursive: true });
  const realRoot = existsSync(target) ? realpathSync(target) : target;
  // An earlier import a kill interrupted is finished or rolled back first (not in a dry run).
  if (!dryRun && existsSync(target)) for (const message of recoverInterruptedImports(realRoot)) io.stderr(`variant-studio: ${message}\n`);
  const state = existsSync(target) ? folderState(realRoot) : new Map();
  const plan = planBundle(contents, state);
  const { choices, conflicts } = choicesFor(plan, policy);

  if (dryRun) {
    io.stdout(`${file} into ${values.workspace} (dry run: nothing written)\n`);
    for (const item of plan.items) {
      io.stdout(`${describeItem(item)} -> ${actionText(item, choices[item.key])}\n`);
      for (const f of item.files)
        io.stdout(`  ${f.status.padEnd(9)} ${f.path}${f.added || f.removed ? ` (+${f.added} -${f.removed})` : ''}\n`);
      if (item.unsaved.length) io.stdout(`  unsaved edits in: ${item.unsaved.join(', ')}\n`);
    }
    if (contents.rendered.size) io.stdout(`${contents.rendered.size} rendered prompt file(s) in the bundle are not imported\n`);
    return EXIT_OK;
  }
  if (conflicts.length) {
    for (const item of conflicts) io.stderr(`variant-studio: ${describeItem(item)}: ${actionText(item, undefined)}\n`);
    io.stderr(`variant-studio: ${conflicts.length} conflict(s); nothing was written\n`);
    return EXIT_FINDINGS;
  }
  try {
    const { resolved, committed } = await applyBundle({ realRoot, contents, state, plan, choices });
    for (const d of resolved.decisions) {
      const item = plan.items.find((i) => i.key === d.key)!;
      if (item.status === 'identical') continue;
      io.stdout(`${describeItem(item)} -> ${actionText(item, d)}\n`);
    }
    io.stdout(`imported into ${values.workspace}: ${committed.written.length} file(s) written, ${committed.deleted.length} removed\n`);
    return EXIT_OK;
  } catch (error) {
    if (error instanceof ImportChoiceError) {
      io.stderr(`variant-studio: ${error.message}\n`);
      return EXIT_FINDINGS;
    }
    if (error instanceof HostError) {
      io.stderr(`variant-studio: ${error.message}\n`);
      return EXIT_USAGE;
    }
    throw error;
  }
}

import {
  contextTreeFiles,
  describeHarnessResult,
  harnessResultJson,
  lintInstructions,
  runHarness,
  treeFilesOf,
  HarnessContextSchema,
  type HarnessResult,
} from '../../shared/harness/index.js';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { realHarnessSetup } from '../../electron/host/harness/real-harness.js';
import { UsageError, type CliIo } from '../cli-io.js';
import { openWorkspace, readContextFile } from '../workspace-input.js';
import type { CommonOptions } from './options.js';

export interface InstructionsOptions extends CommonOptions {
  /** A harness profile id; all of the workspace's when absent. */
  harness?: string | undefined;
  /** Read this folder on the real disk (confined to it and each harness's global locations) instead of the context's tree. */
  cwd?: string | undefined;
}

/** Today as YYYY-MM-DD on this machine (local date). */
function localToday(): string {
  const now = new Date();
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * What each harness loads from a context's instruction files (the tree in the context file),
 * and where it puts it: each part under its placement, every file with its status and reason.
 */
export async function instructionsCommand(options: InstructionsOptions, io: CliIo): Promise<number> {
  const ws = openWorkspace(options.workspace, io.cwd);
  const all = ws.snapshot.harnesses;
  const chosen = options.harness === undefined ? all : all.filter((h) => h.id === options.harness);
  if (chosen.length === 0) {
    const broken = ws.snapshot.problems.find((p) => p.file.startsWith(`harnesses/${options.harness ?? ''}`));
    if (broken && options.harness !== undefined)
      throw new UsageError(`harness '${options.harness}' does not load: ${broken.file}: ${broken.message}`);
    throw new UsageError(`no harness '${options.harness ?? ''}' (harnesses: ${all.map((h) => h.id).join(', ') || 'none'})`);
  }
  if (options.preset) throw new UsageError('instructions reads a context file (--context), not a preset');
  const context = options.context ? readContextFile(options.context, io.cwd, HarnessContextSchema) : HarnessContextSchema.parse({});
  const today = options.date ?? localToday();
  const clock = (): number => performance.now();
  const results: HarnessResult[] = [];
  let treeFiles = contextTreeFiles(context);
  if (options.cwd !== undefined) {
    const dir = path.resolve(io.cwd, options.cwd);
    let granted: string;
    try {
      granted = await realpath(dir);
    } catch {
      throw new UsageError(`--cwd '${options.cwd}' is not a folder`);
    }
    let walked: string[] | undefined;
    for (const profile of chosen) {
      const setup = await realHarnessSetup(
        profile,
        { cwd: granted, reads: context.reads, settings: context.settings },
        { granted: [granted] },
      );
      if (!setup.ok) throw new UsageError(`--cwd '${options.cwd}': ${setup.error}`);
      results.push(await runHarness(profile, setup.context, { today, fs: setup.fs, clock }));
      walked ??= await treeFilesOf(setup.fs, granted);
    }
    treeFiles = walked ?? [];
  } else {
    for (const profile of chosen) results.push(await runHarness(profile, context, { today, clock }));
  }
  const lint = lintInstructions(results, treeFiles);
  if (options.format === 'json') {
    const out =
      options.harness !== undefined
        ? { ...harnessResultJson(results[0] as HarnessResult), lint }
        : { harnesses: results.map(harnessResultJson), lint };
    io.stdout(`${JSON.stringify(out, null, 2)}\n`);
  } else {
    io.stdout(`${results.map((r) => describeHarnessResult(r)).join('\n\n')}\n`);
    if (lint.length > 0) io.stdout(`\nlint:\n${lint.map((f) => `  ${f.severity}: ${f.message}`).join('\n')}\n`);
  }
  return 0;
}

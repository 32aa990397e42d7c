import path from 'node:path';
import { buildStackPrompt } from '../../shared/stack/build.js';
import { StackContextSchema, type StackContext } from '../../shared/stack/context.js';
import { describeStackBuild } from '../../shared/stack/explain.js';
import { createRealStackContext, realStackBuildOptions } from '../../electron/host/stack/index.js';
import { createNodeInstructionFs } from '../../electron/host/stack/node-fs.js';
import { UsageError, type CliIo } from '../cli-io.js';
import { openWorkspace, readContextFile } from '../workspace-input.js';
import type { CommonOptions } from './options.js';

export interface ProfileBuildOptions extends CommonOptions {
  profile: string;
  agent?: string | undefined;
  cwd?: string | undefined;
  provider?: string | undefined;
  model?: string | undefined;
  fetchUrls: boolean;
  explain: boolean;
}

/**
 * Builds an OpenCode-style stack profile: with --cwd, instruction files are discovered on
 * the real disk from that folder up to its worktree root; otherwise from the virtual file
 * tree of the context (a `kind: stack` preset or a context file).
 */
export async function buildProfileCommand(options: ProfileBuildOptions, io: CliIo): Promise<number> {
  const ws = openWorkspace(options.workspace, io.cwd);
  const profile = ws.snapshot.profiles.find((p) => p.id === options.profile);
  if (!profile) {
    const broken = ws.snapshot.problems.find((p) => p.file.startsWith(`profiles/${options.profile}/`));
    if (broken) throw new UsageError(`profile '${options.profile}' does not load: ${broken.file}: ${broken.message}`);
    throw new UsageError(`no profile '${options.profile}' (profiles: ${ws.snapshot.profiles.map((p) => p.id).join(', ') || 'none'})`);
  }
  if (options.preset && options.context) throw new UsageError('use either --preset or --context, not both');
  let base: StackContext;
  if (options.preset) {
    const preset = ws.snapshot.stackPresets.find((p) => p.name === options.preset);
    if (!preset)
      throw new UsageError(
        `no stack preset '${options.preset}' (stack presets: ${ws.snapshot.stackPresets.map((p) => p.name).join(', ') || 'none'})`,
      );
    base = preset.context;
  } else if (options.context) base = readContextFile(options.context, io.cwd, StackContextSchema);
  else base = StackContextSchema.parse({});
  const overrides = {
    ...(options.agent ? { agent: options.agent } : {}),
    ...(options.model ? { modelId: options.model } : {}),
    ...(options.provider ? { providerId: options.provider } : {}),
    ...(options.date ? { date: options.date } : {}),
  };
  let result;
  if (options.cwd) {
    const dir = path.resolve(io.cwd, options.cwd);
    let context: StackContext;
    try {
      const { cwd: _c, worktreeRoot: _w, isGitRepo: _g, files: _f, ...rest } = base;
      context = await createRealStackContext({ cwd: dir, base: { ...rest, ...overrides }, profile });
    } catch (error) {
      throw new UsageError(`--cwd '${options.cwd}': ${error instanceof Error ? error.message : String(error)}`);
    }
    result = await buildStackPrompt(profile, context, {
      ...realStackBuildOptions({ fetchUrls: options.fetchUrls }),
      fs: createNodeInstructionFs(),
    });
  } else {
    result = await buildStackPrompt(profile, StackContextSchema.parse({ ...base, ...overrides }));
  }
  if (options.format === 'json') io.stdout(`${JSON.stringify(result, null, 2)}\n`);
  else {
    io.stdout(`${result.system}\n`);
    for (const w of result.warnings) if (w.severity !== 'info') io.stderr(`${w.severity}: ${w.message}\n`);
    if (options.explain) io.stderr(`${describeStackBuild(result)}\n`);
  }
  return 0;
}

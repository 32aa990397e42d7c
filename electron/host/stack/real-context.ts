import { realpath } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  flagVariables,
  findWorktreeRoot,
  StackContextSchema,
  type DiscoveryOptions,
  type InstructionFs,
  type StackBuildOptions,
  type StackContext,
  type StackContextInput,
  type StackProfile,
} from '../../../shared/stack/index.js';
import { createNodeInstructionFs } from './node-fs.js';
import { createNodeUrlFetcher, nodeSleep } from './url-fetcher.js';

export interface RealStackContextOptions {
  /** The working directory; relative paths are taken from process.cwd(). */
  cwd: string;
  /** Other context fields (model, agent, user message, ...); machine facts below overwrite none of these if set here. */
  base?: StackContextInput | undefined;
  /** The profile, so its flag variables are read from the environment. */
  profile?: StackProfile | undefined;
  /** Extra environment variable names to copy into the context. */
  envNames?: readonly string[] | undefined;
  /**
   * Which variables may be copied at all (default: any the profile's flags name). The app
   * passes the OpenCode flag variables only: a profile is workspace data, and must not pick
   * which of this machine's variables (secrets among them) end up in a result.
   */
  envAllowed?: ((name: string) => boolean) | undefined;
  /** The clock, for tests; default now. */
  now?: Date | undefined;
  /** The environment, for tests; default process.env. */
  env?: NodeJS.ProcessEnv | undefined;
  homeDir?: string | undefined;
}

const DEFAULT_FLAG_VARIABLES = ['OPENCODE_CONFIG_DIR', 'OPENCODE_DISABLE_CLAUDE_CODE_PROMPT', 'OPENCODE_DISABLE_PROJECT_CONFIG'];

/** Local calendar date as YYYY-MM-DD (toDateString uses local time too). */
export function localIsoDate(now: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A stack context describing this machine: the working directory with symlinks resolved
 * (an agent started there sees the physical path, as getcwd reports it), the worktree root
 * found by looking for `.git`, platform, today's local date, home and XDG config folders,
 * and only the environment variables the profile's flags name (never the whole environment,
 * which may hold secrets and would end up in saved contexts).
 */
export async function createRealStackContext(options: RealStackContextOptions): Promise<StackContext> {
  const env = options.env ?? process.env;
  const cwd = await realpath(path.resolve(options.cwd));
  const fs = createNodeInstructionFs();
  const st = await fs.stat(cwd);
  if (st?.kind !== 'directory') throw new Error(`not a folder: ${cwd}`);
  const base = options.base ?? {};
  const worktreeRoot = base.worktreeRoot ?? (await findWorktreeRoot(fs, cwd));
  const homeDir = options.homeDir ?? os.homedir();
  const names = new Set<string>([
    ...(options.profile
      ? [
          options.profile.flags.configDirOverride,
          ...flagVariables(options.profile.flags.disableClaudePrompts),
          ...flagVariables(options.profile.flags.disableProjectConfig),
        ]
      : DEFAULT_FLAG_VARIABLES),
    ...(options.envNames ?? []),
  ]);
  const picked: Record<string, string> = {};
  for (const name of names) {
    if (options.envAllowed && !options.envAllowed(name)) continue;
    const value = env[name];
    if (value !== undefined) picked[name] = value;
  }
  return StackContextSchema.parse({
    ...base,
    cwd,
    worktreeRoot,
    isGitRepo: base.isGitRepo ?? worktreeRoot !== undefined,
    platform: base.platform ?? process.platform,
    date: base.date ?? localIsoDate(options.now ?? new Date()),
    homeDir: base.homeDir ?? homeDir,
    configDir: base.configDir ?? (env.XDG_CONFIG_HOME ? path.resolve(env.XDG_CONFIG_HOME) : path.join(homeDir, '.config')),
    env: { ...picked, ...(base.env ?? {}) },
  });
}

/**
 * Build options for the real disk: the node filesystem (or a confined one, see
 * grantedInstructionFs), and URL fetching when asked.
 */
export function realStackBuildOptions(
  options: Pick<DiscoveryOptions, 'fetchUrls' | 'urlTimeoutMs' | 'maxGlobEntries' | 'walkCeiling'> & {
    fs?: InstructionFs | undefined;
  } = {},
): StackBuildOptions {
  return {
    ...options,
    fs: options.fs ?? createNodeInstructionFs(),
    fetchUrl: options.fetchUrls ? createNodeUrlFetcher() : undefined,
    sleep: nodeSleep,
  };
}

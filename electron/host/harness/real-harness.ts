import { realpath } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  HARNESS_OS,
  HarnessContextSchema,
  harnessEnvAllowed,
  harnessKindOf,
  harnessStandardGlobals,
  type HarnessContext,
  type HarnessGlobalLocation,
  type HarnessOs,
  type HarnessProfile,
} from '../../../shared/harness/index.js';
import { confineInstructionFs, findWorktreeRoot, type InstructionFs } from '../../../shared/stack/index.js';
import { isInside } from '../confine.js';
import { createNodeInstructionFs } from '../stack/node-fs.js';

/**
 * A harness run on the real disk, confined: the working folder must lie inside a folder the
 * user granted, and the run reads only inside the granted folders and the harness's standard
 * global locations on this machine (those the user has not switched off). Home, platform and
 * the environment variables the harness family reads are this machine's; what a request says
 * for them is not used, and settings cannot move the global locations.
 */

export interface RealHarnessRequest {
  cwd: string;
  reads?: readonly string[] | undefined;
  settings?: Readonly<Record<string, unknown>> | undefined;
  /** Ids of standard global locations the user switched off. */
  globalsOff?: readonly string[] | undefined;
}

export interface RealHarnessMachine {
  /** Folders the user granted (real paths). */
  granted: Iterable<string>;
  env?: NodeJS.ProcessEnv | undefined;
  homeDir?: string | undefined;
  platform?: string | undefined;
  /** The disk below the confinement (tests record it); default the node filesystem. */
  inner?: InstructionFs | undefined;
}

export type RealHarnessSetup =
  | { ok: true; context: HarnessContext; fs: InstructionFs; globals: (HarnessGlobalLocation & { off: boolean })[] }
  | { ok: false; error: string };

function harnessOs(platform: string): HarnessOs {
  return (HARNESS_OS as readonly string[]).includes(platform) ? (platform as HarnessOs) : 'linux';
}

export async function realHarnessSetup(
  profile: HarnessProfile,
  request: RealHarnessRequest,
  machine: RealHarnessMachine,
): Promise<RealHarnessSetup> {
  if (!path.isAbsolute(request.cwd)) return { ok: false, error: 'the real disk needs an absolute working folder' };
  let cwd: string;
  try {
    cwd = await realpath(request.cwd);
  } catch {
    return { ok: false, error: `no folder at '${request.cwd}' on this machine: choose the working folder` };
  }
  const granted = [...machine.granted];
  if (!granted.some((folder) => isInside(folder, cwd)))
    return { ok: false, error: `'${request.cwd}' is not inside a folder chosen for reading: choose the working folder first` };
  const env = machine.env ?? process.env;
  const homeDir = machine.homeDir ?? os.homedir();
  const osName = harnessOs(machine.platform ?? process.platform);
  const configDir = env.XDG_CONFIG_HOME ? path.resolve(env.XDG_CONFIG_HOME) : path.join(homeDir, '.config');
  const kind = harnessKindOf(profile);
  const allowed = harnessEnvAllowed(kind);
  const picked: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (allowed(name) && value !== undefined) picked[name] = value;

  const settings: Record<string, unknown> = { ...(request.settings ?? {}) };
  // Where the global files are is the machine's, not a setting's.
  if (profile.loader === 'cline-classic') settings[profile.settings.documentsDir] = path.join(homeDir, 'Documents');
  if (profile.loader === 'opencode') {
    settings[profile.settings.configDir] = configDir;
    // OpenCode's worktree root comes from the disk, as for the stack (Kilo's: what git accepts).
    const root = await findWorktreeRoot(createNodeInstructionFs(), cwd, profile.gitCheck);
    if (root !== undefined) settings[profile.settings.worktreeRoot] = root;
    else delete settings[profile.settings.worktreeRoot];
  }

  const off = new Set(request.globalsOff ?? []);
  const globals = harnessStandardGlobals(kind, { homeDir, configDir, cwd, env: picked, os: osName }).map((g) => ({
    ...g,
    off: off.has(g.id),
  }));
  const refused = new Map<string, string>();
  for (const g of globals.filter((x) => x.off))
    for (const p of [...g.files, ...g.folders]) refused.set(p, `not read: ${g.name} is switched off`);
  const fs = confineInstructionFs(machine.inner ?? createNodeInstructionFs(), {
    folders: [...granted, ...globals.filter((g) => !g.off).flatMap((g) => g.folders)],
    files: globals.filter((g) => !g.off).flatMap((g) => g.files),
    refused,
  });
  const context = HarnessContextSchema.parse({
    files: {},
    cwd,
    home: homeDir,
    os: osName,
    env: picked,
    settings,
    reads: (request.reads ?? []).filter((r) => path.isAbsolute(r)),
  });
  return { ok: true, context, fs, globals };
}

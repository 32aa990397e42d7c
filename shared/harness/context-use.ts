import type { HarnessProfile } from './profile/schema.js';
import { HARNESS_ENV_NAMES, HARNESS_ENV_PREFIX, harnessEnvAllowed, harnessKindOf } from './standard-globals.js';

/**
 * Which parts of the every-harness view's context a run uses, in each mode: on the virtual
 * tree everything the user typed applies; on a folder on this machine (real discovery) home,
 * operating system and environment are the machine's, the tree is the folder's, and a few
 * settings (where the global files are, the worktree root) come from the machine too. The view
 * shows the ignored ones disabled, with these reasons, so that a user sees why a harness reads
 * what it reads (the host's real run, electron/host/harness/real-harness.ts, is what this
 * describes).
 */

export type HarnessDiscovery = 'virtual' | 'real';

export const HARNESS_CONTEXT_FIELDS = ['cwd', 'home', 'os', 'env', 'settings', 'reads', 'files'] as const;
export type HarnessContextField = (typeof HARNESS_CONTEXT_FIELDS)[number];

export interface HarnessFieldUse {
  applies: boolean;
  reason: string;
}

export interface HarnessEnvUse extends HarnessFieldUse {
  name: string;
  /** The harnesses that read the variable (name and version). */
  readBy: string[];
}

export interface HarnessSettingUse extends HarnessFieldUse {
  key: string;
  /** The harnesses (name and version) that take this setting from the machine instead (real discovery). */
  ignoredBy: string[];
}

export interface HarnessContextUse {
  discovery: HarnessDiscovery;
  /** The context's environment variables, each with who reads it and whether this run uses it. */
  env: HarnessEnvUse[];
  /** The context's settings keys that some harness does not take from the context in this mode, and the others. */
  settings: HarnessSettingUse[];
  /** Real discovery: the variables the harnesses read from this machine (names only, never values). */
  machineEnv: HarnessEnvUse[];
}

const REAL_FIELD: Record<HarnessContextField, HarnessFieldUse> = {
  cwd: { applies: true, reason: 'must lie inside the folder chosen on this machine' },
  home: { applies: false, reason: 'ignored on a folder on this machine: its home folder is used' },
  os: { applies: false, reason: 'ignored on a folder on this machine: its operating system is used' },
  env: {
    applies: false,
    reason:
      'ignored on a folder on this machine: each harness reads this machine’s environment (only the variables it knows, listed below)',
  },
  settings: { applies: true, reason: 'used, except where a harness takes a setting from this machine (below)' },
  reads: { applies: true, reason: 'used: the files the agent’s read tool opens' },
  files: { applies: false, reason: 'ignored on a folder on this machine: the chosen folder is read instead' },
};

const VIRTUAL_FIELD: Record<HarnessContextField, HarnessFieldUse> = {
  cwd: { applies: true, reason: 'the folder every harness starts from' },
  home: { applies: true, reason: 'where the harnesses look for their global files' },
  os: { applies: true, reason: 'decides the managed locations and path rules' },
  env: { applies: true, reason: 'used as the agents’ environment' },
  settings: { applies: true, reason: 'used as the agents’ settings' },
  reads: { applies: true, reason: 'used: the files the agent’s read tool opens' },
  files: { applies: true, reason: 'the repository every harness reads' },
};

/** Whether a field of the context applies in a mode, and why (or why not). */
export function harnessFieldUse(discovery: HarnessDiscovery, field: HarnessContextField): HarnessFieldUse {
  return (discovery === 'real' ? REAL_FIELD : VIRTUAL_FIELD)[field];
}

type Named = Pick<HarnessProfile, 'loader' | 'agent' | 'name' | 'version'>;

/** A harness as the form names it: name and version (two profiles of one agent differ in the version). */
const label = (p: Named): string => `${p.name} ${p.version}`;

function readersOf(profiles: readonly Named[], name: string): string[] {
  return profiles.filter((p) => harnessEnvAllowed(harnessKindOf(p))(name)).map(label);
}

/** The settings a harness takes from the machine on real discovery, by its key, with what it uses instead. */
function machineSettings(profile: HarnessProfile): [key: string, instead: string][] {
  switch (profile.loader) {
    case 'cline-classic':
      return [[profile.settings.documentsDir, 'this machine’s ~/Documents']];
    case 'opencode':
      return [
        [profile.settings.configDir, 'this machine’s config folder ($XDG_CONFIG_HOME, else ~/.config)'],
        [profile.settings.worktreeRoot, 'the git worktree found on this machine'],
      ];
    default:
      return [];
  }
}

/**
 * Each of the context's environment variables and settings, as the harnesses use them in a
 * mode; on real discovery also the variables the harnesses read from this machine
 * (`machineSet`: the names set there, from the host).
 */
export function harnessContextUse(
  profiles: readonly HarnessProfile[],
  discovery: HarnessDiscovery,
  context: { env: Readonly<Record<string, string>>; settings: Readonly<Record<string, unknown>> },
  machineSet: readonly string[] = [],
): HarnessContextUse {
  const env = Object.keys(context.env).map((name): HarnessEnvUse => {
    const readBy = readersOf(profiles, name);
    if (discovery === 'real')
      return { name, readBy, applies: false, reason: 'on a folder on this machine, the machine’s own value is used' };
    if (readBy.length === 0)
      return {
        name,
        readBy,
        applies: true,
        reason: 'no harness reads it by name (an OpenCode or Kilo `{env:NAME}` in a file still substitutes it)',
      };
    return { name, readBy, applies: true, reason: `read by ${readBy.join(', ')}` };
  });

  const settings = Object.keys(context.settings).map((key): HarnessSettingUse => {
    if (discovery === 'virtual') return { key, ignoredBy: [], applies: true, reason: 'used' };
    const instead = profiles.flatMap((p) =>
      machineSettings(p)
        .filter(([k]) => k === key)
        .map(([, what]) => ({ name: label(p), what })),
    );
    if (instead.length === 0) return { key, ignoredBy: [], applies: true, reason: 'used' };
    const ignoredBy = instead.map((i) => i.name);
    return {
      key,
      ignoredBy,
      applies: false,
      reason: `on a folder on this machine, ${ignoredBy.join(', ')} ${ignoredBy.length === 1 ? 'takes' : 'take'} it from the machine: ${[...new Set(instead.map((i) => i.what))].join('; ')}`,
    };
  });

  const machineEnv: HarnessEnvUse[] = [];
  if (discovery === 'real') {
    const kinds = [...new Set(profiles.map(harnessKindOf))];
    const names = [...new Set([...kinds.flatMap((k) => HARNESS_ENV_NAMES[k]), ...machineSet])].sort();
    for (const name of names) {
      const readBy = readersOf(profiles, name);
      if (readBy.length === 0) continue;
      const set = machineSet.includes(name);
      machineEnv.push({ name, readBy, applies: set, reason: set ? 'set on this machine' : 'not set on this machine' });
    }
    for (const kind of kinds) {
      const prefix = HARNESS_ENV_PREFIX[kind];
      if (prefix === undefined || machineSet.some((n) => n.startsWith(prefix))) continue;
      const readBy = profiles.filter((p) => harnessKindOf(p) === kind).map(label);
      machineEnv.push({ name: `${prefix}*`, readBy, applies: false, reason: 'none set on this machine' });
    }
  }
  return { discovery, env, settings, machineEnv };
}

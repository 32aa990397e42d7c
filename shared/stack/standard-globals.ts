import { isAbsolutePath, joinPath, normalizePath } from './path.js';

/**
 * The machine's standard global instruction locations of the OpenCode semantics
 * (prompt-semantics.md, part 2): the only places outside the granted folders that a build on
 * the real disk may read. Named here (not by a profile, which is workspace data) so that the
 * context form can list them by name and the user can switch each one off.
 */

export interface StandardGlobalLocation {
  /** Stable id (the context form's switches use it). */
  id: string;
  /** How people know it. */
  name: string;
}

export interface MachineDirs {
  homeDir: string;
  /** The XDG config folder (XDG_CONFIG_HOME, else ~/.config). */
  configDir: string;
  /** The working folder (a relative OPENCODE_CONFIG_DIR is taken from there). */
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
}

export const OPENCODE_STANDARD_GLOBALS = [
  { id: 'opencode-config-dir', name: '$OPENCODE_CONFIG_DIR/AGENTS.md' },
  { id: 'opencode-config', name: '~/.config/opencode/AGENTS.md' },
  { id: 'claude', name: '~/.claude/CLAUDE.md' },
] as const satisfies readonly StandardGlobalLocation[];

export type OpencodeGlobalId = (typeof OPENCODE_STANDARD_GLOBALS)[number]['id'];

export interface ResolvedGlobalLocation extends StandardGlobalLocation {
  /** Where it is on this machine; undefined when it does not apply (its variable is unset). */
  path: string | undefined;
}

/** Where each standard location is on a machine. */
export function resolveOpencodeGlobals(dirs: MachineDirs): ResolvedGlobalLocation[] {
  const override = dirs.env.OPENCODE_CONFIG_DIR || undefined;
  const paths: Record<OpencodeGlobalId, string | undefined> = {
    'opencode-config-dir': override === undefined ? undefined : joinPath(dirs.cwd, override, 'AGENTS.md'),
    'opencode-config': joinPath(dirs.configDir, 'opencode', 'AGENTS.md'),
    claude: joinPath(dirs.homeDir, '.claude', 'CLAUDE.md'),
  };
  return OPENCODE_STANDARD_GLOBALS.map((location) => {
    const p = paths[location.id];
    return { ...location, path: p !== undefined && isAbsolutePath(p) ? normalizePath(p) : undefined };
  });
}

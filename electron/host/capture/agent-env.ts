/**
 * The environment a captured agent gets: only what a program needs to start (PATH, locale,
 * terminal, time zone), its temporary home, and the profile's variables — so none of the user's
 * real keys or tokens (nor variables that move the agent's folders into the real home) reach
 * it, whatever they are called. The one key it gets is the dummy key.
 */

const PASSED = ['PATH', 'LANG', 'LANGUAGE', 'TERM', 'TZ', 'SYSTEMROOT', 'WINDIR', 'COMSPEC', 'PATHEXT'];

export const DUMMY_KEY = 'capture-dummy-key';

export function agentEnv(
  user: NodeJS.ProcessEnv,
  home: string,
  profile: Readonly<Record<string, string>>,
  /** The user's real home ("use my real home"): the user's own XDG folders where set, and the system's temporary folder. */
  real?: { ownFolders: true; tmpDir: string },
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(user)) {
    if (value === undefined) continue;
    if (PASSED.includes(name) || name.startsWith('LC_')) env[name] = value;
  }
  env.HOME = home;
  env.USERPROFILE = home;
  env.XDG_CONFIG_HOME = `${home}/.config`;
  env.XDG_DATA_HOME = `${home}/.local/share`;
  env.XDG_CACHE_HOME = `${home}/.cache`;
  env.XDG_STATE_HOME = `${home}/.local/state`;
  env.TMPDIR = `${home}/tmp`;
  if (real) {
    for (const name of ['XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_CACHE_HOME', 'XDG_STATE_HOME']) {
      const own = user[name];
      if (own !== undefined) env[name] = own;
    }
    env.TMPDIR = real.tmpDir;
  }
  env.NO_COLOR = '1';
  return { ...env, ...profile };
}

/** `{{name}}` slots filled from `values`; an unknown slot is left as written. */
export function fillSlots(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

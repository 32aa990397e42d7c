/** What every spec-page case of a harness has unless it says otherwise: a Linux home at /home/u, nothing set, the system part. */
export function caseDefaults(harness: string, version: string) {
  return {
    harness,
    version,
    symlinks: {},
    home: '/home/u',
    os: 'linux' as const,
    env: {},
    settings: {},
    reads: [],
    part: 'system',
    confidence: 'observed',
  };
}

/** The files that make `root` a git repository (HEAD, objects/, refs/). */
export const gitRepo = (root: string): Record<string, string> => ({
  [`${root}/.git/HEAD`]: 'ref: refs/heads/main\n',
  [`${root}/.git/objects/`]: '',
  [`${root}/.git/refs/`]: '',
});

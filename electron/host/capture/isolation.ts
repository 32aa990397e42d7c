import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Whether the agent can run in a network namespace with only loopback (Linux, unprivileged user
 * namespaces, `unshare` and `ip` present): then its only reachable address is the relay to the
 * stand-in. Elsewhere only the agent's documented opt-out switches hold back its own traffic.
 */

export type Isolation = { kind: 'namespace'; unshare: string; ip: string } | { kind: 'none'; reason: string };

const IP_PLACES = ['/usr/sbin/ip', '/sbin/ip', '/usr/bin/ip', '/bin/ip'];
const UNSHARE_PLACES = ['/usr/bin/unshare', '/bin/unshare', '/usr/sbin/unshare'];

let probed: Isolation | undefined;

export const NO_ISOLATION_MEANS =
  "the agent runs without a network namespace: its model requests go to the stand-in, but only the profile's opt-out switches keep its own telemetry and update checks from reaching the network";

/** Set to 1, capture uses no network namespace even where one is available (a machine where it misbehaves; tests of the question asked then). */
export const NO_NAMESPACE_VARIABLE = 'VARIANT_STUDIO_NO_NAMESPACE';

export function probeIsolation(platform: string = process.platform, env: NodeJS.ProcessEnv = process.env): Isolation {
  if (platform !== 'linux') return { kind: 'none', reason: `network namespaces are Linux only (this is ${platform})` };
  if (env[NO_NAMESPACE_VARIABLE] === '1') return { kind: 'none', reason: `${NO_NAMESPACE_VARIABLE}=1 is set` };
  if (probed) return probed;
  const unshare = UNSHARE_PLACES.find((p) => existsSync(p));
  const ip = IP_PLACES.find((p) => existsSync(p));
  if (!unshare) probed = { kind: 'none', reason: 'unshare (util-linux) is not installed' };
  else if (!ip) probed = { kind: 'none', reason: 'ip (iproute2) is not installed' };
  else {
    const run = spawnSync(unshare, ['-rn', ip, 'link', 'set', 'lo', 'up'], { stdio: ['ignore', 'ignore', 'pipe'], timeout: 5000 });
    probed =
      run.status === 0
        ? { kind: 'namespace', unshare, ip }
        : {
            kind: 'none',
            reason: `unprivileged user namespaces are not available (unshare -rn: ${String(run.stderr).trim() || run.error?.message || `exit ${String(run.status)}`})`,
          };
  }
  return probed;
}

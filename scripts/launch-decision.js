// How `npm start` runs the app: the desktop window when Electron can start here, else the
// same app in browser mode. Pure, so it is tested with stand-ins (tests/scripts).

/**
 * @param {object} machine
 * @param {() => string | null} machine.findBinary   the Electron executable, when installed
 * @param {() => boolean} machine.fetchBinary        tries to download it (true when that worked)
 * @param {string} machine.platform                  process.platform
 * @param {Record<string, string | undefined>} machine.env
 * @returns {{ kind: 'electron', binary: string } | { kind: 'browser', reason: string }}
 */
export function decideLaunch({ findBinary, fetchBinary, platform, env }) {
  if (env.VARIANT_STUDIO_BROWSER === '1') return { kind: 'browser', reason: 'VARIANT_STUDIO_BROWSER=1 asks for browser mode' };
  let binary = findBinary();
  if (!binary && fetchBinary()) binary = findBinary();
  if (!binary) return { kind: 'browser', reason: "Electron's binary is not installed and cannot be downloaded here" };
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY)
    return { kind: 'browser', reason: 'there is no display here for a desktop window' };
  return { kind: 'electron', binary };
}

/** The one line `npm start` prints when it serves browser mode instead of the window. */
export function browserModeNotice(reason) {
  return `${reason}: starting Variant Studio in browser mode instead.`;
}

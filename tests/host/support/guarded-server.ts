// Child process for the last-resort tests: a host and browser-mode server with the guard
// serve.ts installs. Prints `URL <url>` when up; on SIGUSR2 it throws in a timer and rejects a
// promise nobody awaits, then prints `THROWN`.
import { startBrowserServer } from '../../../electron/browser/server.js';
import { keepServingOnUncaught } from '../../../electron/host/last-resort.js';
import { createStudioHost } from '../../../electron/host/studio-host.js';

const [userDataDir, workspace, distDir] = process.argv.slice(2);
if (!userDataDir || !workspace || !distDir) throw new Error('usage: guarded-server <userData> <workspace> <dist>');
const host = createStudioHost({ userDataDir, initialWorkspace: workspace, watch: false, onError: () => undefined });
keepServingOnUncaught(host);
await host.start();
const server = await startBrowserServer({ host, distDir });
process.stdout.write(`URL ${server.url}\n`);
process.on('SIGUSR2', () => {
  setTimeout(() => {
    throw new Error('thrown in a timer');
  }, 0);
  void Promise.reject(new Error('rejected and never awaited'));
  setTimeout(() => process.stdout.write('THROWN\n'), 50);
});

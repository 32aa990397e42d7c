// Child process for the start tests: starts a host on a user-data folder (its remembered
// workspace) and prints what it opened as one JSON line, then exits.
import { createStudioHost } from '../../../electron/host/studio-host.js';

const [userDataDir] = process.argv.slice(2);
if (!userDataDir) throw new Error('usage: start-host <userData>');
const host = createStudioHost({ userDataDir, watch: false });
const view = await host.start();
process.stdout.write(
  `OPENED ${JSON.stringify({ builtin: view?.builtin, root: view?.root, problems: view?.problems.map((p) => `${p.file}: ${p.message}`), notices: view?.notices })}\n`,
);
await host.close();

// Child process for the drafts tests: opens a workspace with the host's default draft timing,
// then types into one document without pause (an edit every 20 ms), printing `TYPED <n>` after
// each edit is taken, until it is killed. Nothing runs on exit: a crash, as the host sees it.
import { createStudioHost } from '../../../electron/host/studio-host.js';

const [userDataDir, workspace] = process.argv.slice(2);
if (!userDataDir || !workspace) throw new Error('usage: type-until-killed <userData> <workspace>');
const host = createStudioHost({ userDataDir, initialWorkspace: workspace, watch: false });
await host.start();
process.stdout.write('READY\n');
for (let n = 1; ; n++) {
  const result = await host.dispatch('doc:update', { ref: { kind: 'component', componentId: 'ROLE' }, text: `typed ${n}` });
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  process.stdout.write(`TYPED ${n}\n`);
  await new Promise((resolve) => setTimeout(resolve, 20));
}

// Child process for the journaled-import tests: opens a workspace, plans a bundle (a file
// path) with every changed item overwritten, applies it, and stops dead inside the commit:
// at the first progress report of the staging phase (`staging`) or of the renames
// (`renames`) it prints `BLOCKED <done> <total>` and blocks its thread until it is killed.
import fs from 'node:fs';
import { createStudioHost } from '../../../electron/host/studio-host.js';

const [userDataDir, workspace, bundle, phase] = process.argv.slice(2);
if (!userDataDir || !workspace || !bundle || (phase !== 'staging' && phase !== 'renames'))
  throw new Error('usage: import-until-killed <userData> <workspace> <bundle.zip> staging|renames');
const host = createStudioHost({ userDataDir, initialWorkspace: workspace, watch: false });
await host.start();
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read freely, as in the tests
const call = async (channel: string, request: unknown): Promise<any> => {
  const result = await host.dispatch(channel, request);
  if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`);
  return result.value;
};
const bytes = fs.readFileSync(bundle);
const { transferId } = await call('bundle:upload', { name: 'bundle.zip', total: bytes.length, data: bytes.toString('base64') });
const plan = await call('bundle:plan', { transferId });
const choices = Object.fromEntries(
  plan.items
    .filter((i: { defaultAction?: string }) => i.defaultAction === undefined)
    .map((i: { key: string }) => [i.key, { action: 'overwrite' }]),
);
const writes = plan.items.flatMap((i: { files: unknown[] }) => i.files).length;
host.subscribe((event, payload) => {
  if (event !== 'bundle:progress') return;
  const { operation, done, total } = payload as { operation: string; done: number; total: number };
  if (operation !== 'import' || (phase === 'staging' ? done > writes : done <= writes)) return;
  process.stdout.write(`BLOCKED ${done} ${total}\n`);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 120_000);
});
await call('bundle:apply', { planId: plan.planId, choices });
process.stdout.write('APPLIED\n');

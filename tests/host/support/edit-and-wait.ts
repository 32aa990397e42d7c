// Child process for the drafts test: opens a workspace, edits documents, waits until the
// drafts are on disk, says READY and then idles until it is killed (a crash, as far as the
// host can tell: nothing runs on exit).
import { createStudioHost } from '../../../electron/host/studio-host.js';

const [userDataDir, workspace, editsJson] = process.argv.slice(2);
if (!userDataDir || !workspace || !editsJson) throw new Error('usage: edit-and-wait <userData> <workspace> <edits json>');
const edits = JSON.parse(editsJson) as { ref: unknown; text: string; create?: boolean }[];
const host = createStudioHost({ userDataDir, initialWorkspace: workspace, watch: false, draftDebounceMs: 10 });
await host.start();
for (const edit of edits) {
  const result = await host.dispatch(edit.create ? 'doc:create' : 'doc:update', { ref: edit.ref, text: edit.text });
  if (!result.ok) throw new Error(JSON.stringify(result.error));
}
await host.flushDrafts();
process.stdout.write('READY\n');
setInterval(() => undefined, 1000);

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostsClosedAfterEach, miniWorkspace, tempDir, writeFiles } from './support/fixtures.js';

/** A user's edit is never silently overwritten, and the disk's change is never hidden (issue 9, items 4 and 5). */

const hosts = hostsClosedAfterEach();
const ROLE = { kind: 'component', componentId: 'ROLE' } as const;
const ORIGINAL = 'You are a test agent in {{CWD}}.';

describe('restoring a draft', () => {
  async function crashWithDraft(ws: string, userData: string): Promise<void> {
    const a = await hosts.start({ userDataDir: userData, initialWorkspace: ws, watch: false });
    await a.call('doc:update', { ref: ROLE, text: 'my unsaved edit' });
    await a.host.flushDrafts();
    hosts.forget(a); // killed: never closed
  }

  it('opens the document in conflict when the file changed on disk since the draft, and a save does not overwrite it', async () => {
    const ws = writeFiles(tempDir(), miniWorkspace());
    const userData = tempDir('vs-userdata-');
    await crashWithDraft(ws, userData);
    fs.writeFileSync(path.join(ws, 'components/ROLE.md'), 'changed elsewhere');

    const h = await hosts.start({ userDataDir: userData, initialWorkspace: ws, watch: false });
    const conflict = h.waitForEvent('doc:changedOnDisk');
    expect(await h.call('drafts:restore', { keys: ['component:ROLE'] })).toEqual(['component:ROLE']);
    expect(await conflict).toEqual({ ref: ROLE, text: 'changed elsewhere', conflict: true });
    expect(await h.call('doc:read', { ref: ROLE })).toEqual({
      revision: expect.any(String),
      text: 'my unsaved edit',
      savedText: 'changed elsewhere',
      dirty: true,
      conflict: { diskText: 'changed elsewhere' },
    });
    expect(await h.call('doc:save', { ref: ROLE })).toEqual({
      status: 'conflict',
      path: 'components/ROLE.md',
      diskText: 'changed elsewhere',
    });
    expect(fs.readFileSync(path.join(ws, 'components/ROLE.md'), 'utf8')).toBe('changed elsewhere');
    // The user chose: overwrite.
    expect(await h.call('doc:save', { ref: ROLE, overwrite: true })).toEqual({ status: 'saved', path: 'components/ROLE.md' });
    expect(fs.readFileSync(path.join(ws, 'components/ROLE.md'), 'utf8')).toBe('my unsaved edit');
    expect((await h.call('doc:read', { ref: ROLE })).conflict).toBeNull();
  });

  it('restores without a conflict when the file is as the draft found it', async () => {
    const ws = writeFiles(tempDir(), miniWorkspace());
    const userData = tempDir('vs-userdata-');
    await crashWithDraft(ws, userData);
    const h = await hosts.start({ userDataDir: userData, initialWorkspace: ws, watch: false });
    await h.call('drafts:restore', { keys: ['component:ROLE'] });
    expect((await h.call('doc:read', { ref: ROLE })).conflict).toBeNull();
    expect(await h.call('doc:save', { ref: ROLE })).toEqual({ status: 'saved', path: 'components/ROLE.md' });
    expect(h.events.filter((e) => e.event === 'doc:changedOnDisk')).toEqual([]);
  });
});

describe('a conflict with the disk', () => {
  async function inConflict(): Promise<{ h: Awaited<ReturnType<typeof hosts.start>>; ws: string }> {
    const ws = writeFiles(tempDir(), miniWorkspace());
    const h = await hosts.start({ initialWorkspace: ws });
    await h.call('doc:update', { ref: ROLE, text: 'mine' });
    const reported = h.waitForEvent('doc:changedOnDisk');
    fs.writeFileSync(path.join(ws, 'components/ROLE.md'), 'theirs');
    expect(await reported).toEqual({ ref: ROLE, text: 'theirs', conflict: true });
    return { h, ws };
  }

  it('lives in the host: reading the document again (a reopened tab) still shows it', async () => {
    const { h } = await inConflict();
    expect(await h.call('doc:read', { ref: ROLE })).toEqual({
      revision: expect.any(String),
      text: 'mine',
      savedText: ORIGINAL,
      dirty: true,
      conflict: { diskText: 'theirs' },
    });
    expect(await h.call('doc:read', { ref: ROLE })).toMatchObject({ conflict: { diskText: 'theirs' } });
  });

  it('revert takes the text on disk now, not the text loaded before', async () => {
    const { h } = await inConflict();
    expect(await h.call('doc:revert', { ref: ROLE })).toEqual({ revision: expect.any(String), text: 'theirs' });
    expect(await h.call('doc:read', { ref: ROLE })).toEqual({
      revision: expect.any(String),
      text: 'theirs',
      savedText: 'theirs',
      dirty: false,
      conflict: null,
    });
  });

  it('revert takes the disk text even when no watcher saw the change', async () => {
    const ws = writeFiles(tempDir(), miniWorkspace());
    const h = await hosts.start({ initialWorkspace: ws, watch: false });
    await h.call('doc:update', { ref: ROLE, text: 'mine' });
    fs.writeFileSync(path.join(ws, 'components/ROLE.md'), 'theirs');
    expect(await h.call('doc:revert', { ref: ROLE })).toEqual({ revision: expect.any(String), text: 'theirs' });
    const built = await h.call('build:run', {
      target: { kind: 'variant', variantId: 'generic' },
      context: { kind: 'preset', name: 'base' },
    });
    expect(built.result.text).toContain('theirs');
  });

  it('ends when the user keeps their edits (a save then writes over the disk) or takes the disk version', async () => {
    const { h, ws } = await inConflict();
    expect(await h.call('doc:resolveConflict', { ref: ROLE, keep: 'mine' })).toEqual({
      revision: expect.any(String),
      text: 'mine',
      savedText: 'theirs',
      dirty: true,
      conflict: null,
    });
    expect(await h.call('doc:save', { ref: ROLE })).toEqual({ status: 'saved', path: 'components/ROLE.md' });
    expect(fs.readFileSync(path.join(ws, 'components/ROLE.md'), 'utf8')).toBe('mine');

    await h.call('doc:update', { ref: ROLE, text: 'mine again' });
    const reported = h.waitForEvent('doc:changedOnDisk', (p) => p.text === 'theirs again');
    fs.writeFileSync(path.join(ws, 'components/ROLE.md'), 'theirs again');
    await reported;
    expect(await h.call('doc:resolveConflict', { ref: ROLE, keep: 'disk' })).toEqual({
      revision: expect.any(String),
      text: 'theirs again',
      savedText: 'theirs again',
      dirty: false,
      conflict: null,
    });
  });
});

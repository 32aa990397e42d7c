import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomicAsync } from '../../electron/host/atomic-save.js';
import { killed, spawnTs } from './support/child.js';
import { hostsClosedAfterEach, miniWorkspace, tempDir, writeFiles } from './support/fixtures.js';

const hosts = hostsClosedAfterEach();
const ROLE = { kind: 'component', componentId: 'ROLE' } as const;
const BASE = { kind: 'preset', name: 'base' } as const;

describe('watching the workspace', () => {
  it('reloads a clean document edited in another editor and rebuilds the preview', async () => {
    const ws = writeFiles(tempDir(), miniWorkspace());
    const h = await hosts.start({ initialWorkspace: ws });
    const first = await h.call('preview:set', {
      target: { kind: 'variant', variantId: 'generic' },
      context: BASE,
      baseline: { kind: 'saved' },
    });
    const changed = h.waitForEvent('doc:changedOnDisk');
    const rebuilt = h.waitForEvent('preview:result', (p) => p.seq > first.seq);
    fs.writeFileSync(path.join(ws, 'components/ROLE.md'), 'Edited elsewhere.');
    // With the revision of the text in memory now: the window's next edit is made on it.
    const event = await changed;
    expect(event).toEqual({ ref: ROLE, text: 'Edited elsewhere.', conflict: false, revision: expect.any(String) });
    expect(await h.call('doc:read', { ref: ROLE })).toEqual({
      revision: event.revision,
      text: 'Edited elsewhere.',
      savedText: 'Edited elsewhere.',
      dirty: false,
      conflict: null,
    });
    const result = await rebuilt;
    expect(result.outcome.result.text).toContain('Edited elsewhere.');
    expect(result.baseline.text).toContain('Edited elsewhere.');
  });

  it('reports a conflict, keeping the edits, when a dirty document changes on disk', async () => {
    const ws = writeFiles(tempDir(), miniWorkspace());
    const h = await hosts.start({ initialWorkspace: ws });
    await h.call('doc:update', { ref: ROLE, text: 'my unsaved edit' });
    const changed = h.waitForEvent('doc:changedOnDisk');
    fs.writeFileSync(path.join(ws, 'components/ROLE.md'), 'their edit');
    expect(await changed).toEqual({ ref: ROLE, text: 'their edit', conflict: true });
    expect((await h.call('doc:read', { ref: ROLE })).text).toBe('my unsaved edit');
    expect(await h.call('doc:save', { ref: ROLE })).toMatchObject({ status: 'conflict', diskText: 'their edit' });
  });

  it('does not echo the app’s own saves', async () => {
    const ws = writeFiles(tempDir(), miniWorkspace());
    const h = await hosts.start({ initialWorkspace: ws });
    await h.call('doc:update', { ref: ROLE, text: 'saved by the app' });
    expect(await h.call('doc:save', { ref: ROLE })).toMatchObject({ status: 'saved' });
    // Then an external edit written the same way (temp file, rename): its events come after the
    // save's through the same watcher and debounce, so once it is reported the save's were too.
    const external = h.waitForEvent('doc:changedOnDisk', (p) => p.ref.componentId === 'TOOLBOX');
    await writeFileAtomicAsync(path.join(ws, 'components/TOOLBOX.md'), 'external');
    await external;
    expect(h.events.filter((e) => e.event === 'doc:changedOnDisk' && e.payload.ref.componentId === 'ROLE')).toEqual([]);
    expect(await h.call('doc:read', { ref: ROLE })).toEqual({
      revision: expect.any(String),
      text: 'saved by the app',
      savedText: 'saved by the app',
      dirty: false,
      conflict: null,
    });
  });

  it('picks up files added and removed outside the app', async () => {
    const ws = writeFiles(tempDir(), miniWorkspace());
    const h = await hosts.start({ initialWorkspace: ws });
    const added = h.waitForEvent('workspace:changed', (v) => v.documents.some((d: { key: string }) => d.key === 'component:EXTRA'));
    writeFiles(ws, { 'components/EXTRA.md': 'extra component' });
    await added;
    const removed = h.waitForEvent('doc:changedOnDisk', (p) => p.ref.componentId === 'EXTRA');
    const view = h.waitForEvent('workspace:changed', (v) => !v.documents.some((d: { key: string }) => d.key === 'component:EXTRA'));
    fs.rmSync(path.join(ws, 'components/EXTRA.md'));
    expect(await removed).toEqual({ ref: { kind: 'component', componentId: 'EXTRA' }, text: null, conflict: false });
    await view;
  });
});

describe('drafts', () => {
  it('offers the unsaved edits of a killed session at the next start, and restores them', async () => {
    const ws = writeFiles(tempDir(), miniWorkspace());
    const userData = tempDir('vs-userdata-');
    const edits = [
      { ref: ROLE, text: 'unsaved role edit' },
      { ref: { kind: 'component', componentId: 'NEWONE' }, text: 'never saved', create: true },
    ];
    const child = spawnTs('edit-and-wait.ts', [userData, ws, JSON.stringify(edits)]);
    await child.waitForLine(/^READY$/);
    await killed(child);
    expect(child.signalCode).toBe('SIGKILL');
    expect(fs.readFileSync(path.join(ws, 'components/ROLE.md'), 'utf8')).toBe('You are a test agent in {{CWD}}.');

    const h = await hosts.start({ userDataDir: userData, initialWorkspace: ws });
    const drafts = await h.call('drafts:list');
    expect(drafts.map((d: { key: string; text: string }) => [d.key, d.text])).toEqual([
      ['component:NEWONE', 'never saved'],
      ['component:ROLE', 'unsaved role edit'],
    ]);
    expect(await h.call('doc:read', { ref: ROLE })).toMatchObject({ text: 'You are a test agent in {{CWD}}.', dirty: false });
    expect(await h.call('drafts:restore', { keys: ['component:ROLE', 'component:NEWONE'] })).toEqual([
      'component:ROLE',
      'component:NEWONE',
    ]);
    expect(await h.call('doc:read', { ref: ROLE })).toEqual({
      revision: expect.any(String),
      text: 'unsaved role edit',
      savedText: 'You are a test agent in {{CWD}}.',
      dirty: true,
      conflict: null,
    });
    expect(await h.call('doc:read', { ref: { kind: 'component', componentId: 'NEWONE' } })).toEqual({
      revision: expect.any(String),
      text: 'never saved',
      savedText: null,
      dirty: true,
      conflict: null,
    });
    expect(await h.call('drafts:list')).toEqual([]);
    const built = await h.call('build:run', { target: { kind: 'variant', variantId: 'generic' }, context: BASE });
    expect(built.result.text).toContain('unsaved role edit');
  }, 60000);

  it('forgets discarded drafts and drafts that match the saved file', async () => {
    const ws = writeFiles(tempDir(), miniWorkspace());
    const userData = tempDir('vs-userdata-');
    const a = await hosts.start({ userDataDir: userData, initialWorkspace: ws, watch: false });
    await a.call('doc:update', { ref: ROLE, text: 'draft one' });
    await a.call('doc:update', { ref: { kind: 'component', componentId: 'TOOLBOX' }, text: 'draft two' });
    await a.host.flushDrafts();
    a.host.flushDraftsSync(); // what the Electron wiring does on quit; must not lose anything
    hosts.forget(a); // "crash": never closed

    fs.writeFileSync(path.join(ws, 'components/TOOLBOX.md'), 'draft two'); // saved elsewhere meanwhile
    const b = await hosts.start({ userDataDir: userData, initialWorkspace: ws, watch: false });
    expect((await b.call('drafts:list')).map((d: { key: string }) => d.key)).toEqual(['component:ROLE']);
    expect(await b.call('drafts:discard', { keys: ['component:ROLE'] })).toEqual(['component:ROLE']);
    await b.host.close();
    const c = await hosts.start({ userDataDir: userData, initialWorkspace: ws, watch: false });
    expect(await c.call('drafts:list')).toEqual([]);
  });
});

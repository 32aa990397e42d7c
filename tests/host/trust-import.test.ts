import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { craftBundle } from '../bundles/support/craft-zip.js';
import { killed, spawnTs } from './support/child.js';
import { hostsClosedAfterEach, miniWorkspace, tempDir, writeFiles, type Loose, type TestHost } from './support/fixtures.js';

/**
 * Issue 18, items 7 and 10: an edit typed while an import commits is not replaced (the
 * document goes in conflict with the imported file); a commit killed half way is finished or
 * rolled back when the workspace is opened next, and the user is told which.
 */

const hosts = hostsClosedAfterEach();
const COUNT = 40;
const ids = Array.from({ length: COUNT }, (_, i) => `C${String(i).padStart(2, '0')}`);
const component = (id: string) => ({ kind: 'component', componentId: id }) as const;

/** A workspace holding COUNT components, and a bundle replacing each of them. */
function setup(): { root: string; bundle: Uint8Array } {
  const root = writeFiles(tempDir(), {
    ...miniWorkspace(),
    ...Object.fromEntries(ids.map((id) => [`components/${id}.md`, `old ${id}\n`])),
  });
  const bundle = craftBundle(Object.fromEntries(ids.map((id) => [`components/${id}.md`, `new ${id}\n`])));
  return { root, bundle };
}

async function plan(h: TestHost, bundle: Uint8Array): Promise<Loose> {
  const data = Buffer.from(bundle).toString('base64');
  const { transferId } = await h.call('bundle:upload', { name: 'bundle.zip', total: bundle.length, data });
  return h.call('bundle:plan', { transferId });
}

const overwriteAll = (p: Loose) => Object.fromEntries(p.items.map((i: { key: string }) => [i.key, { action: 'overwrite' }]));
const onDisk = (root: string, id: string): string => fs.readFileSync(path.join(root, `components/${id}.md`), 'utf8');
const stagingFolders = (root: string): string[] => fs.readdirSync(root).filter((n) => n.startsWith('.variant-studio-import-'));

describe('an edit during an import commit', () => {
  it('is kept: the document goes in conflict with the imported file instead of taking it silently', async () => {
    const { root, bundle } = setup();
    const h = await hosts.start({ initialWorkspace: root });
    const planned = await plan(h, bundle);
    let typed: Promise<Loose> | undefined;
    h.host.subscribe((event, payload) => {
      if (event === 'bundle:progress' && (payload as Loose).operation === 'import' && !typed)
        typed = h.raw('doc:update', { ref: component('C05'), text: 'TYPED DURING THE IMPORT\n' });
    });
    const outcome = await h.call('bundle:apply', { planId: planned.planId, choices: overwriteAll(planned) });
    expect(outcome.written).toHaveLength(COUNT);
    expect(await typed).toEqual({ ok: true, value: { dirty: true } });
    expect(onDisk(root, 'C05')).toBe('new C05\n');
    expect(await h.call('doc:read', { ref: component('C05') })).toEqual({
      revision: expect.any(String),
      text: 'TYPED DURING THE IMPORT\n',
      savedText: 'old C05\n',
      dirty: true,
      conflict: { diskText: 'new C05\n' },
    });
    expect(h.events.filter((e) => e.event === 'doc:changedOnDisk' && e.payload.ref.componentId === 'C05').map((e) => e.payload)).toEqual([
      { ref: component('C05'), text: 'new C05\n', conflict: true },
    ]);
    // The others took the import.
    expect(await h.call('doc:read', { ref: component('C06') })).toEqual({
      revision: expect.any(String),
      text: 'new C06\n',
      savedText: 'new C06\n',
      dirty: false,
      conflict: null,
    });
    // Keeping the edit: a save then writes over the imported file.
    await h.call('doc:resolveConflict', { ref: component('C05'), keep: 'mine' });
    expect(await h.call('doc:save', { ref: component('C05') })).toEqual({ status: 'saved', path: 'components/C05.md' });
    expect(onDisk(root, 'C05')).toBe('TYPED DURING THE IMPORT\n');
  });
});

describe('an import commit killed half way', () => {
  async function killMidCommit(root: string, bundle: Uint8Array, phase: 'staging' | 'renames'): Promise<void> {
    const file = path.join(tempDir('vs-bundle-'), 'bundle.zip');
    fs.writeFileSync(file, bundle);
    const child = spawnTs('import-until-killed.ts', [tempDir('vs-userdata-'), root, file, phase]);
    try {
      await child.waitForLine(/^BLOCKED \d+ \d+$/, 60_000);
    } finally {
      await killed(child);
    }
    expect(stagingFolders(root)).toHaveLength(1);
  }
  const CHILD_MS = 120_000;

  it(
    'is finished at the next start, which says so',
    async () => {
      const { root, bundle } = setup();
      await killMidCommit(root, bundle, 'renames');
      // Half applied: some files new, some old.
      const states = new Set(ids.map((id) => onDisk(root, id).split(' ')[0]));
      expect([...states].sort()).toEqual(['new', 'old']);
      const h = await hosts.start({ initialWorkspace: root });
      expect((await h.call('workspace:get')).notices).toEqual([
        'An import into this workspace was interrupted (the app stopped while writing its files). It was finished at this start: 40 files written, 0 removed.',
      ]);
      expect(ids.map((id) => onDisk(root, id))).toEqual(ids.map((id) => `new ${id}\n`));
      expect(stagingFolders(root)).toEqual([]);
      expect((await h.call('doc:read', { ref: component('C39') })).text).toBe('new C39\n');
    },
    CHILD_MS,
  );

  it(
    'is rolled back at the next start when a file changed since, which says so',
    async () => {
      const { root, bundle } = setup();
      await killMidCommit(root, bundle, 'renames');
      const pending = ids.filter((id) => onDisk(root, id) === `old ${id}\n`);
      const changed = pending.at(-1)!;
      fs.writeFileSync(path.join(root, `components/${changed}.md`), 'edited after the crash\n');
      const h = await hosts.start({ initialWorkspace: root });
      expect((await h.call('workspace:get')).notices).toEqual([
        `An import into this workspace was interrupted (the app stopped while writing its files). It was rolled back at this start: the files it had replaced are as they were before the import; components/${changed}.md changed since the interruption and was left as it is.`,
      ]);
      expect(ids.map((id) => onDisk(root, id))).toEqual(ids.map((id) => (id === changed ? 'edited after the crash\n' : `old ${id}\n`)));
      expect(stagingFolders(root)).toEqual([]);
    },
    CHILD_MS,
  );

  it(
    'killed while staging, before any file changed, is rolled back and its folder removed',
    async () => {
      const { root, bundle } = setup();
      await killMidCommit(root, bundle, 'staging');
      expect(ids.map((id) => onDisk(root, id))).toEqual(ids.map((id) => `old ${id}\n`));
      const h = await hosts.start({ initialWorkspace: root });
      const [notice] = (await h.call('workspace:get')).notices;
      expect(notice).toMatch(
        /^An import into this workspace was interrupted before it changed any file; it was rolled back \(its leftover folder \.variant-studio-import-\w+ was removed\)\.$/,
      );
      expect(stagingFolders(root)).toEqual([]);
      expect(ids.map((id) => onDisk(root, id))).toEqual(ids.map((id) => `old ${id}\n`));
    },
    CHILD_MS,
  );
});

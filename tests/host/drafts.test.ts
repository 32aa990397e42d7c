import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DraftStore, draftFileFor, type StoredDraft } from '../../electron/host/drafts.js';
import { hostsClosedAfterEach, miniWorkspace, tempDir, writeFiles } from './support/fixtures.js';

const hosts = hostsClosedAfterEach();
const ROLE = { kind: 'component', componentId: 'ROLE' } as const;

function draftOf(text: string): StoredDraft {
  return { key: 'component:ROLE', ref: ROLE, path: 'components/ROLE.md', text, savedAt: '2026-01-15T00:00:00.000Z', baseHash: null };
}

/** The number n of the `typed n` draft in a drafts file (0 when there is none yet). */
function typedOnDisk(file: string): number {
  if (!fs.existsSync(file)) return 0;
  const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { drafts: StoredDraft[] };
  return Number(/^typed (\d+)$/.exec(stored.drafts[0]?.text ?? '')?.[1] ?? 0);
}

describe('when drafts reach the disk', () => {
  afterEach(() => vi.useRealTimers());

  it('has every edit on disk at most 500 ms after it was made, even while typing never pauses', async () => {
    // Simulated time; the file writes are real. The store's defaults are the host's (README:
    // "written at most half a second after an edit even while typing goes on").
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    let typed = 0;
    const store = new DraftStore(tempDir('vs-userdata-'), '/some/workspace', () => (typed ? [draftOf(`typed ${typed}`)] : []));
    const madeAt: number[] = [];
    for (let now = 0; now < 3000;) {
      typed += 1;
      madeAt[typed] = now;
      store.schedule();
      // An edit every 20 ms, never a pause long enough for the 200 ms debounce.
      await vi.advanceTimersByTimeAsync(20);
      now += 20;
      await store.settled();
      const due = madeAt.findLastIndex((at) => at !== undefined && at <= now - 500);
      expect(typedOnDisk(store.file), `at ${now} ms`).toBeGreaterThanOrEqual(Math.max(0, due));
    }
    // Typing stops: the last edit is on disk after the debounce.
    await vi.advanceTimersByTimeAsync(200);
    await store.settled();
    expect(typedOnDisk(store.file)).toBe(typed);
  });
});

describe('a drafts file that cannot be read back', () => {
  const cases: [string, string, RegExp][] = [
    ['not JSON', '{"version": 1, "drafts": [', /it is not valid JSON/],
    ['another format', '{"version": 2, "workspace": "x", "drafts": []}\n', /it is not a drafts file of this version \(version: /],
  ];
  for (const [what, text, reason] of cases) {
    it(`is kept aside, said so, and not overwritten (${what})`, async () => {
      const ws = writeFiles(tempDir(), miniWorkspace());
      const userData = tempDir('vs-userdata-');
      const file = draftFileFor(userData, ws);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);

      const h = await hosts.start({ userDataDir: userData, initialWorkspace: ws, watch: false });
      expect(await h.call('drafts:list')).toEqual([]);
      const kept = fs.readdirSync(path.dirname(file)).filter((n) => n !== path.basename(file));
      expect(kept).toHaveLength(1);
      const aside = path.join(path.dirname(file), kept[0]!);
      expect(kept[0]).toMatch(new RegExp(`^${path.basename(file, '.json')}\\.unreadable-[\\dT-]+Z\\.json$`));
      expect(fs.readFileSync(aside, 'utf8')).toBe(text);
      const view = await h.call('workspace:get');
      expect(view.problems).toEqual([
        {
          file: aside,
          severity: 'warning',
          message: expect.stringMatching(
            new RegExp(
              `^The unsaved edits of an earlier session could not be restored: ${reason.source}.*The file was kept here, not overwritten\\.$`,
            ),
          ),
        },
      ]);

      // This session's drafts go to a fresh file; the kept one stays as it was.
      await h.call('doc:update', { ref: ROLE, text: 'a new edit' });
      await h.host.flushDrafts();
      expect(JSON.parse(fs.readFileSync(file, 'utf8')).drafts.map((d: StoredDraft) => d.text)).toEqual(['a new edit']);
      expect(fs.readFileSync(aside, 'utf8')).toBe(text);
    });
  }

  it('is not overwritten when it cannot even be moved aside: this session keeps no drafts', async () => {
    const ws = writeFiles(tempDir(), miniWorkspace());
    const userData = tempDir('vs-userdata-');
    const file = draftFileFor(userData, ws);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'garbage');
    const rename = vi.spyOn(fs, 'renameSync').mockImplementation(() => {
      throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    });
    try {
      const h = await hosts.start({ userDataDir: userData, initialWorkspace: ws, watch: false });
      expect((await h.call('workspace:get')).problems).toEqual([
        {
          file,
          severity: 'warning',
          message: expect.stringMatching(
            /could not be moved aside \(EACCES: permission denied\)\. So that it is not overwritten, this session keeps no drafts\.$/,
          ),
        },
      ]);
      await h.call('doc:update', { ref: ROLE, text: 'a new edit' });
      await h.host.flushDrafts();
      h.host.flushDraftsSync();
      expect(fs.readFileSync(file, 'utf8')).toBe('garbage');
    } finally {
      rename.mockRestore();
    }
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveTextAtomic } from '../../electron/host/atomic-save.js';
import { contentHash } from '../../electron/host/hash.js';
import { hostsClosedAfterEach, miniWorkspace, tempDir, writeFiles } from './support/fixtures.js';

/**
 * Issue 18, item 9: an external write that lands while a save is writing its temporary file
 * used to be overwritten by the rename, with no conflict (40 of 60 rounds in the issue), and
 * the watcher then took the result for the app's own save. The write is made to land at that
 * moment deterministically: while the temporary file is fsynced.
 */

const hosts = hostsClosedAfterEach();

afterEach(() => {
  vi.restoreAllMocks();
});

/** Makes `write` happen the next time a file is fsynced (the save's temporary file). */
function duringTheNextFsync(write: () => void): void {
  const real = fs.fsync;
  let done = false;
  vi.spyOn(fs, 'fsync').mockImplementation(((fd: number, callback: (error: NodeJS.ErrnoException | null) => void) => {
    if (!done) {
      done = true;
      write();
    }
    return real(fd, callback);
  }) as typeof fs.fsync);
}

describe('a save re-checks the disk right before the rename', () => {
  it('an external write during the save is a conflict; the external text stays, no temporary file is left', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'doc.md');
    fs.writeFileSync(file, 'loaded\n');
    duringTheNextFsync(() => fs.writeFileSync(file, 'EXTERNAL\n'));
    const result = await saveTextAtomic(file, 'mine\n', contentHash('loaded\n'));
    expect(result).toEqual({ status: 'conflict', diskText: 'EXTERNAL\n', diskHash: contentHash('EXTERNAL\n') });
    expect(fs.readFileSync(file, 'utf8')).toBe('EXTERNAL\n');
    expect(fs.readdirSync(dir)).toEqual(['doc.md']);
  });

  it('without an external write the save goes through and keeps the file’s mode', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'doc.md');
    fs.writeFileSync(file, 'loaded\n');
    fs.chmodSync(file, 0o640);
    expect(await saveTextAtomic(file, 'mine\n', contentHash('loaded\n'))).toEqual({ status: 'saved', hash: contentHash('mine\n') });
    expect(fs.readFileSync(file, 'utf8')).toBe('mine\n');
    expect(fs.statSync(file).mode & 0o777).toBe(0o640);
    expect(fs.readdirSync(dir)).toEqual(['doc.md']);
  });

  it('through the host: doc:save answers a conflict, the edit stays, the watcher shows the disk’s text', async () => {
    const root = writeFiles(tempDir(), miniWorkspace());
    const h = await hosts.start({ initialWorkspace: root });
    const ref = { kind: 'component', componentId: 'ROLE' } as const;
    const file = path.join(root, 'components/ROLE.md');
    await h.call('doc:update', { ref, text: 'MINE' });
    const conflict = h.waitForEvent('doc:changedOnDisk', (p) => p.ref.componentId === 'ROLE', 10000);
    duringTheNextFsync(() => fs.writeFileSync(file, 'EXTERNAL'));
    expect(await h.call('doc:save', { ref })).toEqual({ status: 'conflict', path: 'components/ROLE.md', diskText: 'EXTERNAL' });
    expect(fs.readFileSync(file, 'utf8')).toBe('EXTERNAL');
    expect(await conflict).toEqual({ ref, text: 'EXTERNAL', conflict: true });
    expect(await h.call('doc:read', { ref })).toEqual({
      revision: expect.any(String),
      text: 'MINE',
      savedText: miniWorkspace()['components/ROLE.md'],
      dirty: true,
      conflict: { diskText: 'EXTERNAL' },
    });
  });
});

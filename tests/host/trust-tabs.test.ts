import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostsClosedAfterEach, miniWorkspace, tempDir, writeFiles } from './support/fixtures.js';

/**
 * Issue 18, item 8: two windows editing one document. Tab A types, tab B (which never saw A's
 * edit) types, tab A saves: the file used to get B's text while A's screen showed A's. Now an
 * edit carries the revision it was made on; a stale one is refused with the current text,
 * and every window is sent the document's text (or the splices) when it changes.
 */

const hosts = hostsClosedAfterEach();
const ref = { kind: 'variant-template', variantId: 'generic' } as const;
const ORIGINAL = miniWorkspace()['variants/generic/template.md']!;

describe('two tabs on one document', () => {
  it('a stale edit is refused with the current text; the save keeps the accepted one', async () => {
    const root = writeFiles(tempDir(), miniWorkspace());
    const h = await hosts.start({ initialWorkspace: root });
    const { revision: read } = await h.call('doc:read', { ref });
    const a = `${ORIGINAL}typed in tab A\n`;
    const b = `${ORIGINAL}typed in tab B\n`;
    expect(await h.call('doc:update', { ref, text: a, base: read, revision: 'tab-a.1', origin: 'tab-a' })).toEqual({ dirty: true });
    expect(h.events.filter((e) => e.event === 'doc:text').map((e) => e.payload)).toEqual([
      { ref, text: a, revision: 'tab-a.1', origin: 'tab-a' },
    ]);
    // Tab B never saw A's edit: its edit was made on the original text.
    expect(await h.call('doc:update', { ref, text: b, base: read, revision: 'tab-b.1', origin: 'tab-b' })).toEqual({
      dirty: true,
      stale: { text: a, revision: 'tab-a.1' },
    });
    expect(h.events.filter((e) => e.event === 'doc:text')).toHaveLength(1);
    expect(await h.call('doc:read', { ref })).toMatchObject({ text: a, revision: 'tab-a.1' });
    expect(await h.call('doc:save', { ref })).toEqual({ status: 'saved', path: 'variants/generic/template.md' });
    expect(fs.readFileSync(path.join(root, 'variants/generic/template.md'), 'utf8')).toBe(a);
    // Made on the current text, B's next edit goes through and every tab is sent it.
    const both = `${a}and then in tab B\n`;
    expect(await h.call('doc:update', { ref, text: both, base: 'tab-a.1', revision: 'tab-b.2', origin: 'tab-b' })).toEqual({
      dirty: true,
    });
    expect(h.events.filter((e) => e.event === 'doc:text').map((e) => e.payload.origin)).toEqual(['tab-a', 'tab-b']);
  });

  it('a stale edit by splices is refused the same way, and leaves the text as it was', async () => {
    const h = await hosts.start({ initialWorkspace: writeFiles(tempDir(), miniWorkspace()) });
    const { revision: read } = await h.call('doc:read', { ref });
    const splices = [{ at: 0, remove: 0, insert: 'A: ' }];
    expect(await h.call('doc:update', { ref, splices, base: read, revision: 'tab-a.1', origin: 'tab-a' })).toEqual({ dirty: true });
    // Only what changed goes to the other tabs, with the revision it applies to.
    expect(h.events.filter((e) => e.event === 'doc:text').map((e) => e.payload)).toEqual([
      { ref, splices, base: read, revision: 'tab-a.1', origin: 'tab-a' },
    ]);
    expect(
      await h.call('doc:update', { ref, splices: [{ at: 0, remove: 0, insert: 'B: ' }], base: read, revision: 'tab-b.1', origin: 'tab-b' }),
    ).toEqual({ dirty: true, stale: { text: `A: ${ORIGINAL}`, revision: 'tab-a.1' } });
    expect((await h.call('doc:read', { ref })).text).toBe(`A: ${ORIGINAL}`);
  });

  it('one tab typing fast (edits sent before the last was answered) is never refused', async () => {
    const h = await hosts.start({ initialWorkspace: writeFiles(tempDir(), miniWorkspace()) });
    const { revision: read } = await h.call('doc:read', { ref });
    const texts = [1, 2, 3, 4, 5].map((n) => `${ORIGINAL}${'x'.repeat(n)}`);
    const answers = await Promise.all(
      texts.map((text, i) =>
        h.call('doc:update', { ref, text, base: i === 0 ? read : `tab-a.${i}`, revision: `tab-a.${i + 1}`, origin: 'tab-a' }),
      ),
    );
    expect(answers).toEqual(texts.map(() => ({ dirty: true })));
    expect((await h.call('doc:read', { ref })).text).toBe(texts[4]);
  });

  it('a revert is sent to every tab with a new revision; an edit without a revision (older clients) is taken as before', async () => {
    const h = await hosts.start({ initialWorkspace: writeFiles(tempDir(), miniWorkspace()) });
    const { revision: read } = await h.call('doc:read', { ref });
    expect(await h.call('doc:update', { ref, text: 'no base' })).toEqual({ dirty: true });
    const reverted = await h.call('doc:revert', { ref });
    expect(reverted).toEqual({ text: ORIGINAL, revision: expect.any(String) });
    const revisions = h.events.filter((e) => e.event === 'doc:text').map((e) => e.payload.revision);
    expect(h.events.filter((e) => e.event === 'doc:text').map((e) => e.payload)).toEqual([
      { ref, text: 'no base', revision: revisions[0] },
      { ref, text: ORIGINAL, revision: reverted.revision },
    ]);
    // Every text has its own revision, the one the revert left too (the same text as first read).
    expect(new Set([read, ...revisions]).size).toBe(3);
    expect(await h.call('doc:update', { ref, text: 'on the old text', base: read })).toMatchObject({ stale: { text: ORIGINAL } });
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { textRevision } from '../../shared/ipc/text-revision.js';
import { hostsClosedAfterEach, miniWorkspace, tempDir, writeFiles } from './support/fixtures.js';

/**
 * Issue 18, item 8: two windows editing one document. Tab A types, tab B (which never saw A's
 * edit) types, tab A saves: the file used to get B's text while A's screen showed A's. Now an
 * edit carries the revision it was made on; a stale one is refused with the current text,
 * and every window is sent the document's text when it changes.
 */

const hosts = hostsClosedAfterEach();
const ref = { kind: 'variant-template', variantId: 'generic' } as const;
const ORIGINAL = miniWorkspace()['variants/generic/template.md']!;

describe('two tabs on one document', () => {
  it('a stale edit is refused with the current text; the save keeps the accepted one', async () => {
    const root = writeFiles(tempDir(), miniWorkspace());
    const h = await hosts.start({ initialWorkspace: root });
    const a = `${ORIGINAL}typed in tab A\n`;
    const b = `${ORIGINAL}typed in tab B\n`;
    expect(await h.call('doc:update', { ref, text: a, base: textRevision(ORIGINAL), origin: 'tab-a' })).toEqual({ dirty: true });
    expect(h.events.filter((e) => e.event === 'doc:text').map((e) => e.payload)).toEqual([{ ref, text: a, origin: 'tab-a' }]);
    // Tab B never saw A's edit: its edit was made on the original text.
    expect(await h.call('doc:update', { ref, text: b, base: textRevision(ORIGINAL), origin: 'tab-b' })).toEqual({
      dirty: true,
      stale: { text: a },
    });
    expect(h.events.filter((e) => e.event === 'doc:text')).toHaveLength(1);
    expect((await h.call('doc:read', { ref })).text).toBe(a);
    expect(await h.call('doc:save', { ref })).toEqual({ status: 'saved', path: 'variants/generic/template.md' });
    expect(fs.readFileSync(path.join(root, 'variants/generic/template.md'), 'utf8')).toBe(a);
    // Made on the current text, B's next edit goes through and every tab is sent it.
    const both = `${a}and then in tab B\n`;
    expect(await h.call('doc:update', { ref, text: both, base: textRevision(a), origin: 'tab-b' })).toEqual({ dirty: true });
    expect(h.events.filter((e) => e.event === 'doc:text').map((e) => e.payload.origin)).toEqual(['tab-a', 'tab-b']);
  });

  it('one tab typing fast (edits sent before the last was answered) is never refused', async () => {
    const h = await hosts.start({ initialWorkspace: writeFiles(tempDir(), miniWorkspace()) });
    const texts = [1, 2, 3, 4, 5].map((n) => `${ORIGINAL}${'x'.repeat(n)}`);
    const answers = await Promise.all(
      texts.map((text, i) => h.call('doc:update', { ref, text, base: textRevision(i === 0 ? ORIGINAL : texts[i - 1]!), origin: 'tab-a' })),
    );
    expect(answers).toEqual(texts.map(() => ({ dirty: true })));
    expect((await h.call('doc:read', { ref })).text).toBe(texts[4]);
  });

  it('a revert is sent to every tab; an edit without a revision (older clients) is taken as before', async () => {
    const h = await hosts.start({ initialWorkspace: writeFiles(tempDir(), miniWorkspace()) });
    expect(await h.call('doc:update', { ref, text: 'no base' })).toEqual({ dirty: true });
    expect(await h.call('doc:revert', { ref })).toEqual({ text: ORIGINAL });
    expect(h.events.filter((e) => e.event === 'doc:text').map((e) => e.payload)).toEqual([
      { ref, text: 'no base' },
      { ref, text: ORIGINAL },
    ]);
  });
});

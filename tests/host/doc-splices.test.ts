import { describe, expect, it } from 'vitest';
import { CHANNELS } from '../../shared/ipc/contract.js';
import { MAX_SPLICES } from '../../shared/ipc/channels/documents.js';
import { applySplices, type TextSplice } from '../../shared/ipc/text-splice.js';
import { DocumentSet } from '../../electron/host/document-set.js';
import { minimalEdit } from '../../shared/engine/text/minimal-edit.js';
import { hostsClosedAfterEach, miniWorkspace, tempDir, writeFiles } from './support/fixtures.js';

/** Issue 23, item 3: an edit sends what changed; the host applies it to its text. */

const hosts = hostsClosedAfterEach();
const ref = { kind: 'variant-template', variantId: 'generic' } as const;

/** A random edit of `text`, as splices in Monaco's order (later ranges first, offsets in the text before). */
function randomEdit(text: string, next: () => number): TextSplice[] {
  const count = 1 + (next() % 3);
  const cuts = Array.from({ length: count * 2 }, () => next() % (text.length + 1)).sort((a, b) => a - b);
  const splices: TextSplice[] = [];
  for (let i = 0; i < count; i++) {
    const at = cuts[i * 2]!;
    const remove = next() % 2 === 0 ? 0 : cuts[i * 2 + 1]! - at;
    const insert = ['', 'a', 'xyz', '\n', '{{ROLE}}', 'é😀'][next() % 6]!;
    splices.push({ at, remove, insert });
  }
  return splices.reverse();
}

function rng(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state >>> 8;
  };
}

/** The same edit made on the text directly, from the start to the end (what a whole-text update would send). */
function spliceByHand(text: string, splices: readonly TextSplice[]): string {
  let out = text;
  for (const s of splices) out = `${out.substring(0, s.at)}${s.insert}${out.substring(s.at + s.remove)}`;
  return out;
}

describe('edits by splices', () => {
  it('splices applied one after the other make what the whole-text updates make, over random edit sequences', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const next = rng(seed);
      const bySplices = new DocumentSet([['t.md', 'Hello {{NAME}}\nsecond line\n']]);
      const byText = new DocumentSet([['t.md', 'Hello {{NAME}}\nsecond line\n']]);
      for (let step = 0; step < 60; step++) {
        const text = byText.get('t.md')!.text;
        const splices = randomEdit(text, next);
        const whole = spliceByHand(text, splices);
        byText.setText('t.md', whole);
        bySplices.splice('t.md', splices, `w.${step}`);
        expect(bySplices.get('t.md')!.text).toBe(whole);
        expect(bySplices.get('t.md')!.revision).toBe(`w.${step}`);
      }
    }
  });

  it('keeps the edit one splice made (exactly minimalEdit of the two texts), and nothing for several splices or a whole text', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const next = rng(seed);
      const docs = new DocumentSet([['t.md', 'Hello {{NAME}}\nsecond line\nsecond line\n']]);
      for (let step = 0; step < 40; step++) {
        const from = docs.get('t.md')!.text;
        const splices = randomEdit(from, next);
        docs.splice('t.md', splices);
        const entry = docs.get('t.md')!;
        if (splices.length === 1) expect(entry.madeBy).toEqual({ from, to: entry.text, edit: minimalEdit(from, entry.text) });
        else expect(entry.madeBy).toBeUndefined();
      }
      docs.splice('t.md', [{ at: 0, remove: 0, insert: 'x' }]);
      expect(docs.get('t.md')!.madeBy).toBeDefined();
      docs.setText('t.md', 'a new text');
      expect(docs.get('t.md')!.madeBy).toBeUndefined();
    }
  });

  it('a splice outside the text is refused, and the text and its revision stay', () => {
    const docs = new DocumentSet([['t.md', 'abc']]);
    const { revision } = docs.get('t.md')!;
    expect(() => docs.splice('t.md', [{ at: 2, remove: 2, insert: 'x' }], 'w.1')).toThrow(RangeError);
    expect(() => applySplices('abc', [{ at: 4, remove: 0, insert: '' }])).toThrow(RangeError);
    expect(docs.get('t.md')).toMatchObject({ text: 'abc', revision });
  });

  it('the host applies an edit sent as splices and builds with it; a bad one is an invalid request', async () => {
    const h = await hosts.start({ initialWorkspace: writeFiles(tempDir(), miniWorkspace()) });
    const read = await h.call('doc:read', { ref });
    const end = read.text.length;
    const edited = h.waitForEvent('preview:result', (p) => JSON.stringify(p).includes('TYPED'));
    await h.call('preview:set', {
      target: { kind: 'variant', variantId: 'generic' },
      context: { kind: 'preset', name: 'base' },
      baseline: { kind: 'none' },
    });
    expect(
      await h.call('doc:update', { ref, splices: [{ at: end, remove: 0, insert: '\nTYPED' }], base: read.revision, revision: 'w.1' }),
    ).toEqual({
      dirty: true,
    });
    await edited;
    expect(await h.call('doc:read', { ref })).toMatchObject({ text: `${read.text}\nTYPED`, revision: 'w.1' });
    const bad = await h.raw('doc:update', { ref, splices: [{ at: end + 100, remove: 0, insert: 'x' }], base: 'w.1', revision: 'w.2' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    expect(await h.call('doc:read', { ref })).toMatchObject({ text: `${read.text}\nTYPED`, revision: 'w.1' });
  });

  it('the payload is bounded: splices need a base, and their number and offsets have limits', () => {
    const request = CHANNELS['doc:update'].request;
    const splice = { at: 0, remove: 0, insert: 'x' };
    expect(request.safeParse({ ref, splices: [splice], base: 'r.1' }).success).toBe(true);
    expect(request.safeParse({ ref, splices: [splice] }).success).toBe(false);
    expect(request.safeParse({ ref, splices: [], base: 'r.1' }).success).toBe(false);
    expect(request.safeParse({ ref, splices: Array.from({ length: MAX_SPLICES + 1 }, () => splice), base: 'r.1' }).success).toBe(false);
    expect(request.safeParse({ ref, splices: [{ at: -1, remove: 0, insert: '' }], base: 'r.1' }).success).toBe(false);
    expect(request.safeParse({ ref, splices: [{ at: 0.5, remove: 0, insert: '' }], base: 'r.1' }).success).toBe(false);
    expect(request.safeParse({ ref, text: 'x', splices: [splice], base: 'r.1' }).success).toBe(false);
    expect(request.safeParse({ ref, text: 'x', base: 'r'.repeat(65) }).success).toBe(false);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_PINS } from '../../electron/host/preview-service.js';
import { MAX_REQUEST_DEPTH, nestsWithin } from '../../shared/ipc/nesting.js';
import { hostileTokenTexts } from '../../bench/hostile-token-texts.js';
import { hostsClosedAfterEach, miniWorkspace, tempDir, writeFiles } from './support/fixtures.js';

/** Requests are data: none crashes the host, leaves it broken, fills its memory or writes outside (issue 9, item 7). */

const hosts = hostsClosedAfterEach();
const ROLE = { kind: 'component', componentId: 'ROLE' } as const;

function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: true };
  for (let i = 1; i < levels; i++) value = { a: value };
  return value;
}

async function miniHost() {
  const ws = writeFiles(tempDir(), miniWorkspace());
  return Object.assign(await hosts.start({ initialWorkspace: ws }), { ws });
}

describe('request limits', () => {
  it('refuses a context nested too deep when it is validated, and the preview keeps working', async () => {
    expect(nestsWithin(nested(MAX_REQUEST_DEPTH))).toBe(true);
    expect(nestsWithin(nested(MAX_REQUEST_DEPTH + 1))).toBe(false);
    expect(nestsWithin([[[1]]], 2)).toBe(false);
    const h = await miniHost();
    await h.call('preview:set', {
      target: { kind: 'variant', variantId: 'generic' },
      context: { kind: 'preset', name: 'base' },
      baseline: { kind: 'saved' },
    });
    for (const context of [
      { kind: 'stack', context: { userSystem: 'x', deep: nested(20_000) } },
      { kind: 'inline', context: { runtimePlaceholders: { deep: nested(20_000) } } },
    ]) {
      const answer = await h.raw('preview:set', { target: { kind: 'profile', profileId: 'mini' }, context, baseline: { kind: 'saved' } });
      expect(answer).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
      expect(answer.error.message).toContain(`the context nests more than ${MAX_REQUEST_DEPTH} levels deep`);
    }
    // The previous preview is still the one shown, and rebuilds without an error.
    const next = h.waitForEvent('preview:result', (p) => p.outcome.ok && p.outcome.result.text.includes('still fine'));
    await h.call('doc:update', { ref: ROLE, text: 'still fine' });
    expect((await next).target).toEqual({ kind: 'variant', variantId: 'generic' });
  });

  it(`keeps at most ${MAX_PINS} pinned snapshots, dropping the oldest but never the baseline in use`, async () => {
    const h = await miniHost();
    await h.call('snapshot:pin', { name: 'in-use', text: 'baseline text' });
    await h.call('preview:set', {
      target: { kind: 'variant', variantId: 'generic' },
      context: { kind: 'preset', name: 'base' },
      baseline: { kind: 'snapshot', name: 'in-use' },
    });
    let names: string[] = [];
    for (let i = 0; i < 40; i++)
      names = await h.call('snapshot:pin', { name: `pin-${String(i).padStart(2, '0')}`, text: 'x'.repeat(40_000) });
    expect(names).toHaveLength(MAX_PINS);
    expect(names).toContain('in-use');
    expect(names).toContain('pin-39');
    expect(names).not.toContain('pin-00');
    expect(names.filter((n) => n.startsWith('pin-'))).toEqual(
      Array.from({ length: MAX_PINS - 1 }, (_, i) => `pin-${40 - MAX_PINS + 1 + i}`),
    );
    const built = await h.call('preview:set', {
      target: { kind: 'variant', variantId: 'generic' },
      context: { kind: 'preset', name: 'base' },
      baseline: { kind: 'snapshot', name: 'in-use' },
    });
    expect(built.baseline.text).toBe('baseline text');
    await expect(h.raw('snapshot:pin', { name: 'huge', text: 'x'.repeat(4_000_001) })).resolves.toMatchObject({
      ok: false,
      error: { code: 'INVALID_REQUEST' },
    });
  });

  it('answers another request while it counts hostile text, and says when a count is an estimate', async () => {
    const h = await miniHost();
    expect(await h.call('tokens:count', { texts: ['A'.repeat(100_000)] })).toEqual([{ o200k: 12_500, cl100k: 12_500, estimated: true }]);
    const order: string[] = [];
    const counting = h.call('tokens:count', { texts: [hostileTokenTexts(256 << 10)['CJK in 60-letter runs']!] }).then((counts) => {
      order.push('count');
      return counts;
    });
    await new Promise((resolve) => setImmediate(resolve));
    const info = h.call('machine:info').then(() => order.push('machine:info'));
    await Promise.all([counting, info]);
    expect(order).toEqual(['machine:info', 'count']);
  });

  it('refuses a copy into a symlinked folder inside the workspace before creating anything outside', async () => {
    const h = await miniHost();
    const outside = tempDir('vs-outside-');
    fs.symlinkSync(outside, path.join(h.ws, 'link'));
    const answer = await h.raw('workspace:copyTo', { path: path.join(h.ws, 'link', 'copy') });
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'INVALID_REQUEST', message: 'the copy cannot be made inside the workspace it copies' },
    });
    expect(fs.readdirSync(outside)).toEqual([]);
    expect(h.host.current!.root).toBe(h.ws);
  });
});

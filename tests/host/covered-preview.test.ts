import { afterEach, describe, expect, it, vi } from 'vitest';
import { PreviewService } from '../../electron/host/preview-service.js';
import { hostsClosedAfterEach, miniWorkspace, tempDir, writeFiles } from './support/fixtures.js';

/**
 * Issue 23, item 2 in the host: while no window has the preview on screen (preview:shown,
 * the compare view over the whole window), edits build no preview; when one shows it again
 * it is built once, and that result equals a fresh build.
 */

const hosts = hostsClosedAfterEach();
afterEach(() => vi.restoreAllMocks());
const TEMPLATE = { kind: 'variant-template', variantId: 'generic' } as const;
const SPEC = {
  target: { kind: 'variant', variantId: 'generic' },
  context: { kind: 'preset', name: 'base' },
  baseline: { kind: 'saved' },
} as const;

async function coveredHost() {
  const h = await hosts.start({ initialWorkspace: writeFiles(tempDir(), miniWorkspace()) });
  const first = await h.call('preview:set', SPEC);
  // The preview builds through PreviewService's compute: count its calls from here on.
  const builds = vi.spyOn(PreviewService.prototype as unknown as { compute: () => Promise<unknown> }, 'compute');
  const results = () => h.events.filter((e) => e.event === 'preview:result').map((e) => e.payload);
  return { h, first, builds, results };
}

/** A result without what differs between two builds of the same inputs (its number, its build time). */
function comparable(result: { seq: number; outcome: { durationMs?: number } }) {
  return { ...result, seq: 0, outcome: { ...result.outcome, durationMs: 0 } };
}

describe('a preview no window shows', () => {
  it('is not built while covered, is built once when shown again, and equals a fresh build', async () => {
    const { h, first, builds, results } = await coveredHost();
    expect(await h.call('preview:shown', { window: 'w1', shown: false })).toEqual({ rebuilt: false });
    for (const word of ['ONE', 'TWO', 'THREE']) await h.call('doc:update', { ref: TEMPLATE, text: `{{ROLE}}\n\n{{GREETING}} ${word}\n` });
    await h.host.settle();
    expect(builds).toHaveBeenCalledTimes(0);
    expect(results()).toEqual([]);

    expect(await h.call('preview:shown', { window: 'w1', shown: true })).toEqual({ rebuilt: true });
    expect(builds).toHaveBeenCalledTimes(1);
    const shown = results();
    expect(shown).toHaveLength(1);
    expect(shown[0]!.seq).toBeGreaterThan(first.seq);
    expect(shown[0]!.outcome.result.text).toContain('hello THREE');
    const fresh = await h.call('preview:set', SPEC);
    expect(comparable(shown[0])).toEqual(comparable(fresh));

    // Shown again with nothing left out: no build, nothing sent.
    expect(await h.call('preview:shown', { window: 'w1', shown: true })).toEqual({ rebuilt: false });
    expect(results()).toHaveLength(1);
  });

  it('keeps building while another window shows it', async () => {
    const { h, builds, results } = await coveredHost();
    await h.call('preview:shown', { window: 'w1', shown: true });
    await h.call('preview:shown', { window: 'w2', shown: false });
    await h.call('doc:update', { ref: TEMPLATE, text: '{{GREETING}} SEEN\n' });
    await h.host.settle();
    expect(builds).toHaveBeenCalledTimes(1);
    expect(results().map((r) => r.outcome.result.text)).toEqual(['hello SEEN']);
    // The last window showing it covers it too: from then on, nothing is built.
    await h.call('preview:shown', { window: 'w1', shown: false });
    await h.call('doc:update', { ref: TEMPLATE, text: '{{GREETING}} UNSEEN\n' });
    await h.host.settle();
    expect(builds).toHaveBeenCalledTimes(1);
  });

  it('refuses a malformed report', async () => {
    const { h } = await coveredHost();
    const r = await h.raw('preview:shown', { window: '', shown: 'no' });
    expect(r.ok).toBe(false);
  });
});

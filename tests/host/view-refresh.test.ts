import { describe, expect, it } from 'vitest';
import type { WorkspaceView } from '../../shared/ipc/contract.js';
import { hostsClosedAfterEach, miniWorkspace, tempDir, writeFiles, type Loose } from './support/fixtures.js';

const hosts = hostsClosedAfterEach();
const TEMPLATE = { kind: 'variant-template', variantId: 'generic' } as const;
const CONFIG = { kind: 'variant-config', variantId: 'generic' } as const;

/** The host's pending view refresh, run now (instead of waiting for its timer). */
const refreshNow = (h: { host: unknown }): void => (h.host as Loose).flushViewRefresh();
const views = (h: { events: { event: string; payload: unknown }[] }): WorkspaceView[] =>
  h.events.filter((e) => e.event === 'workspace:changed').map((e) => e.payload as WorkspaceView);

describe('the workspace view after an edit', () => {
  it('is sent when a document turns dirty, not again while it stays dirty, and again when it is clean', async () => {
    const ws = writeFiles(tempDir(), miniWorkspace());
    const h = await hosts.start({ initialWorkspace: ws });
    await h.call('preview:set', {
      target: { kind: 'variant', variantId: 'generic' },
      context: { kind: 'preset', name: 'base' },
      baseline: { kind: 'none' },
    });
    const original = (await h.call('doc:read', { ref: TEMPLATE })).text as string;
    const sent = views(h).length;
    const dirtyOf = (v: WorkspaceView) => v.documents.find((d) => d.key === 'variant-template:generic')?.dirty;

    const rebuilt = h.waitForEvent('preview:result');
    await h.call('doc:update', { ref: TEMPLATE, text: `${original}A` });
    await rebuilt;
    refreshNow(h);
    expect(views(h)).toHaveLength(sent + 1);
    expect(dirtyOf(views(h).at(-1)!)).toBe(true);

    const again = h.waitForEvent('preview:result');
    await h.call('doc:update', { ref: TEMPLATE, text: `${original}AB` });
    await again;
    refreshNow(h);
    expect(views(h)).toHaveLength(sent + 1);

    const back = h.waitForEvent('preview:result');
    await h.call('doc:update', { ref: TEMPLATE, text: original });
    await back;
    refreshNow(h);
    expect(views(h)).toHaveLength(sent + 2);
    expect(dirtyOf(views(h).at(-1)!)).toBe(false);
  });

  it('reuses what did not change and is still equal to a view made afresh (a renamed template included)', async () => {
    const ws = writeFiles(tempDir(), { ...miniWorkspace(), 'variants/generic/other.md': 'OTHER {{GREETING}}\n' });
    const h = await hosts.start({ initialWorkspace: ws });
    const session = (h.host as Loose).session;
    const first: WorkspaceView = session.view();
    const second: WorkspaceView = session.view();
    expect(second.documents).toBe(first.documents);
    expect(second.variants).toBe(first.variants);

    const yaml = (await h.call('doc:read', { ref: CONFIG })).text as string;
    await h.call('doc:update', { ref: CONFIG, text: yaml.replace('version: 1', 'version: 1\ntemplate: other.md') });
    const renamed: WorkspaceView = session.view();
    expect(renamed.documents).not.toBe(first.documents);
    const byPath = Object.fromEntries(renamed.documents.map((d) => [d.path, d]));
    expect(byPath['variants/generic/other.md']).toMatchObject({ key: 'variant-template:generic', dirty: false });
    expect(byPath['variants/generic/template.md']).toBeUndefined();
    expect(byPath['variants/generic/variant.yaml']).toMatchObject({ dirty: true });
    // The same documents as a session that never cached anything lists.
    session.documentInfos.clear();
    session.lastDocuments = [];
    expect(session.view()).toEqual(renamed);
  });
});

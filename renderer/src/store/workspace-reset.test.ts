import { afterEach, describe, expect, it } from 'vitest';
import type { CheckFinding, PreviewResult } from '../../../shared/ipc/contract';
import { createFakeApi, workspaceView } from '../testing/fake-api';
import { flush, setupStore } from '../testing/setup-store';
import { KEPT_ACROSS_WORKSPACES, OF_WORKSPACE } from './workspace-reset';

let cleanup: () => void = () => {};
afterEach(() => cleanup());

const built = (seq: number, variantId: string, text: string): PreviewResult => ({
  seq,
  target: { kind: 'variant', variantId },
  outcome: { ok: true, kind: 'variant', result: { kind: 'variant', variantId, text } as never, durationMs: 1 },
  baseline: { spec: { kind: 'none' }, text: null },
});

const finding: CheckFinding = { code: 'LOAD_ERROR', severity: 'error', message: 'broken', file: 'variants/old/variant.yaml' };

describe('another workspace', () => {
  it('every field of the state is either the workspace’s (reset) or kept for a reason, never both', () => {
    const { store, disconnect } = setupStore();
    cleanup = disconnect;
    const fields = Object.entries(store.getState())
      .filter(([, v]) => typeof v !== 'function')
      .map(([k]) => k)
      .sort();
    const reset = new Set<string>(OF_WORKSPACE);
    const kept = new Set(Object.keys(KEPT_ACROSS_WORKSPACES));
    expect(
      fields.filter((k) => !reset.has(k) && !kept.has(k)),
      'fields in neither list',
    ).toEqual([]);
    expect(
      [...reset].filter((k) => kept.has(k)),
      'fields in both lists',
    ).toEqual([]);
    expect(
      [...reset, ...kept].filter((k) => !fields.includes(k)),
      'listed fields the state does not have',
    ).toEqual([]);
  });

  it('leaves nothing of the old one: its prompt, columns, findings, context and picks go, the new one opens on its own', async () => {
    let session = 'old';
    const api = createFakeApi({
      docs: [
        { ref: { kind: 'preset', name: 'basic' }, text: 'context:\n  cwd: /old\n' },
        { ref: { kind: 'preset', name: 'mine' }, text: 'context:\n  cwd: /new\n' },
        { ref: { kind: 'variant-template', variantId: 'generic' }, text: 'old template' },
        { ref: { kind: 'variant-template', variantId: 'team' }, text: 'team template' },
        { ref: { kind: 'variant-config', variantId: 'team' }, text: 'id: team\n' },
      ],
      handlers: {
        // The new workspace's first build fails: the old prompt must not stay on as "the last that built".
        'preview:set': (req) =>
          session === 'old'
            ? built(9, 'generic', 'OLD PROMPT')
            : {
                seq: 10,
                target: req.target,
                outcome: { ok: false, error: 'no preset basic' },
                baseline: { spec: req.baseline, text: null },
              },
      },
    });
    const { store, disconnect } = setupStore(api);
    cleanup = disconnect;
    const fresh = store.getState();
    store.getState().applyWorkspace(workspaceView({ sessionId: 'old' }));
    await store.getState().loadPreset('basic', false);
    await store.getState().selectVariant('generic');
    await flush();
    expect(store.getState().preview?.seq).toBe(9);
    store.getState().setContextField(['cwd'], '/edited');
    store.getState().setBaselineChoice({ kind: 'variant', variantId: 'xs' });
    store.getState().toggleBundleSelection('variant', 'generic');
    store.setState({
      findings: [finding],
      compareColumns: [{ kind: 'variant', variantId: 'generic' }],
      compareResult: { seq: 40, columns: [], rows: [] } as never,
      matrix: { version: 3, presets: [], variants: [], cells: [] } as never,
      bottomTab: 'placeholders',
    });

    session = 'new';
    store.getState().applyWorkspace(
      workspaceView({
        sessionId: 'new',
        name: 'Team',
        variants: [{ id: 'team', family: 'team', description: '' }],
        presets: [{ name: 'mine', description: '', kind: 'variant' }],
      }),
    );
    // At once: every field of the old workspace is back to its first value, but for the new
    // one's preset, named at once (the preview is built by its name while it is read).
    for (const k of OF_WORKSPACE) expect(store.getState()[k], k).toEqual(k === 'presetName' ? 'mine' : fresh[k]);
    // What is not the workspace's stays.
    expect(store.getState().bottomTab).toBe('placeholders');
    await flush();
    await flush();
    // Then the new one opens on its own preset and its first variant; its failure is shown, not the old prompt.
    expect(store.getState().presetName).toBe('mine');
    expect(store.getState().context).toEqual({ cwd: '/new' });
    expect(store.getState().target).toEqual({ kind: 'variant', variantId: 'team' });
    expect(store.getState().tabs).toEqual(['variant-template:team']);
    expect(api.callsOf('preview:set').at(-1)).toMatchObject({
      target: { kind: 'variant', variantId: 'team' },
      context: { kind: 'preset', name: 'mine' },
    });
    expect(store.getState().preview).toMatchObject({ seq: 10, outcome: { ok: false } });
    expect(store.getState().previewStale).toBeNull();
  });
});

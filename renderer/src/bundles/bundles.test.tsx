// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportPlanView } from '../../../shared/ipc/contract';
import { createFakeApi, workspaceView, type FakeApi } from '../testing/fake-api';
import { flush, setupStore } from '../testing/setup-store';
import { BundleDialogs } from './BundleDialogs';
import { CopyButtons } from './CopyButtons';
import { SelectionBar } from './SelectionBar';
import { base64ToBytes, bytesToBase64 } from '../store/transfer';

let disconnect: () => void = () => {};
const written: string[] = [];
beforeEach(() => {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (t: string) => void written.push(t) }, configurable: true });
});
afterEach(() => {
  cleanup();
  disconnect();
  written.length = 0;
});

const VIEW = workspaceView({
  variants: [
    { id: 'generic', family: 'generic', description: 'Generic' },
    { id: 'xs', family: 'xs', description: 'Compact' },
  ],
  profiles: [{ id: 'opencode', agents: ['build'] }],
  presets: [
    { name: 'basic', description: 'Basic', kind: 'variant' },
    { name: 'stack-basic', description: 'Stack', kind: 'stack' },
  ],
});

function start(api: FakeApi) {
  const s = setupStore(api);
  disconnect = s.disconnect;
  s.store.setState({ workspace: VIEW });
  return s;
}

const PLAN: ImportPlanView = {
  planId: 'p1',
  name: 'team.zip',
  sourceWorkspace: 'Team',
  appVersion: '0.1.0',
  createdAt: '2026-01-15T00:00:00.000Z',
  rendered: 0,
  items: [
    {
      key: 'variant:generic',
      kind: 'variant',
      id: 'generic',
      status: 'changed',
      files: [{ path: 'variants/generic/template.md', status: 'changed', added: 1, removed: 1 }],
      unsaved: ['variants/generic/template.md'],
      actions: ['overwrite', 'keep', 'rename'],
      suggestedId: 'generic-imported',
    },
    {
      key: 'tool:say',
      kind: 'tool',
      id: 'say',
      status: 'new',
      files: [{ path: 'tools/say.yaml', status: 'new', added: 3, removed: 0 }],
      unsaved: [],
      actions: ['add', 'keep', 'rename'],
      defaultAction: 'add',
      suggestedId: 'say-imported',
    },
  ],
};

describe('picking in the explorer and exporting', () => {
  it('Ctrl+click picks variants and profiles; the export dialog starts from the pick and downloads the result', async () => {
    const bytes = new Uint8Array([80, 75, 5, 6, 1, 2, 3]);
    const api = createFakeApi({
      handlers: {
        'bundle:capabilities': () => ({ fileDialogs: false, chunkBytes: 4, maxBundleBytes: 100 }),
        'bundle:export': () => ({ status: 'download', transferId: 't1', fileName: 'team.zip', bytes: 7, files: 5, unsaved: 1 }),
        'bundle:download': ({ offset }) => ({
          data: bytesToBase64(bytes.subarray(offset, offset + 4)),
          offset,
          total: 7,
          done: offset + 4 >= 7,
        }),
      },
    });
    const { store } = start(api);
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => (created.push(blob), 'blob:x'));
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    render(
      <>
        <SelectionBar />
        <BundleDialogs />
      </>,
    );
    // Picked in the explorer (Ctrl/Cmd+click, explorer/Explorer.test.tsx).
    store.getState().toggleBundleSelection('variant', 'xs');
    store.getState().toggleBundleSelection('profile', 'opencode');
    await flush();
    expect(screen.getByTestId('bundle-selection').textContent).toContain('2 selected');
    fireEvent.click(screen.getByText('Export…'));
    await flush();
    const checked = (id: string) =>
      [...screen.getByTestId(id).querySelectorAll('label')]
        .filter((l) => l.querySelector('input')!.checked)
        .map((l) => l.textContent!.trim());
    expect(checked('export-variants')).toEqual(['xs']);
    expect(checked('export-profiles')).toEqual(['opencode']);
    expect(checked('export-presets')).toEqual(['basic', 'stack-basic']);
    fireEvent.click(screen.getByText('Export', { selector: 'button' }));
    for (let i = 0; i < 6; i++) await flush();
    expect(api.callsOf('bundle:export')).toEqual([
      { format: 'bundle', variants: ['xs'], profiles: ['opencode'], rendered: false, presets: ['basic', 'stack-basic'] },
    ]);
    expect(api.callsOf('bundle:download')).toEqual([
      { transferId: 't1', offset: 0 },
      { transferId: 't1', offset: 4 },
    ]);
    expect(new Uint8Array(await created[0]!.arrayBuffer())).toEqual(bytes);
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(store.getState().notices.at(-1)?.text).toBe('Exported 5 files as team.zip (with 1 unsaved edit).');
    expect(store.getState().bundleDialog).toBeNull();
    expect(store.getState().bundleSelection).toEqual({ variants: [], profiles: [] });
    clicked.mockRestore();
  });

  it('a request export asks for the chosen APIs and variant presets only', async () => {
    const api = createFakeApi({
      handlers: {
        'bundle:capabilities': () => ({ fileDialogs: true, chunkBytes: 4, maxBundleBytes: 100 }),
        'bundle:export': () => ({ status: 'saved', path: '/home/me/requests.zip', bytes: 9, files: 3, unsaved: 0 }),
      },
    });
    const { store } = start(api);
    store.setState({ target: { kind: 'variant', variantId: 'generic' } });
    store.getState().openExport('request');
    render(<BundleDialogs />);
    fireEvent.click(screen.getByLabelText('OpenAI Responses'));
    fireEvent.click(screen.getByLabelText('Gemini generateContent'));
    fireEvent.click(screen.getByTestId('export-run'));
    for (let i = 0; i < 4; i++) await flush();
    expect(api.callsOf('bundle:export')).toEqual([
      { format: 'request', variants: ['generic'], presets: ['basic'], apis: ['openai-chat', 'anthropic'] },
    ]);
    expect(store.getState().notices.at(-1)?.text).toBe('Exported 3 files to /home/me/requests.zip.');
  });
});

describe('importing', () => {
  it('uploads the picked file, shows the plan, waits for a decision on changed items, then imports', async () => {
    const api = createFakeApi({
      handlers: {
        'bundle:capabilities': () => ({ fileDialogs: false, chunkBytes: 1024, maxBundleBytes: 100 }),
        'bundle:upload': ({ total }) => ({ transferId: 'u1', received: total }),
        'bundle:plan': () => PLAN,
        'bundle:diff': () => ({ path: 'variants/generic/template.md', diff: '===\n--- a\n+++ b\n@@ -1 +1 @@\n-MINE\n+THEIRS' }),
        'bundle:apply': () => ({
          written: ['variants/generic-team/template.md', 'tools/say.yaml'],
          deleted: [],
          discarded: [],
          decisions: [],
        }),
      },
    });
    const { store } = start(api);
    store.getState().openImport();
    render(<BundleDialogs />);
    await flush();
    const file = new File([new Uint8Array([1, 2, 3])], 'team.zip', { type: 'application/zip' });
    fireEvent.change(screen.getByTestId('bundle-file'), { target: { files: [file] } });
    for (let i = 0; i < 6; i++) await flush();
    expect(api.callsOf('bundle:upload')).toEqual([{ name: 'team.zip', total: 3, data: 'AQID' }]);
    expect(api.callsOf('bundle:plan')).toEqual([{ transferId: 'u1' }]);
    expect(screen.getByTestId('plan-summary').textContent).toBe(
      'team.zip: 2 items from “Team”, exported 2026-01-15 by Variant Studio 0.1.0.',
    );
    expect(screen.getByTestId('plan-pending').textContent).toBe('1 item needs a decision');
    expect((screen.getByTestId('import-run') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('plan-item-variant:generic').textContent).toContain(
      'You have unsaved edits in variants/generic/template.md (kept).',
    );

    fireEvent.click(screen.getByText('diff'));
    await flush();
    expect(screen.getByTestId('plan-diff').textContent).toBe('@@ -1 +1 @@-MINE+THEIRS');

    fireEvent.change(screen.getByLabelText('What to do with generic'), { target: { value: 'rename' } });
    expect((screen.getByLabelText('New id for generic') as HTMLInputElement).value).toBe('generic-imported');
    fireEvent.change(screen.getByLabelText('New id for generic'), { target: { value: 'generic-team' } });
    expect(screen.queryByTestId('plan-pending')).toBeNull();
    expect(screen.getByTestId('import-run').textContent).toBe('Import 2 items');
    fireEvent.click(screen.getByTestId('import-run'));
    for (let i = 0; i < 4; i++) await flush();
    expect(api.callsOf('bundle:apply')).toEqual([
      { planId: 'p1', choices: { 'tool:say': { action: 'add' }, 'variant:generic': { action: 'rename', newId: 'generic-team' } } },
    ]);
    expect(store.getState().notices.at(-1)?.text).toBe('Imported: 2 files written, 0 removed.');
    expect(store.getState().bundleDialog).toBeNull();
  });

  it('overwriting says it replaces the unsaved edits; a refused bundle is reported and nothing changes; cancel forgets the plan', async () => {
    const api: FakeApi = createFakeApi({
      handlers: {
        'bundle:capabilities': () => ({ fileDialogs: true, chunkBytes: 1024, maxBundleBytes: 100 }),
        'bundle:plan': () =>
          api.callsOf('bundle:plan').length === 1
            ? {
                error: { code: 'INVALID_REQUEST', message: "evil.zip: entry '../x': leaves the bundle's folder (..); nothing was written" },
              }
            : PLAN,
        'bundle:discard': () => true,
      },
    });
    const { store } = start(api);
    store.getState().openImport();
    render(<BundleDialogs />);
    await flush();
    fireEvent.click(screen.getByText('Choose a bundle…'));
    for (let i = 0; i < 3; i++) await flush();
    expect(store.getState().notices.at(-1)).toMatchObject({
      kind: 'error',
      text: "evil.zip: entry '../x': leaves the bundle's folder (..); nothing was written",
    });
    expect(store.getState().importPlan).toBeNull();
    fireEvent.click(screen.getByText('Choose a bundle…'));
    for (let i = 0; i < 3; i++) await flush();
    fireEvent.change(screen.getByLabelText('What to do with generic'), { target: { value: 'overwrite' } });
    expect(screen.getByTestId('plan-item-variant:generic').textContent).toContain(
      'Importing this replaces unsaved edits in variants/generic/template.md.',
    );
    fireEvent.click(screen.getByText('Cancel'));
    await flush();
    expect(api.callsOf('bundle:discard')).toEqual([{ planId: 'p1' }]);
    expect(store.getState().bundleDialog).toBeNull();
  });
});

describe('copy', () => {
  it('copies the prompt, and the request for the preview’s target and context', async () => {
    const api = createFakeApi({ handlers: { 'bundle:request': ({ api: which }) => ({ body: `{"api":"${which}"}\n` }) } });
    const { store } = start(api);
    store.setState({
      target: { kind: 'variant', variantId: 'xs' },
      presetName: 'basic',
      preview: {
        seq: 1,
        target: { kind: 'variant', variantId: 'xs' },
        outcome: { ok: true, kind: 'variant', result: { kind: 'variant', text: 'THE PROMPT' } as never, durationMs: 1 },
        baseline: { spec: { kind: 'none' }, text: null },
      },
    });
    render(<CopyButtons />);
    fireEvent.click(screen.getByTestId('copy-prompt'));
    await flush();
    fireEvent.change(screen.getByTestId('copy-request'), { target: { value: 'anthropic' } });
    for (let i = 0; i < 3; i++) await flush();
    expect(written).toEqual(['THE PROMPT', '{"api":"anthropic"}\n']);
    expect(api.callsOf('bundle:request')).toEqual([
      { api: 'anthropic', target: { kind: 'variant', variantId: 'xs' }, context: store.getState().contextSpec() },
    ]);
    expect(store.getState().notices.map((n) => n.text)).toEqual([
      'Copied the prompt (10 characters).',
      'Copied the Anthropic Messages request (20 characters).',
    ]);
  });
});

it('base64 both ways', () => {
  const bytes = new Uint8Array(70_000).map((_, i) => (i * 7) % 256);
  expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes);
});

// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, workspaceView } from '../testing/fake-api';
import { setupStore } from '../testing/setup-store';
import { DocumentTabs } from './EditorArea';

let disconnect: () => void = () => {};
afterEach(() => {
  cleanup();
  disconnect();
});

const tpl = { kind: 'variant-template', variantId: 'generic' } as const;
const cfg = { kind: 'variant-config', variantId: 'generic' } as const;

describe('DocumentTabs', () => {
  it('selects one tab of the strip: the active document, but none while the compare view is in front', async () => {
    const s = setupStore(
      createFakeApi({
        docs: [
          { ref: tpl, text: 'Hello' },
          { ref: cfg, text: 'id: generic\n' },
        ],
      }),
    );
    disconnect = s.disconnect;
    s.store.setState({ workspace: workspaceView() });
    await act(async () => {
      await s.store.getState().openDoc(tpl);
      await s.store.getState().openDoc(cfg);
    });
    render(
      <DocumentTabs
        end={
          <button role="tab" aria-selected={false}>
            ⇄ Compare
          </button>
        }
      />,
    );
    const selected = () => screen.queryAllByRole('tab', { selected: true }).map((t) => t.getAttribute('data-doc-key'));
    expect(selected()).toEqual(['variant-config:generic']);

    act(() => s.store.getState().openCompare());
    expect(selected()).toEqual([]);
    // The document beside it keeps its highlight.
    expect(document.querySelector('[data-doc-key="variant-config:generic"]')?.closest('.tab')?.className).toBe('tab active');

    act(() => s.store.getState().hideCompare());
    expect(selected()).toEqual(['variant-config:generic']);
  });
});

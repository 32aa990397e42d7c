// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PreviewResult } from '../../../shared/ipc/contract';
import { variantPreview } from '../testing/built-preview';
import { createFakeApi, workspaceView } from '../testing/fake-api';
import { flush, setupStore } from '../testing/setup-store';
import { docKey } from '../../../shared/ipc/doc-key';
import { ComponentList } from './ComponentList';

let disconnect: () => void = () => {};
afterEach(() => {
  cleanup();
  disconnect();
});

const cfg = { kind: 'variant-config', variantId: 'generic' } as const;
const YAML = 'id: generic\ncomponentOrder:\n  - AGENT_ROLE_SECTION\n  - MCP_SECTION\n  - RULES_SECTION\n';

function built(seq = 1, chars = 120): PreviewResult {
  return variantPreview(seq, {
    text: 'x'.repeat(120),
    sections: [{ start: 0, end: 120, source: { kind: 'component', componentId: 'AGENT_ROLE_SECTION', origin: 'default' }, offset: 0 }],
    components: [
      { id: 'AGENT_ROLE_SECTION', status: 'ok', chars, finalChars: chars, inTemplate: true },
      { id: 'MCP_SECTION', status: 'empty', chars: 0, finalChars: 0, reason: 'no MCP servers in the context', inTemplate: true },
      { id: 'RULES_SECTION', status: 'ok', chars: 0, finalChars: 0, inTemplate: true },
    ],
  });
}

async function setup() {
  const api = createFakeApi({ docs: [{ ref: cfg, text: YAML }] });
  const s = setupStore(api);
  disconnect = s.disconnect;
  s.store.setState({ workspace: workspaceView(), target: { kind: 'variant', variantId: 'generic' } });
  await s.store.getState().ensureDoc(cfg);
  s.store.getState().applyPreview(built());
  return s;
}

describe('ComponentList', () => {
  it("shows the host's section size, the number the compare view and the CLI show, over the outline's pieces", async () => {
    const s = await setup();
    render(<ComponentList />);
    act(() => {
      s.store.setState({ outlineTokens: { seq: 1, counts: [40] } });
      s.store.getState().applyTokens({
        seq: 1,
        text: { o200k: 41, cl100k: 41 },
        baseline: null,
        sections: [{ key: 'AGENT_ROLE_SECTION', chars: 120, tokens: 38, uses: 1 }],
      });
    });
    expect(screen.getByTestId('component-size-AGENT_ROLE_SECTION').textContent).toBe('120 chars · 38 tok');
  });

  it("keeps a component's count while the next result's counts are coming and its size is the same; not when its size changed", async () => {
    const s = await setup();
    render(<ComponentList />);
    const size = () => screen.getByTestId('component-size-AGENT_ROLE_SECTION').textContent;
    const counted = (seq: number, chars: number, tokens: number) =>
      act(() =>
        s.store.getState().applyTokens({
          seq,
          text: { o200k: tokens, cl100k: tokens },
          baseline: null,
          sections: [{ key: 'AGENT_ROLE_SECTION', chars, tokens, uses: 1 }],
        }),
      );
    counted(1, 120, 38);
    expect(size()).toBe('120 chars · 38 tok');
    // A keystroke elsewhere: the component is the same size, its count stays until the new one comes.
    act(() => s.store.getState().applyPreview(built(2, 120)));
    expect(size()).toBe('120 chars · 38 tok');
    counted(2, 120, 39);
    expect(size()).toBe('120 chars · 39 tok');
    // The component itself changed: no count until its own comes.
    act(() => s.store.getState().applyPreview(built(3, 130)));
    expect(size()).toBe('130 chars');
    counted(3, 130, 42);
    expect(size()).toBe('130 chars · 42 tok');
  });

  it('shows each component with its size, or zero with the reason', async () => {
    await setup();
    render(<ComponentList />);
    expect(screen.getByTestId('component-size-AGENT_ROLE_SECTION').textContent).toContain('120 chars');
    expect(screen.getByTestId('component-size-MCP_SECTION').textContent).toBe('0 — no MCP servers in the context');
  });

  it('moves a component with Alt+ArrowDown, edits variant.yaml and announces the move', async () => {
    const { store, api } = await setup();
    render(<ComponentList />);
    const handle = screen.getByTestId('component-AGENT_ROLE_SECTION').querySelector('.drag-handle')!;
    act(() => {
      fireEvent.keyDown(handle, { key: 'ArrowDown', altKey: true });
    });
    await flush();
    expect(api.updatedTexts().at(-1)).toBe('id: generic\ncomponentOrder:\n  - MCP_SECTION\n  - AGENT_ROLE_SECTION\n  - RULES_SECTION\n');
    expect(store.getState().announcement).toBe('AGENT_ROLE_SECTION moved to position 2 of 3');
    const rows = [...document.querySelectorAll('[data-component-id]')].map((e) => e.getAttribute('data-component-id'));
    expect(rows).toEqual(['MCP_SECTION', 'AGENT_ROLE_SECTION', 'RULES_SECTION']);
  });

  it('says so when a component cannot move further', async () => {
    const { store, api } = await setup();
    render(<ComponentList />);
    const handle = screen.getByTestId('component-AGENT_ROLE_SECTION').querySelector('.drag-handle')!;
    act(() => {
      fireEvent.keyDown(handle, { key: 'ArrowUp', altKey: true });
    });
    await flush();
    expect(store.getState().announcement).toBe('AGENT_ROLE_SECTION is already first');
    expect(api.callsOf('doc:update')).toHaveLength(0);
  });

  it('disables a component through its checkbox', async () => {
    const { api } = await setup();
    render(<ComponentList />);
    fireEvent.click(screen.getByLabelText('Disable RULES_SECTION'));
    await flush();
    expect(api.updatedTexts().at(-1)).toContain('componentOverrides:\n  RULES_SECTION:\n    enabled: false');
    expect(screen.getByLabelText('Enable RULES_SECTION')).toBeTruthy();
  });

  it("once shown, a checkbox's click changes the text in the click itself: React never puts the box back first", async () => {
    const { store } = await setup();
    render(<ComponentList />);
    await flush();
    const box = screen.getByLabelText<HTMLInputElement>('Disable RULES_SECTION');
    fireEvent.click(box);
    // No await between the click and these: the edit, its text and the box are already there.
    expect(box.checked).toBe(false);
    expect(box.getAttribute('aria-label')).toBe('Enable RULES_SECTION');
    expect(store.getState().docs[docKey(cfg)]?.text).toContain('RULES_SECTION:\n    enabled: false');
  });
});

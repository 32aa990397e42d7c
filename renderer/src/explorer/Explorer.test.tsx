// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, failedPreview, workspaceView } from '../testing/fake-api';
import { flush, setupStore } from '../testing/setup-store';
import { Explorer } from './Explorer';

let disconnect: () => void = () => {};
afterEach(() => {
  cleanup();
  disconnect();
});

describe('Explorer', () => {
  it('shows a broken file clearly and keeps the other variants usable', async () => {
    const api = createFakeApi({
      docs: [
        { ref: { kind: 'variant-config', variantId: 'xs' }, text: 'id: xs\n' },
        { ref: { kind: 'variant-template', variantId: 'xs' }, text: 'XS {{A}}' },
      ],
      handlers: {
        'preview:set': failedPreview(),
      },
    });
    const { store, disconnect: d } = setupStore(api);
    disconnect = d;
    store.setState({
      workspace: workspaceView({
        variants: [{ id: 'xs', family: 'xs', description: 'Compact' }],
        documents: [
          {
            ref: { kind: 'variant-config', variantId: 'broken' },
            key: 'variant-config:broken',
            path: 'variants/broken/variant.yaml',
            title: 'broken',
            dirty: false,
            isNew: false,
          },
          {
            ref: { kind: 'variant-config', variantId: 'xs' },
            key: 'variant-config:xs',
            path: 'variants/xs/variant.yaml',
            title: 'xs',
            dirty: false,
            isNew: false,
          },
        ],
        problems: [{ file: 'variants/broken/variant.yaml', line: 3, column: 5, message: 'expected a list', severity: 'error' }],
      }),
    });
    render(<Explorer />);
    expect(screen.getByTestId('problems').textContent).toContain('variants/broken/variant.yaml:3:5: error: expected a list');
    expect(screen.getByText('broken', { selector: '.badge' })).toBeTruthy();
    fireEvent.click(screen.getByText('xs', { selector: 'button.variant' }));
    await flush();
    await flush();
    expect(store.getState().target).toEqual({ kind: 'variant', variantId: 'xs' });
    expect(store.getState().activeTab).toBe('variant-template:xs');
    expect(api.callsOf('preview:set').at(-1)!.target).toEqual({ kind: 'variant', variantId: 'xs' });
  });

  it('lists presets of both kinds from the host, stack presets marked', () => {
    const { store, disconnect: d } = setupStore(createFakeApi());
    disconnect = d;
    store.setState({
      workspace: workspaceView({
        presets: [
          { name: 'basic', description: 'Basic', kind: 'variant' },
          { name: 'stack-basic', description: 'A stack context', kind: 'stack' },
        ],
      }),
    });
    render(<Explorer />);
    const entries = [...document.querySelectorAll('.preset-entry .explorer-item')].map((e) => e.textContent);
    expect(entries).toEqual(['basic', 'stack-basic stack']);
  });

  it('picks variants and profiles for an export with Ctrl/Cmd+click, without showing them', async () => {
    const { store, disconnect: d } = setupStore(createFakeApi({ handlers: { 'preview:set': failedPreview() } }));
    disconnect = d;
    store.setState({
      workspace: workspaceView({
        variants: [
          { id: 'generic', family: 'generic', description: 'Generic' },
          { id: 'xs', family: 'xs', description: 'Compact' },
        ],
        profiles: [{ id: 'opencode', agents: ['build'] }],
      }),
    });
    render(<Explorer selectionBar={<p data-testid="bar">bar</p>} />);
    expect(screen.getByTestId('bar')).toBeTruthy();
    fireEvent.click(screen.getByText('xs', { selector: 'button.variant' }), { ctrlKey: true });
    fireEvent.click(screen.getByText('opencode', { selector: 'button' }), { metaKey: true });
    await flush();
    expect(store.getState().bundleSelection).toEqual({ variants: ['xs'], profiles: ['opencode'] });
    expect(screen.getByText('xs', { selector: 'button.variant' }).className).toContain('picked');
    expect(store.getState().tabs).toEqual([]);
    fireEvent.click(screen.getByText('xs', { selector: 'button.variant' }), { ctrlKey: true });
    expect(store.getState().bundleSelection).toEqual({ variants: [], profiles: ['opencode'] });
  });
});

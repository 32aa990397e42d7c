// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, workspaceView } from '../testing/fake-api';
import { flush, setupStore } from '../testing/setup-store';
import { PlaceholdersTable, templateKeys } from './PlaceholdersTable';

let disconnect: () => void = () => {};
afterEach(() => {
  cleanup();
  disconnect();
});

const cfg = { kind: 'variant-config', variantId: 'generic' } as const;
const tpl = { kind: 'variant-template', variantId: 'generic' } as const;

async function setup() {
  const api = createFakeApi({
    docs: [
      { ref: cfg, text: 'id: generic\ncomponentOrder: []\nplaceholders:\n  TEAM: core\n' },
      { ref: tpl, text: 'Team {{TEAM}}\n{{OS}} {{MISSING}}\n{{TEAM}}' },
    ],
  });
  const s = setupStore(api);
  disconnect = s.disconnect;
  s.store.setState({ workspace: workspaceView(), target: { kind: 'variant', variantId: 'generic' } });
  await s.store.getState().ensureDoc(cfg);
  await s.store.getState().ensureDoc(tpl);
  return s;
}

describe('PlaceholdersTable', () => {
  it('lists template keys in order of use', () => {
    expect(templateKeys('{{A}} {{ B }} {{A}}')).toEqual(['A', 'B']);
  });

  it('shows where each placeholder is used and which keys stay unresolved', async () => {
    await setup();
    render(<PlaceholdersTable />);
    expect(screen.getByTestId('placeholder-TEAM').textContent).toContain('line 1, 3');
    expect(screen.getByTestId('template-keys').textContent).toContain('unresolved');
  });

  it('adds a placeholder to variant.yaml', async () => {
    const { api } = await setup();
    render(<PlaceholdersTable />);
    fireEvent.change(screen.getByLabelText('New placeholder name'), { target: { value: 'AUDIENCE' } });
    fireEvent.change(screen.getByLabelText('New placeholder value'), { target: { value: 'engineers' } });
    fireEvent.click(screen.getByText('Add placeholder'));
    await flush();
    expect(api.updatedTexts().at(-1)).toBe('id: generic\ncomponentOrder: []\nplaceholders:\n  TEAM: core\n  AUDIENCE: engineers\n');
  });

  it('renames a placeholder in variant.yaml and in the template', async () => {
    const { api, store } = await setup();
    render(<PlaceholdersTable />);
    const name = screen.getByLabelText('Name of TEAM');
    fireEvent.change(name, { target: { value: 'SQUAD' } });
    fireEvent.keyDown(name, { key: 'Enter' });
    await flush();
    await flush();
    expect(api.files.get('variant-config:generic')!.text).toContain('SQUAD: core');
    expect(store.getState().docs['variant-template:generic']!.text).toBe('Team {{SQUAD}}\n{{OS}} {{MISSING}}\n{{SQUAD}}');
  });
});

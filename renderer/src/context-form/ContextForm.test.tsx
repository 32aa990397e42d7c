// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, failedPreview, workspaceView } from '../testing/fake-api';
import { setupStore } from '../testing/setup-store';
import { ContextForm } from './ContextForm';

let disconnect: () => void = () => {};
afterEach(() => {
  cleanup();
  disconnect();
  vi.useRealTimers();
});

/** The preview asks the host 60 ms after the last context edit (simulated time: see the tests). */
const REFRESH_DELAY_MS = 60;

async function setup() {
  const api = createFakeApi({
    docs: [{ ref: { kind: 'preset', name: 'basic' }, text: 'context:\n  supportsBrowserUse: true\n  runtimePlaceholders: { A: "1" }\n' }],
    handlers: {
      'preview:set': failedPreview(),
    },
  });
  const s = setupStore(api);
  disconnect = s.disconnect;
  s.store.setState({ workspace: workspaceView(), target: { kind: 'variant', variantId: 'generic' } });
  await s.store.getState().loadPreset('basic', false);
  return s;
}

describe('ContextForm', () => {
  it('labels fields in plain words and turns the browser off', async () => {
    const { store, api } = await setup();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<ContextForm />);
    const box = screen.getByLabelText('The agent can use a browser') as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    expect(store.getState().context.supportsBrowserUse).toBe(false);
    expect(api.callsOf('preview:set')).toEqual([]);
    await vi.advanceTimersByTimeAsync(REFRESH_DELAY_MS);
    expect(api.callsOf('preview:set').map((c) => c.context)).toEqual([
      { kind: 'inline', context: expect.objectContaining({ supportsBrowserUse: false }) },
    ]);
  });

  it('validates runtime placeholders as JSON and keeps the last good value', async () => {
    const { store } = await setup();
    render(<ContextForm />);
    const field = screen.getByLabelText(/Runtime placeholders/) as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: '{ "A": ' } });
    expect(screen.getByRole('alert').textContent).toMatch(/Not valid JSON/);
    expect(store.getState().context.runtimePlaceholders).toEqual({ A: '1' });
    fireEvent.change(field, { target: { value: '["x"]' } });
    expect(screen.getByRole('alert').textContent).toMatch(/object/);
    fireEvent.change(field, { target: { value: '{ "B": 2 }' } });
    expect(store.getState().context.runtimePlaceholders).toEqual({ B: 2 });
  });

  it('adds an MCP server card', async () => {
    const { store } = await setup();
    render(<ContextForm />);
    fireEvent.click(screen.getByText('Add MCP server'));
    expect(store.getState().context.mcpServers).toEqual([
      { name: 'server', status: 'connected', tools: [], resources: [], resourceTemplates: [] },
    ]);
  });

  it('takes the rule texts from a repository’s files: a tree, or the working folder on disk, and back', async () => {
    const { store, api } = await setup();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<ContextForm />);
    fireEvent.click(screen.getByLabelText(/Take the rule texts from a repository/));
    expect(store.getState().context.repository).toEqual({ files: { '/home/user/project/.clinerules/rules.md': '' } });
    fireEvent.change(screen.getByLabelText('Content of /home/user/project/.clinerules/rules.md'), { target: { value: 'Tabs.' } });
    expect(store.getState().context.repository).toEqual({ files: { '/home/user/project/.clinerules/rules.md': 'Tabs.' } });
    fireEvent.click(screen.getByLabelText(/Read the working folder on this machine/));
    expect(store.getState().context.repository).toMatchObject({ discovery: 'real' });
    expect(screen.getByTestId('repository-choose-folder')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(REFRESH_DELAY_MS);
    expect(api.callsOf('preview:set').at(-1)!.context).toMatchObject({ kind: 'inline', context: { repository: { discovery: 'real' } } });
    fireEvent.click(screen.getByLabelText(/Take the rule texts from a repository/));
    expect(store.getState().context.repository).toBeUndefined();
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, failedPreview, workspaceView } from '../testing/fake-api';
import { setupStore } from '../testing/setup-store';
import { StackContextForm } from './StackContextForm';

let disconnect: () => void = () => {};
afterEach(() => {
  cleanup();
  disconnect();
});

describe('StackContextForm', () => {
  it('lists the global instruction files by name with real discovery, each one switchable off and on', async () => {
    const api = createFakeApi({ handlers: { 'preview:set': failedPreview() } });
    const s = setupStore(api);
    disconnect = s.disconnect;
    s.store.setState({ workspace: workspaceView(), target: { kind: 'profile', profileId: 'opencode' } });
    render(<StackContextForm />);
    expect(screen.queryByTestId('global-locations')).toBeNull();
    fireEvent.click(screen.getByLabelText(/Read the real folders/));
    const names = [...screen.getByTestId('global-locations').querySelectorAll('label')].map((l) => l.textContent);
    expect(names).toEqual(['$OPENCODE_CONFIG_DIR/AGENTS.md', '~/.config/opencode/AGENTS.md', '~/.claude/CLAUDE.md']);
    const claude = screen.getByLabelText('~/.claude/CLAUDE.md') as HTMLInputElement;
    expect(claude.checked).toBe(true);
    fireEvent.click(claude);
    expect(claude.checked).toBe(false);
    await vi.waitFor(() =>
      expect(api.callsOf('preview:set').at(-1)!.context).toEqual({ kind: 'stack', context: {}, discovery: 'real', globalsOff: ['claude'] }),
    );
    fireEvent.click(claude);
    expect(s.store.getState().stackGlobalsOff).toEqual([]);
  });
});

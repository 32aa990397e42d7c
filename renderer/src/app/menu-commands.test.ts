import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi } from '../testing/fake-api';
import { setupStore } from '../testing/setup-store';
import { followMenu } from './menu-commands';

let cleanup: () => void = () => {};
afterEach(() => cleanup());

describe('the desktop menu', () => {
  it('runs its commands in the renderer: help, the shortcut sheet, the palette', () => {
    const api = createFakeApi();
    const { store, disconnect } = setupStore(api);
    const stop = followMenu(api, () => store.getState());
    cleanup = () => (stop(), disconnect());
    api.emit('menu:command', { command: 'gettingStarted' });
    expect(store.getState().help).toBe('getting-started');
    api.emit('menu:command', { command: 'shortcuts' });
    expect(store.getState().help).toBe('shortcuts');
    api.emit('menu:command', { command: 'commandPalette' });
    expect(store.getState().palette).toBe('commands');
  });
});

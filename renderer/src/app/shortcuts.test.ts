// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi } from '../testing/fake-api';
import { flush, setupStore } from '../testing/setup-store';
import { clampSize, layoutStore } from '../ui/layout-store';
import { installShortcuts } from './shortcuts';

let cleanup: () => void = () => {};
afterEach(() => cleanup());

const tpl = { kind: 'variant-template', variantId: 'generic' } as const;

function press(target: EventTarget, key: string, code: string, mods: KeyboardEventInit = {}): KeyboardEvent {
  const e = new KeyboardEvent('keydown', { key, code, bubbles: true, cancelable: true, ...mods });
  target.dispatchEvent(e);
  return e;
}

describe('shortcuts', () => {
  it('save, diff toggle and the palette work from anywhere; undo in a plain field stays native', async () => {
    const api = createFakeApi({ docs: [{ ref: tpl, text: 'a' }] });
    const { store, disconnect } = setupStore(api);
    const uninstall = installShortcuts(window);
    cleanup = () => {
      uninstall();
      disconnect();
    };
    await store.getState().openDoc(tpl);
    store.getState().editDoc('variant-template:generic', 'ab', 'structured');
    expect(press(document.body, 's', 'KeyS', { ctrlKey: true }).defaultPrevented).toBe(true);
    await flush();
    expect(api.callsOf('doc:save')).toEqual([{ ref: tpl }]);

    press(document.body, 'D', 'KeyD', { ctrlKey: true, shiftKey: true });
    expect(store.getState().diffOn).toBe(true);

    const input = document.createElement('input');
    document.body.append(input);
    const native = press(input, 'z', 'KeyZ', { ctrlKey: true });
    expect(native.defaultPrevented).toBe(false);
    expect(store.getState().docs['variant-template:generic']!.text).toBe('ab');
    press(document.body, 'z', 'KeyZ', { ctrlKey: true });
    expect(store.getState().docs['variant-template:generic']!.text).toBe('a');

    press(document.body, 'P', 'KeyP', { ctrlKey: true, shiftKey: true });
    expect(store.getState().palette).toBe('commands');
  });
});

describe('layout', () => {
  it('keeps pane sizes within bounds and remembers them', () => {
    expect(clampSize('explorer', 10)).toBe(140);
    expect(clampSize('preview', 5000)).toBe(1400);
    layoutStore.getState().set('bottom', 333);
    expect(JSON.parse(localStorage.getItem('variant-studio.layout')!).state.bottom).toBe(333);
  });
});

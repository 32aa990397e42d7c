// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi } from '../testing/fake-api';
import { setupStore } from '../testing/setup-store';
import { layoutStore } from '../ui/layout-store';
import { makeRoomForSideBySide, NARROW_SIDE_BY_SIDE_PX, sideBySideWidth } from './side-by-side-room';

let cleanup: () => void = () => {};
afterEach(() => cleanup());

describe('room for a side-by-side diff', () => {
  it('widens a narrow preview as far as the editor area allows', () => {
    // 1440 px with the default panes (explorer 230, preview 560): 760, the editor area keeps 440.
    expect(sideBySideWidth(1440, 230, 560)).toBe(760);
    // Wide enough already: as the user made it.
    expect(sideBySideWidth(1440, 230, 900)).toBe(900);
    // 1100 px: what leaves the editor area 320 px, still too narrow for two columns.
    expect(sideBySideWidth(1100, 230, 500)).toBe(540);
    expect(sideBySideWidth(1100, 230, 500)).toBeLessThan(NARROW_SIDE_BY_SIDE_PX);
    // No room at all: never narrower than it was.
    expect(sideBySideWidth(800, 230, 500)).toBe(500);
  });

  it('widens the preview while the diff is side by side and gives the width back, unless the user resized it', () => {
    const { store, disconnect } = setupStore(
      createFakeApi({ handlers: { 'preview:set': () => ({ error: { code: 'X', message: 'x' } }) } }),
    );
    const stop = makeRoomForSideBySide(store, { innerWidth: 1440 });
    cleanup = () => (stop(), disconnect());
    layoutStore.setState({ explorer: 230, preview: 560 });
    store.setState({ diffOn: true, diffLayout: 'side' });
    expect(layoutStore.getState().preview).toBe(760);
    store.setState({ diffLayout: 'inline' });
    expect(layoutStore.getState().preview).toBe(560);
    // Off and on again with side by side kept: the same.
    store.setState({ diffLayout: 'side' });
    expect(layoutStore.getState().preview).toBe(760);
    store.setState({ diffOn: false });
    expect(layoutStore.getState().preview).toBe(560);
    // Resized by the user while side by side: the new width stays.
    store.setState({ diffOn: true });
    layoutStore.getState().set('preview', 820);
    store.setState({ diffLayout: 'inline' });
    expect(layoutStore.getState().preview).toBe(820);
  });
});

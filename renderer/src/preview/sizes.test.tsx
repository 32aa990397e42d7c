// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PreviewResult } from '../../../shared/ipc/contract';
import { createFakeApi } from '../testing/fake-api';
import { setupStore } from '../testing/setup-store';
import { variantPreview } from '../testing/built-preview';
import { PreviewPane } from './PreviewPane';

// The Monaco views never load here: the prompt tab shows its fallback; the sizes line is plain React.
vi.mock('../monaco/ready', () => ({ monacoReady: () => new Promise<void>(() => {}) }));

let disconnect: () => void = () => {};
afterEach(() => {
  cleanup();
  disconnect();
});

describe('the sizes line above the preview', () => {
  it("shows a variant build's own line count, and counts the lines of a text it is not the count of", () => {
    const s = setupStore(createFakeApi());
    disconnect = s.disconnect;
    const show = (r: PreviewResult) => (s.store.setState({ target: r.target }), s.store.getState().applyPreview(r));
    const lines = () => screen.getByTestId('sizes').querySelectorAll('span')[1]!.textContent;
    show(variantPreview(1, { text: 'one\ntwo\nthree', sizes: { chars: 13, bytes: 13, lines: 3 } }));
    render(<PreviewPane />);
    expect(lines()).toBe('3 lines');
    // The build's count is what is shown (the host counted it with the text it built).
    act(() => show(variantPreview(2, { text: 'one\ntwo\nthree', sizes: { chars: 13, bytes: 13, lines: 1_234 } })));
    expect(lines()).toBe('1,234 lines');
    // Sizes of another text than the one shown are not taken: its lines are counted.
    act(() => show(variantPreview(3, { text: 'a\nb\nc\nd', sizes: { chars: 13, bytes: 13, lines: 3 } })));
    expect(lines()).toBe('4 lines');
  });
});

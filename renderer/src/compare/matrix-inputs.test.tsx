// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DocumentInfo, MatrixView as MatrixData, WorkspaceView } from '../../../shared/ipc/contract';
import type { DocRef } from '../../../shared/ipc/doc-ref';
import { docKey } from '../../../shared/ipc/doc-key';
import { createFakeApi, differingMatrixCell, workspaceView } from '../testing/fake-api';
import { flush, setupStore } from '../testing/setup-store';
import { MatrixView } from './MatrixView';

let disconnect: () => void = () => {};
afterEach(() => {
  cleanup();
  disconnect();
});

const doc = (ref: DocRef, path: string, dirty = false): DocumentInfo => ({ ref, key: docKey(ref), path, title: path, dirty, isNew: false });
const TEMPLATE = { kind: 'variant-template', variantId: 'generic' } as const;
const PROFILE = { kind: 'profile-file', profileId: 'op', file: 'profile.yaml' } as const;

describe('the matrix view asks for a new matrix', () => {
  it('when a workspace view changes what the matrix is made from, not at a view that changes nothing of it', async () => {
    let version = 0;
    const api = createFakeApi({
      handlers: {
        'compare:matrix': (): MatrixData => ({
          version: ++version,
          variants: ['generic'],
          presets: ['basic'],
          cells: [differingMatrixCell('generic')],
          dir: 'snapshots',
          readOnly: false,
        }),
      },
    });
    const s = setupStore(api);
    disconnect = s.disconnect;
    const base = (partial: Partial<WorkspaceView> = {}) =>
      workspaceView({ documents: [doc(TEMPLATE, 'variants/generic/template.md'), doc(PROFILE, 'profiles/op/profile.yaml')], ...partial });
    s.store.setState({ workspace: base() });
    render(<MatrixView />);
    await act(flush);
    const asked = () => api.callsOf('compare:matrix').length;
    expect(asked()).toBe(1);
    expect(s.store.getState().matrix?.version).toBe(1);

    // Views the host sends that change nothing the matrix is made from: an equal one, a profile's file edited, a notice.
    const unrelated = [
      base(),
      base({ documents: [doc(TEMPLATE, 'variants/generic/template.md'), doc(PROFILE, 'profiles/op/profile.yaml', true)] }),
      base({ problems: [{ file: 'profiles/op/profile.yaml', message: 'bad', severity: 'error' }], notices: ['said once'] }),
    ];
    for (const view of unrelated) {
      act(() => s.store.getState().applyWorkspace(view));
      await act(flush);
    }
    expect(asked()).toBe(1);

    // A variant's template turned dirty, then a preset more: each asks once.
    act(() =>
      s.store
        .getState()
        .applyWorkspace(
          base({ documents: [doc(TEMPLATE, 'variants/generic/template.md', true), doc(PROFILE, 'profiles/op/profile.yaml')] }),
        ),
    );
    await act(flush);
    expect(asked()).toBe(2);
    act(() =>
      s.store.getState().applyWorkspace(
        base({
          documents: [doc(TEMPLATE, 'variants/generic/template.md', true), doc(PROFILE, 'profiles/op/profile.yaml')],
          presets: [
            { name: 'basic', description: 'Basic', kind: 'variant' },
            { name: 'other', description: 'Other', kind: 'variant' },
          ],
        }),
      ),
    );
    await act(flush);
    expect(asked()).toBe(3);
    expect(s.store.getState().matrix?.version).toBe(3);
  });
});

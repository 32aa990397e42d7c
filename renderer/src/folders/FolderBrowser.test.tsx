// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { FolderListing } from '../../../shared/ipc/contract';
import { createFakeApi } from '../testing/fake-api';
import { flush, setupStore } from '../testing/setup-store';
import { requestFolder } from '../ui/folder-request';
import { FolderBrowser } from './FolderBrowser';

let disconnect: () => void = () => {};
afterEach(() => {
  cleanup();
  disconnect();
});

const HOME: FolderListing = { path: '/home/me', parent: '/home', separator: '/', folders: ['work'] };

it('a path typed before the first listing arrives is kept, and Go lists that path', async () => {
  let answerFirst: (l: FolderListing) => void = () => {};
  const asked: (string | undefined)[] = [];
  const api = createFakeApi({
    handlers: {
      'folders:list': (r) => {
        asked.push(r.path);
        if (r.path === undefined) return new Promise<FolderListing>((resolve) => (answerFirst = resolve));
        return { path: r.path, parent: '/', separator: '/', folders: [] };
      },
    },
  });
  disconnect = setupStore(api).disconnect;
  render(<FolderBrowser />);
  act(() => void requestFolder('open', 'Open a folder'));
  const field = await screen.findByLabelText<HTMLInputElement>('Folder path');

  fireEvent.change(field, { target: { value: '/srv/team' } });
  await act(async () => {
    answerFirst(HOME);
    await flush();
  });
  expect(field.value).toBe('/srv/team');

  fireEvent.click(screen.getByRole('button', { name: 'Go' }));
  await act(flush);
  expect(asked).toEqual([undefined, '/srv/team']);
  expect(field.value).toBe('/srv/team');
});

it('without typing, the first listing fills the field', async () => {
  const api = createFakeApi({ handlers: { 'folders:list': () => HOME } });
  disconnect = setupStore(api).disconnect;
  render(<FolderBrowser />);
  act(() => void requestFolder('open', 'Open a folder'));
  const field = await screen.findByLabelText<HTMLInputElement>('Folder path');
  await act(flush);
  expect(field.value).toBe('/home/me');
});

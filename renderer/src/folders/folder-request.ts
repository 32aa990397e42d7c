import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/** What a folder is chosen for (as the host's FolderPurpose). */
export type FolderPurpose = 'open' | 'copy' | 'working-folder';

export interface FolderRequest {
  purpose: FolderPurpose;
  title: string;
  resolve(path: string | null): void;
}

/** The folder browser's one open request (browser mode has no folder dialog). */
export const folderRequestStore = createStore<{ request: FolderRequest | null }>()(() => ({ request: null }));

/** Opens the folder browser; resolves with the chosen absolute path, or null when cancelled. */
export function requestFolder(purpose: FolderPurpose, title: string): Promise<string | null> {
  return new Promise((resolve) => {
    folderRequestStore.getState().request?.resolve(null);
    folderRequestStore.setState({ request: { purpose, title, resolve } });
  });
}

export function answerFolder(path: string | null): void {
  const request = folderRequestStore.getState().request;
  folderRequestStore.setState({ request: null });
  request?.resolve(path);
}

export function useFolderRequest(): FolderRequest | null {
  return useStore(folderRequestStore, (s) => s.request);
}

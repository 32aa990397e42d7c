import { oneRequest } from './one-request';

/** What a folder is chosen for (as the host's FolderPurpose). */
export type FolderPurpose = 'open' | 'copy' | 'working-folder';

export interface FolderRequest {
  purpose: FolderPurpose;
  title: string;
}

/** The folder browser's one open request (browser mode has no folder dialog). */
const folderRequest = oneRequest<FolderRequest, string>();

/** Opens the folder browser; resolves with the chosen absolute path, or null when cancelled. */
export function requestFolder(purpose: FolderPurpose, title: string): Promise<string | null> {
  return folderRequest.ask({ purpose, title });
}

export const answerFolder = folderRequest.answer;
export const useFolderRequest = folderRequest.use;

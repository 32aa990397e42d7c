import type { ChannelRequest, ChannelResponse } from '../../../shared/ipc/contract';
import { plainMessage } from '../ui/plain-message';
import { requestFolder, type FolderPurpose } from '../ui/folder-request';
import { call, callRaw } from './api';

/** Channels that take a folder: the host asks with its folder dialog, or is given a path. */
type FolderChannel = 'workspace:openFolder' | 'workspace:copyTo' | 'stack:grantFolder';

const PURPOSE: Record<FolderChannel, FolderPurpose> = {
  'workspace:openFolder': 'open',
  'workspace:copyTo': 'copy',
  'stack:grantFolder': 'working-folder',
};

/**
 * Calls a channel that needs a folder: the host asks with its folder dialog; where it has
 * none (browser mode) the user picks it in the folder browser the host serves. Null when
 * cancelled or failed (reported).
 */
export async function withFolder<C extends FolderChannel>(
  channel: C,
  path: string | undefined,
  question: string,
  notify: (text: string) => void,
): Promise<ChannelResponse<C> | null> {
  const r = await callRaw(channel, (path ? { path } : {}) as ChannelRequest<C>);
  if (r.ok) return r.value;
  if (r.error.code === 'DIALOG_UNAVAILABLE' && !path) {
    const chosen = await requestFolder(PURPOSE[channel], question);
    return chosen ? ((await call(channel, { path: chosen } as ChannelRequest<C>)) ?? null) : null;
  }
  notify(plainMessage(r.error.message));
  return null;
}

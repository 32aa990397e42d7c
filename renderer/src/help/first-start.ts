import { call } from '../store/api';
import type { StudioState } from '../store/types';

/** Opens the getting-started panel on the first start on this machine (the host remembers it was shown). */
export async function openGettingStartedOnFirstStart(s: () => StudioState): Promise<void> {
  const state = await call('help:state', {});
  if (!state || state.gettingStartedSeen) return;
  s().showHelp('getting-started');
  await call('help:seen', {});
}

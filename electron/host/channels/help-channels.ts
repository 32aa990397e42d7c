import type { ChannelHandlers } from '../../../shared/ipc/dispatch.js';
import type { HostContext } from '../host-context.js';

type HelpChannel = 'help:state' | 'help:seen';

/** Handlers of the help group: the first-start flag of the getting-started panel, in the user's settings. */
export function helpHandlers(host: HostContext): Pick<ChannelHandlers, HelpChannel> {
  return {
    'help:state': () => ({ gettingStartedSeen: host.settings.gettingStartedSeen() }),
    'help:seen': () => {
      host.settings.markGettingStartedSeen();
      return { gettingStartedSeen: true };
    },
  };
}

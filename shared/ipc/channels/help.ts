import { z } from 'zod';
import { channel, Empty } from './channel.js';

/** Channels of the in-app help: whether the getting-started panel was shown (it opens by itself on the first start). */

const HelpStateSchema = z.object({ gettingStartedSeen: z.boolean() }).strict();

export const helpChannels = {
  'help:state': channel(Empty, HelpStateSchema, 'Whether the getting-started panel has been shown on this machine.'),
  'help:seen': channel(Empty, HelpStateSchema, 'Remember that the getting-started panel was shown (it does not open by itself again).'),
} as const;

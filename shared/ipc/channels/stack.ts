import { z } from 'zod';
import { channel } from './channel.js';

/** Channels of stack profiles: the folders whose real instruction files a stack preview may read. */

export const stackChannels = {
  'stack:grantFolder': channel(
    z.object({ path: z.string().min(1).optional() }).strict(),
    z.object({ path: z.string() }).strict().nullable(),
    'Choose the working folder whose real instruction files stack previews may read (discovery: real); without a path the host asks with a folder dialog (null when cancelled). Answers the folder with symlinks resolved.',
  ),
} as const;

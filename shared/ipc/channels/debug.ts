import { z } from 'zod';
import { channel, Empty } from './channel.js';

/**
 * Debug channels: the host's timing marks (shared/ipc/trace.ts), for bench:ui. The host records
 * them only when started with tracing on (VARIANT_STUDIO_TRACE=1); otherwise the list is empty.
 */

const TraceMarkSchema = z.object({ name: z.string(), at: z.number() }).strict();

export const debugChannels = {
  'debug:marks': channel(
    Empty,
    z.object({ enabled: z.boolean(), now: z.number(), marks: z.array(TraceMarkSchema) }).strict(),
    "The host's timing marks since the last call (empty unless the host traces: VARIANT_STUDIO_TRACE=1), and its clock now (epoch ms, to line its marks up with the caller's).",
  ),
} as const;

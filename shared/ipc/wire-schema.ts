import { z } from 'zod';
import type { WireCall } from './wire.js';

/** What the browser-mode server accepts as a call (wire.ts), checked before anything reads it. */
export const WireCallSchema = z
  .object({
    type: z.literal('call'),
    id: z.number().int().nonnegative(),
    channel: z.string().max(100),
    payload: z.unknown().optional(),
  })
  .strict() satisfies z.ZodType<WireCall>;

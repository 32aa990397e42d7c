import { z } from 'zod';

/** One entry of the contract's table: the request and response schemas and what the channel does. */
export interface ChannelSpec<Req extends z.ZodType, Res extends z.ZodType> {
  request: Req;
  response: Res;
  description: string;
}

export const channel = <Req extends z.ZodType, Res extends z.ZodType>(
  request: Req,
  response: Res,
  description: string,
): ChannelSpec<Req, Res> => ({ request, response, description });

/** The request of a channel that takes nothing. */
export const Empty = z.object({}).strict();

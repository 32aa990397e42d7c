import type { ChannelName, ChannelRequest, ChannelResponse, StudioApi } from '../../../shared/ipc/contract';

/**
 * The one StudioApi the renderer talks to (Electron preload or browser transport; tests set
 * a fake). Calls return values, never throw: a failed call is reported and yields undefined.
 */
let current: StudioApi | null = null;
type ErrorListener = (channel: string, error: { code: string; message: string }) => void;
let onError: ErrorListener = () => {};

export function setApi(api: StudioApi | null): void {
  current = api;
}

export function getApi(): StudioApi {
  if (!current) throw new Error('StudioApi is not set');
  return current;
}

export function setApiErrorListener(listener: ErrorListener): void {
  onError = listener;
}

export type CallResult<C extends ChannelName> =
  { ok: true; value: ChannelResponse<C> } | { ok: false; error: { code: string; message: string } };

/** Calls a channel; errors are values. */
export async function callRaw<C extends ChannelName>(channel: C, request: ChannelRequest<C>): Promise<CallResult<C>> {
  const fn = getApi()[channel] as (r: ChannelRequest<C>) => Promise<CallResult<C>>;
  try {
    return await fn(request);
  } catch (e) {
    return { ok: false, error: { code: 'INTERNAL', message: e instanceof Error ? e.message : String(e) } };
  }
}

/** Calls a channel and reports a failure to the error listener (shown as a notice). */
export async function call<C extends ChannelName>(channel: C, request: ChannelRequest<C>): Promise<ChannelResponse<C> | undefined> {
  const r = await callRaw(channel, request);
  if (r.ok) return r.value;
  onError(channel, r.error);
  return undefined;
}

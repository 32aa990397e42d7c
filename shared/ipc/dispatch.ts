import type { z } from 'zod';
import { CHANNELS, type ChannelName } from './contract.js';
import { toIpcError } from './host-error.js';
import type { IpcResult } from './ipc-result.js';

/**
 * The host side of the contract, shared by the Electron IPC registration and the browser
 * server: a request is checked against its channel's zod schema before the handler runs,
 * and whatever the handler does — return, throw, reject — the caller gets an IpcResult.
 */

type RequestOf<C extends ChannelName> = z.output<(typeof CHANNELS)[C]['request']>;
type ResponseOf<C extends ChannelName> = z.input<(typeof CHANNELS)[C]['response']>;

export type ChannelHandler<C extends ChannelName> = (request: RequestOf<C>) => ResponseOf<C> | Promise<ResponseOf<C>>;
/** One handler per channel of the contract (a missing one is a type error). */
export type ChannelHandlers = { [C in ChannelName]: ChannelHandler<C> };

export type Dispatch = (channel: string, payload: unknown) => Promise<IpcResult<unknown>>;

export interface DispatchOptions {
  /**
   * Check every response against its schema too (a mismatch becomes an INTERNAL error).
   * On in tests and development; a response the host builds itself is trusted otherwise.
   */
  validateResponses?: boolean;
  /** Told about errors that are not HostErrors (bugs), for logging. */
  onUnexpectedError?: (channel: string, error: unknown) => void;
}

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(CHANNELS, name);
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.map(String).join('.') : '(request)'}: ${issue.message}`)
    .join('; ');
}

export function createDispatcher(handlers: ChannelHandlers, options: DispatchOptions = {}): Dispatch {
  return async (channel, payload) => {
    if (!isChannelName(channel))
      return { ok: false, error: { code: 'INVALID_REQUEST', message: `unknown channel '${String(channel).slice(0, 100)}'` } };
    const spec = CHANNELS[channel];
    const parsed = spec.request.safeParse(payload ?? {});
    if (!parsed.success) return { ok: false, error: { code: 'INVALID_REQUEST', message: `${channel}: ${describeIssues(parsed.error)}` } };
    let value: unknown;
    try {
      const handler = handlers[channel] as (request: unknown) => unknown;
      value = await handler(parsed.data);
    } catch (error) {
      const ipcError = toIpcError(error);
      if (ipcError.code === 'INTERNAL') options.onUnexpectedError?.(channel, error);
      return { ok: false, error: ipcError };
    }
    if (options.validateResponses) {
      const checked = spec.response.safeParse(value);
      if (!checked.success) {
        const error = new Error(`${channel}: the host's response does not match the contract: ${describeIssues(checked.error)}`);
        options.onUnexpectedError?.(channel, error);
        return { ok: false, error: { code: 'INTERNAL', message: error.message } };
      }
      return { ok: true, value: checked.data };
    }
    return { ok: true, value };
  };
}

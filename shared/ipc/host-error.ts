import type { IpcError, IpcErrorCode } from './ipc-result.js';

/**
 * An expected failure of a host service, with the code the renderer sees. Services throw
 * it; the dispatcher turns it (and anything else thrown) into an IpcError value.
 */
export class HostError extends Error {
  readonly code: IpcErrorCode;

  constructor(code: IpcErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'HostError';
    this.code = code;
  }
}

/**
 * Any thrown value as an IpcError. A HostError keeps its code and message; anything else is
 * INTERNAL with its message only (no stack crosses the boundary).
 */
export function toIpcError(error: unknown): IpcError {
  if (error instanceof HostError) return { code: error.code, message: error.message };
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : 'unexpected error';
  return { code: 'INTERNAL', message: message || 'unexpected error' };
}

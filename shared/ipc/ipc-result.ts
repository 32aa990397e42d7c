import { z } from 'zod';

/** Errors cross the boundary as values with a stable code, never as exceptions. */
export const IpcErrorCodeSchema = z.enum([
  'INVALID_REQUEST',
  'FORBIDDEN',
  'NOT_FOUND',
  'PATH_OUTSIDE_WORKSPACE',
  'READ_ONLY',
  'CONFLICT',
  'NO_WORKSPACE',
  'DIALOG_UNAVAILABLE',
  'IO_ERROR',
  'BUILD_FAILED',
  /** The transport to the host is down (browser mode: the WebSocket closed). */
  'DISCONNECTED',
  'INTERNAL',
]);
export type IpcErrorCode = z.infer<typeof IpcErrorCodeSchema>;

export const IpcErrorSchema = z.object({ code: IpcErrorCodeSchema, message: z.string() }).strict();
export type IpcError = z.infer<typeof IpcErrorSchema>;

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

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

export function ipcResultSchema<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value }).strict(),
    z.object({ ok: z.literal(false), error: IpcErrorSchema }).strict(),
  ]);
}

export const ok = <T>(value: T): IpcResult<T> => ({ ok: true, value });
export const fail = (code: IpcErrorCode, message: string): IpcResult<never> => ({ ok: false, error: { code, message } });

import type { EventName } from './contract.js';
import type { IpcResult } from './ipc-result.js';
import type { EventPatch } from './event-codec.js';

/**
 * Browser mode's WebSocket protocol: the renderer sends calls, the host answers each with
 * its IpcResult and pushes events. JSON text frames.
 */

/** Path of the WebSocket endpoint (same origin as the page). */
export const WS_PATH = '/ws';
/** Query parameter (page URL and WebSocket URL) carrying the session token. */
export const TOKEN_PARAM = 'token';
/** Cookie the server sets on the first page load, so the page's assets load without the query. */
export const TOKEN_COOKIE = 'vs_token';
/** Largest frame either side accepts (a workspace copy or a long template fits easily). */
export const MAX_FRAME_BYTES = 16 * 1024 * 1024;

/** A call from the renderer (the server checks each against WireCallSchema, wire-schema.ts). */
export interface WireCall {
  type: 'call';
  id: number;
  channel: string;
  payload?: unknown;
}

/**
 * A message from the host. Preview and compare results (their events, and the answers of
 * preview:set and compare:set) may carry a `patch`: their texts are then edits of the
 * previous result of their kind (preview-wire.ts, compare-wire.ts, EventEncoder.encodeAnswer).
 */
export type WireServerMessage =
  | { type: 'result'; id: number; result: IpcResult<unknown>; patch?: EventPatch | undefined }
  | { type: 'event'; event: EventName; payload: unknown; patch?: EventPatch | undefined };

/** The channels whose answers are preview and compare results (and so may be patched on the wire). */
export const PREVIEW_CHANNEL = 'preview:set';
export const COMPARE_CHANNEL = 'compare:set';

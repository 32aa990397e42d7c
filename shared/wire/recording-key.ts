import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import type { ApiKind } from '../requests/api-kind.js';
import { urlWithoutCredentials } from './endpoints.js';

/**
 * The key of a recorded reply: SHA-256 of the API, the URL the request goes to without
 * credentials or query (the base URL, and for Gemini the model and the streaming method), and
 * the exact body text. Any change to the prompt, the tools, the messages, the model or the
 * parameters changes the key, so an old recording is never replayed for a new request.
 */
export function recordingKey(api: ApiKind, url: string, bodyText: string): string {
  const text = `${api}\n${urlWithoutCredentials(url)}\n${bodyText}`;
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** SHA-256 of a text (exact token counts are cached by it). */
export function textHash(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

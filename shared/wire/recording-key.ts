import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import type { ApiKind } from '../requests/api-kind.js';
import { urlWithoutCredentials } from './endpoints.js';

/** SHA-256 of a text's UTF-8 bytes, as 64 lowercase hex digits. */
export type Sha256Hex = (text: string) => string;

/**
 * SHA-256 in plain TypeScript (any runtime). The host passes Node's (native, several times
 * faster on a 30 KB body: hashing each eval cell's request this way held its event loop).
 */
export const portableSha256Hex: Sha256Hex = (text) => bytesToHex(sha256(utf8ToBytes(text)));

/**
 * The key of a recorded reply: SHA-256 of the API, the URL the request goes to without
 * credentials or query (the base URL, and for Gemini the model and the streaming method), and
 * the exact body text. Any change to the prompt, the tools, the messages, the model or the
 * parameters changes the key, so an old recording is never replayed for a new request.
 */
export function recordingKey(api: ApiKind, url: string, bodyText: string, sha256Hex: Sha256Hex = portableSha256Hex): string {
  return sha256Hex(`${api}\n${urlWithoutCredentials(url)}\n${bodyText}`);
}

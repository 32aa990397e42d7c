import { TRANSFER_CHUNK_BYTES } from '../../../shared/ipc/limits';
import { callRaw } from './api';

/**
 * Bundle bytes through the contract, in chunks (browser mode has no file dialogs): a picked
 * file goes up to the host, an export comes down and is saved by the browser as a download.
 */

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

type Progress = (done: number, total: number) => void;

/** Sends a file's bytes to the host; resolves with the transfer's id. Errors are thrown as Error(message). */
export async function uploadBytes(name: string, bytes: Uint8Array, onProgress: Progress): Promise<string> {
  let transferId: string | undefined;
  let offset = 0;
  do {
    const chunk = bytes.subarray(offset, offset + TRANSFER_CHUNK_BYTES);
    const r = await callRaw('bundle:upload', {
      ...(transferId ? { transferId } : {}),
      name,
      total: bytes.length,
      data: bytesToBase64(chunk),
    });
    if (!r.ok) throw new Error(r.error.message);
    transferId = r.value.transferId;
    offset += chunk.length;
    onProgress(offset, bytes.length);
  } while (offset < bytes.length);
  return transferId;
}

/** Fetches an export offered for download, whole. */
export async function downloadBytes(transferId: string, onProgress: Progress): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let offset = 0;
  for (;;) {
    const r = await callRaw('bundle:download', { transferId, offset });
    if (!r.ok) throw new Error(r.error.message);
    const data = base64ToBytes(r.value.data);
    parts.push(data);
    offset += data.length;
    onProgress(offset, r.value.total);
    if (r.value.done) break;
  }
  const out = new Uint8Array(offset);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Lets the browser save bytes as a file (a download). */
export function saveAsDownload(fileName: string, bytes: Uint8Array): void {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

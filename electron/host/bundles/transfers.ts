import { randomUUID } from 'node:crypto';
import { HostError } from '../../../shared/ipc/host-error.js';

/**
 * Bundle bytes on their way between the window and the host where there are no file dialogs
 * (browser mode): uploads arrive in chunks and are taken whole once complete; exports wait
 * here to be downloaded in chunks. In memory only, a few at a time, forgotten after a while.
 */

interface Transfer {
  kind: 'upload' | 'download';
  name: string;
  total: number;
  bytes: Uint8Array;
  received: number;
  touched: number;
}

export interface TransferLimits {
  maxBytes: number;
  chunkBytes: number;
  /** Transfers kept at once; the oldest goes first. */
  maxTransfers: number;
  /** Forgotten this long after their last use. */
  ttlMs: number;
}

export class TransferStore {
  private readonly transfers = new Map<string, Transfer>();

  constructor(
    readonly limits: TransferLimits,
    private readonly now: () => number = Date.now,
  ) {}

  private sweep(): void {
    const cutoff = this.now() - this.limits.ttlMs;
    for (const [id, t] of this.transfers) if (t.touched < cutoff) this.transfers.delete(id);
    while (this.transfers.size >= this.limits.maxTransfers) {
      const oldest = [...this.transfers.entries()].sort((a, b) => a[1].touched - b[1].touched)[0]!;
      this.transfers.delete(oldest[0]);
    }
  }

  private get(id: string, kind: Transfer['kind']): Transfer {
    const t = this.transfers.get(id);
    if (!t || t.kind !== kind) throw new HostError('NOT_FOUND', `no ${kind} ${id.slice(0, 40)} (it may have expired; start again)`);
    t.touched = this.now();
    return t;
  }

  /** Keeps an export for download; returns its id. */
  offer(name: string, bytes: Uint8Array): string {
    this.sweep();
    const id = randomUUID();
    this.transfers.set(id, { kind: 'download', name, total: bytes.length, bytes, received: bytes.length, touched: this.now() });
    return id;
  }

  /** One chunk of a download, from `offset`. */
  read(id: string, offset: number): { data: Uint8Array; offset: number; total: number; done: boolean } {
    const t = this.get(id, 'download');
    if (offset > t.total) throw new HostError('INVALID_REQUEST', `offset ${offset} is past the end (${t.total} bytes)`);
    const data = t.bytes.subarray(offset, offset + this.limits.chunkBytes);
    const done = offset + data.length >= t.total;
    if (done) this.transfers.delete(id);
    return { data, offset, total: t.total, done };
  }

  /** Appends a chunk of an upload (the first starts it); returns the bytes received so far. */
  append(id: string | undefined, name: string, total: number, chunk: Uint8Array): { transferId: string; received: number } {
    if (chunk.length > this.limits.chunkBytes)
      throw new HostError('INVALID_REQUEST', `a chunk holds at most ${this.limits.chunkBytes} bytes`);
    let transferId = id;
    let t: Transfer;
    if (transferId === undefined) {
      if (total > this.limits.maxBytes)
        throw new HostError(
          'INVALID_REQUEST',
          `${name} is larger than ${Math.round(this.limits.maxBytes / (1024 * 1024))} MB, more than any bundle can be`,
        );
      this.sweep();
      transferId = randomUUID();
      t = { kind: 'upload', name, total, bytes: new Uint8Array(total), received: 0, touched: this.now() };
      this.transfers.set(transferId, t);
    } else t = this.get(transferId, 'upload');
    if (t.received + chunk.length > t.total) throw new HostError('INVALID_REQUEST', `${t.name}: more bytes than announced (${t.total})`);
    t.bytes.set(chunk, t.received);
    t.received += chunk.length;
    return { transferId, received: t.received };
  }

  /** A complete upload, taken out of the store. */
  take(id: string): { name: string; bytes: Uint8Array } {
    const t = this.get(id, 'upload');
    if (t.received !== t.total)
      throw new HostError('INVALID_REQUEST', `${t.name} is incomplete: ${t.received} of ${t.total} bytes arrived`);
    this.transfers.delete(id);
    return { name: t.name, bytes: t.bytes };
  }
}

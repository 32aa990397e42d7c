import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomicSync } from '../atomic-save.js';

/**
 * Where the keys of connections live: the OS keychain on the desktop (Electron safeStorage
 * encrypts each key with a key the keychain holds; only that ciphertext is on disk), or the
 * session's memory in browser mode. Keys go in and are used by the client; nothing reads them
 * out towards the renderer.
 */

export interface KeyStore {
  readonly kind: 'keychain' | 'memory';
  has(id: string): boolean;
  get(id: string): string | undefined;
  set(id: string, key: string): void;
  delete(id: string): void;
}

/** Encryption by the OS keychain (Electron's safeStorage), injected by the wiring. */
export interface KeyCipher {
  isAvailable(): boolean;
  encrypt(plain: string): Buffer;
  decrypt(cipher: Buffer): string;
}

export class MemoryKeyStore implements KeyStore {
  readonly kind = 'memory' as const;
  private readonly keys = new Map<string, string>();
  has(id: string): boolean {
    return this.keys.has(id);
  }
  get(id: string): string | undefined {
    return this.keys.get(id);
  }
  set(id: string, key: string): void {
    this.keys.set(id, key);
  }
  delete(id: string): void {
    this.keys.delete(id);
  }
}

/** Keys encrypted by the keychain, in `<userData>/connection-keys.json` as base64 ciphertext by connection id. */
export class KeychainKeyStore implements KeyStore {
  readonly kind = 'keychain' as const;
  readonly file: string;
  private blobs: Record<string, string>;

  constructor(
    userDataDir: string,
    private readonly cipher: KeyCipher,
  ) {
    this.file = path.join(userDataDir, 'connection-keys.json');
    this.blobs = KeychainKeyStore.read(this.file);
  }

  private static read(file: string): Record<string, string> {
    try {
      const value: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (value && typeof value === 'object' && !Array.isArray(value))
        return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
    } catch {
      // none yet, or damaged: no keys
    }
    return {};
  }

  has(id: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.blobs, id);
  }

  get(id: string): string | undefined {
    const blob = this.blobs[id];
    if (blob === undefined || !this.cipher.isAvailable()) return undefined;
    try {
      return this.cipher.decrypt(Buffer.from(blob, 'base64'));
    } catch {
      return undefined;
    }
  }

  set(id: string, key: string): void {
    if (!this.cipher.isAvailable()) throw new Error('the system keychain is not available: the key cannot be stored safely');
    this.blobs = { ...this.blobs, [id]: this.cipher.encrypt(key).toString('base64') };
    this.save();
  }

  delete(id: string): void {
    if (!this.has(id)) return;
    const { [id]: _gone, ...rest } = this.blobs;
    this.blobs = rest;
    this.save();
  }

  private save(): void {
    writeFileAtomicSync(this.file, `${JSON.stringify(this.blobs, null, 2)}\n`);
  }
}

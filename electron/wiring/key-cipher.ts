import { safeStorage } from 'electron';
import type { KeyCipher } from '../host/run/key-store.js';

/**
 * Connection keys encrypted by the OS keychain (Keychain on macOS, DPAPI on Windows, the
 * Secret Service or KWallet on Linux) through Electron's safeStorage. Where Linux has no
 * secret store Electron falls back to a fixed password ("basic_text"), which protects
 * nothing: then there is no cipher and keys are kept in memory for the session only.
 */
export function keychainCipher(): KeyCipher | undefined {
  const available = (): boolean => safeStorage.isEncryptionAvailable() && safeStorage.getSelectedStorageBackend?.() !== 'basic_text';
  if (!available()) return undefined;
  return {
    isAvailable: available,
    encrypt: (plain) => safeStorage.encryptString(plain),
    decrypt: (cipher) => safeStorage.decryptString(cipher),
  };
}

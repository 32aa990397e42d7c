/**
 * What a bundle may hold. A bundle is untrusted input (it may come from anyone); these
 * limits are checked before and while it is read, so an archive built to exhaust memory
 * or disk (a zip bomb) is refused before it is inflated whole.
 */
export const BUNDLE_LIMITS = {
  /** Entries in the archive, manifest and folders included. */
  maxEntries: 10_000,
  /** Bytes of all entries together, uncompressed. */
  maxUncompressedBytes: 50 * 1024 * 1024,
  /**
   * How many times its compressed size an entry may inflate to. Every entry counts as at
   * least `ratioFloorBytes` compressed, so a small file of repeated characters passes.
   */
  maxCompressionRatio: 100,
  ratioFloorBytes: 1024,
  /** The archive file itself (stored entries plus headers stay well inside this). */
  maxArchiveBytes: 64 * 1024 * 1024,
  /** manifest.json. */
  maxManifestBytes: 4 * 1024 * 1024,
} as const;

export type BundleLimits = { -readonly [K in keyof typeof BUNDLE_LIMITS]: number };

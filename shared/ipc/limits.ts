/**
 * Limits of the contract the renderer needs as numbers, apart from the channel tables (their
 * zod schemas are not part of the first screen's script); the channels use the same values.
 */

/** Largest chunk of an upload or a download, in bytes (base64 on the wire). */
export const TRANSFER_CHUNK_BYTES = 1024 * 1024;

/** The most columns a comparison shows. */
export const MAX_COMPARE_COLUMNS = 4;

import { createHash } from 'node:crypto';
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';
import { BUNDLE_FORMAT, BUNDLE_FORMAT_VERSION, MANIFEST_PATH, manifestText, type BundleManifest } from '../../../shared/bundle/manifest.js';

/**
 * Builds zip archives for tests, including ones no honest exporter writes: duplicate names,
 * symlinks and devices, lying sizes, hostile names.
 */

export interface CraftEntry {
  name: string;
  data: Uint8Array | string;
  method?: 'deflate' | 'store';
  /** Unix mode (file type and permissions); written with os = 3 (Unix). */
  mode?: number;
}

export function bytesOf(data: Uint8Array | string): Uint8Array {
  return typeof data === 'string' ? strToU8(data) : data;
}

export function craftZip(entries: readonly CraftEntry[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, data) => {
    if (error) throw error;
    chunks.push(data);
  });
  for (const e of entries) {
    const file = e.method === 'store' ? new ZipPassThrough(e.name) : new ZipDeflate(e.name, { level: 6 });
    file.mtime = new Date(1980, 0, 1);
    if (e.mode !== undefined) {
      file.os = 3;
      file.attrs = (e.mode << 16) >>> 0;
    }
    zip.add(file);
    file.push(bytesOf(e.data), true);
  }
  zip.end();
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

export function sha256(data: Uint8Array | string): string {
  return createHash('sha256').update(bytesOf(data)).digest('hex');
}

export function manifestFor(files: Record<string, Uint8Array | string>, overrides: Partial<BundleManifest> = {}): BundleManifest {
  return {
    format: BUNDLE_FORMAT,
    formatVersion: BUNDLE_FORMAT_VERSION,
    appVersion: '0.1.0',
    createdAt: '2026-01-15T00:00:00.000Z',
    sourceWorkspace: 'Test',
    contents: { variants: [], profiles: [], presets: [], rendered: false },
    entries: Object.entries(files).map(([path, data]) => ({ path, size: bytesOf(data).length, sha256: sha256(data) })),
    ...overrides,
  };
}

/** A bundle of `files` with a correct manifest (or the manifest text given), plus extra raw entries. */
export function craftBundle(
  files: Record<string, Uint8Array | string>,
  options: { manifest?: BundleManifest | string | null; extra?: CraftEntry[] } = {},
): Uint8Array {
  const entries: CraftEntry[] = Object.entries(files).map(([name, data]) => ({ name, data }));
  const manifest = options.manifest === undefined ? manifestFor(files) : options.manifest;
  if (manifest !== null) entries.push({ name: MANIFEST_PATH, data: typeof manifest === 'string' ? manifest : manifestText(manifest) });
  return craftZip([...entries, ...(options.extra ?? [])]);
}

/** Offsets of the central-directory header of an entry. */
function centralHeaderOf(zip: Uint8Array, name: string): number {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = zip.length - 22;
  while (view.getUint32(end, true) !== 0x06054b50) end--;
  let at = view.getUint32(end + 16, true);
  const want = strToU8(name);
  for (;;) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error(`no entry ${name}`);
    const nameLength = view.getUint16(at + 28, true);
    const candidate = zip.subarray(at + 46, at + 46 + nameLength);
    if (candidate.length === want.length && candidate.every((b, i) => b === want[i])) return at;
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
}

/** Rewrites the uncompressed size the central directory declares for an entry. */
export function patchDeclaredSize(zip: Uint8Array, name: string, size: number): Uint8Array {
  const copy = zip.slice();
  new DataView(copy.buffer).setUint32(centralHeaderOf(copy, name) + 24, size, true);
  return copy;
}

/** Rewrites the entry count of the end-of-central-directory record. */
export function patchEntryCount(zip: Uint8Array, count: number): Uint8Array {
  const copy = zip.slice();
  const view = new DataView(copy.buffer);
  let end = copy.length - 22;
  while (view.getUint32(end, true) !== 0x06054b50) end--;
  view.setUint16(end + 8, count, true);
  view.setUint16(end + 10, count, true);
  return copy;
}

import { createHash } from 'node:crypto';
import { isRenderedPath } from '../../../shared/bundle/bundle-layout.js';
import { caseCollision, entryNameProblem } from '../../../shared/bundle/entry-names.js';
import { BUNDLE_LIMITS, type BundleLimits } from '../../../shared/bundle/limits.js';
import { MANIFEST_PATH, parseManifest, type BundleManifest } from '../../../shared/bundle/manifest.js';
import { BundleRejected } from '../../../shared/bundle/rejection.js';
import { checkBundleLayout, checkBundleLoads } from '../../../shared/bundle/validate-bundle.js';
import { InflateBudget, inflateEntry, listZipEntries } from './zip-reader.js';

/**
 * Opens a bundle: every check a bundle from someone else must pass before anything of it is
 * shown or written — archive structure, entry names, the manifest, sizes and checksums, the
 * layout, and that its workspace files load. Throws BundleRejected (entry and reason) on the
 * first problem.
 */

export interface BundleContents {
  manifest: BundleManifest;
  /** Workspace files: path -> text (rendered prompts excluded). */
  files: Map<string, string>;
  /** Rendered prompts: path -> text. */
  rendered: Map<string, string>;
}

export type ReadProgress = (done: number, total: number) => void;

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function decode(name: string, bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new BundleRejected(name, 'is not UTF-8 text');
  }
}

/**
 * The structural part: archive, names, manifest, sizes, checksums, layout. Yields to the event
 * loop every megabyte or so, so progress reaches the window while a large bundle is read.
 */
export async function readBundleArchive(
  bytes: Uint8Array,
  options: { limits?: BundleLimits; onProgress?: ReadProgress } = {},
): Promise<BundleContents> {
  const limits = options.limits ?? BUNDLE_LIMITS;
  const entries = listZipEntries(bytes, limits);
  for (const entry of entries) {
    const name = entry.isDirectory ? entry.name.replace(/\/$/, '') : entry.name;
    const problem = entryNameProblem(name);
    if (problem) throw new BundleRejected(entry.name, problem);
  }
  const collision = caseCollision(entries.map((e) => e.name.replace(/\/$/, '')));
  if (collision) throw new BundleRejected(collision[1], `differs from '${collision[0]}' only by case (one file on Windows and macOS)`);

  const manifestEntry = entries.find((e) => e.name === MANIFEST_PATH);
  if (!manifestEntry || manifestEntry.isDirectory) throw new BundleRejected(MANIFEST_PATH, 'is missing: every bundle carries one');
  if (manifestEntry.size > limits.maxManifestBytes)
    throw new BundleRejected(MANIFEST_PATH, `is larger than ${limits.maxManifestBytes} bytes`);
  const budget = new InflateBudget(limits);
  const manifest = parseManifest(decode(MANIFEST_PATH, inflateEntry(bytes, manifestEntry, budget)));

  const listed = new Map<string, BundleManifest['entries'][number]>();
  for (const e of manifest.entries) {
    if (listed.has(e.path)) throw new BundleRejected(e.path, 'is listed twice in the manifest');
    const problem = entryNameProblem(e.path);
    if (problem) throw new BundleRejected(e.path, `is listed in the manifest but ${problem}`);
    if (e.path === MANIFEST_PATH) throw new BundleRejected(e.path, 'lists the manifest itself');
    listed.set(e.path, e);
  }
  const fileEntries = entries.filter((e) => !e.isDirectory && e !== manifestEntry);
  for (const entry of fileEntries) if (!listed.has(entry.name)) throw new BundleRejected(entry.name, 'is not listed in the manifest');
  const present = new Set(fileEntries.map((e) => e.name));
  for (const path of listed.keys())
    if (!present.has(path)) throw new BundleRejected(path, 'is listed in the manifest but missing from the archive');
  checkBundleLayout(listed.keys());

  const files = new Map<string, string>();
  const rendered = new Map<string, string>();
  const total = fileEntries.reduce((n, e) => n + e.size, 0);
  let done = 0;
  let sinceYield = 0;
  for (const entry of [...fileEntries].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const expected = listed.get(entry.name)!;
    if (entry.size !== expected.size)
      throw new BundleRejected(entry.name, `size mismatch: the manifest says ${expected.size} bytes, the archive ${entry.size}`);
    const data = inflateEntry(bytes, entry, budget);
    if (sha256Hex(data) !== expected.sha256)
      throw new BundleRejected(entry.name, 'checksum mismatch: its SHA-256 differs from the manifest');
    const text = decode(entry.name, data);
    (isRenderedPath(entry.name) ? rendered : files).set(entry.name, text);
    done += entry.size;
    sinceYield += entry.size;
    if (sinceYield > 1024 * 1024) {
      sinceYield = 0;
      options.onProgress?.(done, total);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  options.onProgress?.(total, total);
  return { manifest, files, rendered };
}

/** Every check, the workspace loader's included. */
export async function readBundle(
  bytes: Uint8Array,
  options: { limits?: BundleLimits; onProgress?: ReadProgress } = {},
): Promise<BundleContents> {
  const contents = await readBundleArchive(bytes, options);
  checkBundleLoads(contents.files);
  return contents;
}

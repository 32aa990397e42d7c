import { z } from 'zod';
import { BundleRejected } from './rejection.js';

/**
 * manifest.json, the first thing read from a bundle: what made it, from where, and every
 * other entry with its size and SHA-256, so nothing can be added, dropped or changed on the
 * way without the import noticing.
 */

export const MANIFEST_PATH = 'manifest.json';
export const BUNDLE_FORMAT = 'variant-studio-bundle';
/** The newest format version this app writes and reads. */
export const BUNDLE_FORMAT_VERSION = 1;

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 as 64 lowercase hex digits');

export const ManifestEntrySchema = z
  .object({
    path: z.string().min(1),
    /** Bytes of the entry, uncompressed. */
    size: z.number().int().nonnegative(),
    sha256: Sha256,
  })
  .strict();

export const ManifestSchema = z
  .object({
    format: z.literal(BUNDLE_FORMAT),
    formatVersion: z.literal(BUNDLE_FORMAT_VERSION),
    appVersion: z.string(),
    /** ISO date and time. */
    createdAt: z.string(),
    /** The name of the workspace the bundle was exported from. */
    sourceWorkspace: z.string(),
    /** What was chosen for export (the closure adds what these reference). */
    contents: z
      .object({
        variants: z.array(z.string()),
        profiles: z.array(z.string()),
        presets: z.array(z.string()),
        /** Whether rendered prompts (rendered/<variant>/<preset>.md and .json) are included. */
        rendered: z.boolean(),
        /** The build date of the rendered prompts (YYYY-MM-DD), when they are included. */
        renderDate: z.string().optional(),
      })
      .strict(),
    /** Every entry but the manifest, sorted by path. */
    entries: z.array(ManifestEntrySchema),
  })
  .strict();
export type BundleManifest = z.infer<typeof ManifestSchema>;

/**
 * The manifest as written into a bundle: fixed key order (the schema's), two-space indent,
 * entries sorted, a final newline — the same manifest always gives the same bytes.
 */
export function manifestText(manifest: BundleManifest): string {
  const ordered: BundleManifest = {
    format: manifest.format,
    formatVersion: manifest.formatVersion,
    appVersion: manifest.appVersion,
    createdAt: manifest.createdAt,
    sourceWorkspace: manifest.sourceWorkspace,
    contents: {
      variants: manifest.contents.variants,
      profiles: manifest.contents.profiles,
      presets: manifest.contents.presets,
      rendered: manifest.contents.rendered,
      ...(manifest.contents.renderDate !== undefined ? { renderDate: manifest.contents.renderDate } : {}),
    },
    entries: [...manifest.entries]
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
      .map((e) => ({ path: e.path, size: e.size, sha256: e.sha256 })),
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

/** Reads manifest.json; a BundleRejected that says what is wrong with it otherwise. */
export function parseManifest(text: string): BundleManifest {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new BundleRejected(
      MANIFEST_PATH,
      `is not valid JSON: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`,
    );
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new BundleRejected(MANIFEST_PATH, 'is not a JSON object');
  const record = data as Record<string, unknown>;
  if (record.format !== BUNDLE_FORMAT)
    throw new BundleRejected(
      MANIFEST_PATH,
      `unknown bundle format ${JSON.stringify(record.format ?? null)} (this app reads '${BUNDLE_FORMAT}')`,
    );
  const version = record.formatVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    throw new BundleRejected(MANIFEST_PATH, `unknown format version ${JSON.stringify(version ?? null)}`);
  if (version > BUNDLE_FORMAT_VERSION)
    throw new BundleRejected(
      MANIFEST_PATH,
      `format version ${version} is newer than this app reads (up to ${BUNDLE_FORMAT_VERSION}): update Variant Studio to import it`,
    );
  const parsed = ManifestSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? issue.path.map(String).join('.') : '(root)';
    throw new BundleRejected(MANIFEST_PATH, `is malformed: ${where}: ${issue.message}`);
  }
  return parsed.data;
}

import type { WorkspaceFileSource } from '../../../shared/domain/file-source.js';
import { bundleClosure, type BundleClosure, type BundleSelection } from '../../../shared/bundle/closure.js';
import { BUNDLE_FORMAT, BUNDLE_FORMAT_VERSION, MANIFEST_PATH, manifestText, type BundleManifest } from '../../../shared/bundle/manifest.js';
import { renderBuilds, renderedFiles } from '../../../shared/bundle/rendered.js';
import { SNAPSHOT_DEFAULT_DATE } from '../../../shared/engine/snapshots/snapshot-files.js';
import type { WorkspaceSnapshot } from '../../../shared/engine/workspace/workspace-snapshot.js';
import { sha256Hex } from './read-bundle.js';
import { writeZip, type ZipProgress } from './zip-writer.js';

/**
 * Writes a bundle: the closure of the chosen variants and profiles, optionally their rendered
 * prompts, and the manifest, as one deterministic zip. The same inputs (files, selection,
 * creation date, app version) give the same bytes.
 */

export interface ExportBundleInput {
  source: WorkspaceFileSource;
  snapshot: WorkspaceSnapshot;
  /** Stack profiles that load. */
  profileIds: readonly string[];
  workspaceName: string;
  appVersion: string;
  /** Written into the manifest. Pass a fixed date for bytes that do not change between runs. */
  createdAt: Date;
  selection: BundleSelection;
  /** Add rendered/<variant>/<preset>.md and .json. */
  rendered: boolean;
  /** The build date of rendered prompts (YYYY-MM-DD; default the snapshot date). */
  renderDate?: string | undefined;
  onProgress?: ZipProgress | undefined;
}

export interface ExportedBundle {
  bytes: Uint8Array;
  manifest: BundleManifest;
  closure: BundleClosure;
}

export async function exportBundle(input: ExportBundleInput): Promise<ExportedBundle> {
  const closure = bundleClosure({ source: input.source, snapshot: input.snapshot, profileIds: input.profileIds }, input.selection);
  const texts = new Map(closure.files);
  const renderDate = input.renderDate ?? SNAPSHOT_DEFAULT_DATE;
  if (input.rendered) {
    for (const [path, text] of renderedFiles(renderBuilds(input.snapshot, closure.variants, closure.variantPresets, renderDate)))
      texts.set(path, text);
  }
  const files = new Map<string, Uint8Array>();
  const entries: BundleManifest['entries'] = [];
  for (const [path, text] of texts) {
    const bytes = Buffer.from(text, 'utf8');
    files.set(path, bytes);
    entries.push({ path, size: bytes.length, sha256: sha256Hex(bytes) });
  }
  const manifest: BundleManifest = {
    format: BUNDLE_FORMAT,
    formatVersion: BUNDLE_FORMAT_VERSION,
    appVersion: input.appVersion,
    createdAt: input.createdAt.toISOString(),
    sourceWorkspace: input.workspaceName,
    contents: {
      variants: closure.variants.map((v) => v.id),
      profiles: closure.profiles,
      presets: closure.presets,
      rendered: input.rendered,
      ...(input.rendered ? { renderDate } : {}),
    },
    entries,
  };
  files.set(MANIFEST_PATH, Buffer.from(manifestText(manifest), 'utf8'));
  const bytes = await writeZip(files, input.onProgress);
  return { bytes, manifest, closure };
}

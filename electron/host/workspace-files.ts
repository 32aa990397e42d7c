import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { DocRefSchema, conventionalPath, type DocRef } from '../../shared/ipc/doc-ref.js';
import { isAtomicTempName } from './atomic-save.js';
import { isInside, resolveInside } from './confine.js';
import { readTextFile } from './text-file.js';

/**
 * Which files of a folder belong to the workspace, and how workspace-relative paths map to
 * the DocRefs the renderer uses (and back).
 */

/** Top-level entries the host loads and watches; everything else in the folder is left alone. */
export const WORKSPACE_ENTRIES = [
  'workspace.yaml',
  'models.yaml',
  'variants',
  'components',
  'tools',
  'contexts',
  'profiles',
  'harnesses',
] as const;

export const MAX_WORKSPACE_FILES = 5000;
const MAX_DEPTH = 12;

/** Whether a workspace-relative path is one the host loads and watches (never a save's leftover temporary file). */
export function isWorkspacePath(relative: string): boolean {
  const segments = relative.split('/');
  const first = segments[0] ?? '';
  if (!(WORKSPACE_ENTRIES as readonly string[]).includes(first)) return false;
  if (first === 'workspace.yaml' || first === 'models.yaml') return relative === first;
  if (isAtomicTempName(segments[segments.length - 1] ?? '')) return false;
  return !segments.some((segment) => segment.startsWith('.') || segment === 'node_modules');
}

export interface ScannedWorkspace {
  files: Map<string, string>;
  skipped: { file: string; reason: string }[];
  /** Leftover temporary files of interrupted saves that were removed (removeStaleTemps). */
  removed: string[];
}

export interface ScanOptions {
  /**
   * Remove the temporary files killed saves left (older than STALE_TEMP_MS, so a save in
   * progress elsewhere is not disturbed). Off for read-only workspaces.
   */
  removeStaleTemps?: boolean | undefined;
  /** The clock, for tests (default Date.now()). */
  now?: number | undefined;
}

/** A save's temporary file lives for milliseconds; one older than this was left by a kill. */
export const STALE_TEMP_MS = 30_000;

/**
 * Reads every workspace file under a folder (real path): UTF-8 text only, symlinks only when
 * they stay inside. A symlinked folder that leads to a folder holding it (a loop) is not
 * followed and is reported; a folder reached through a symlink never hides the same folder
 * at its own place (`tools/` stays `tools/`).
 */
export function scanWorkspace(realRoot: string, options: ScanOptions = {}): ScannedWorkspace {
  const files = new Map<string, string>();
  const skipped: { file: string; reason: string }[] = [];
  const removed: string[] = [];
  /** Real folders already read through a symlink (each is read once that way). */
  const seenThroughLinks = new Set<string>();
  const now = options.now ?? Date.now();

  const removeIfStale = (relative: string): void => {
    if (!options.removeStaleTemps) return;
    try {
      const absolute = resolveInside(realRoot, relative);
      const stat = fs.lstatSync(absolute);
      if (!stat.isFile() || now - stat.mtimeMs < STALE_TEMP_MS) return;
      fs.unlinkSync(absolute);
      removed.push(relative);
    } catch {
      // Left alone: not ours to force.
    }
  };

  const visit = (relative: string, depth: number): void => {
    if (files.size >= MAX_WORKSPACE_FILES) return;
    let absolute: string;
    try {
      absolute = resolveInside(realRoot, relative);
    } catch {
      skipped.push({ file: relative, reason: 'resolves outside the workspace' });
      return;
    }
    let stat: fs.Stats;
    try {
      stat = fs.statSync(absolute);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      if (depth > MAX_DEPTH) return;
      const real = fs.realpathSync(absolute);
      if (real !== absolute) {
        // Reached through a symlink: never into a folder that holds it.
        if (isInside(real, fs.realpathSync(path.dirname(absolute)))) {
          skipped.push({
            file: relative,
            reason: `a symlink to ${path.relative(realRoot, real) || 'the workspace folder'}, which holds it (a loop); not followed`,
          });
          return;
        }
        if (seenThroughLinks.has(real)) return;
        seenThroughLinks.add(real);
      }
      let names: string[];
      try {
        names = fs.readdirSync(absolute).sort();
      } catch {
        skipped.push({ file: relative, reason: 'cannot list' });
        return;
      }
      for (const name of names) {
        const child = `${relative}/${name}`;
        if (isAtomicTempName(name)) removeIfStale(child);
        else if (isWorkspacePath(child)) visit(child, depth + 1);
      }
      return;
    }
    if (!stat.isFile()) return;
    const read = readTextFile(absolute);
    if (read.kind === 'text') files.set(relative, read.text);
    else if (read.kind === 'skipped') skipped.push({ file: relative, reason: read.reason });
  };

  for (const entry of WORKSPACE_ENTRIES) visit(entry, 0);
  if (files.size >= MAX_WORKSPACE_FILES)
    skipped.push({ file: '.', reason: `more than ${MAX_WORKSPACE_FILES} files; the rest were not loaded` });
  return { files, skipped, removed };
}

/** The base template file name a variant.yaml names (relative to the variant folder). */
export function templateFileOf(variantYaml: string | undefined): string {
  if (variantYaml === undefined) return 'template.md';
  try {
    const data = parseYaml(variantYaml) as { template?: unknown } | null;
    if (data && typeof data.template === 'string' && data.template.length > 0) return data.template;
  } catch {
    // A broken variant.yaml: the conventional name.
  }
  return 'template.md';
}

/** Looks up a variant's template file name (relative to its folder). */
export type TemplateNameLookup = (variantId: string) => string;

/** The workspace-relative path of a document. */
export function pathForRef(ref: DocRef, templateOf: TemplateNameLookup): string {
  if (ref.kind === 'variant-template') return `variants/${ref.variantId}/${templateOf(ref.variantId)}`;
  return conventionalPath(ref);
}

const PATTERNS: [RegExp, (m: RegExpMatchArray) => unknown][] = [
  [/^workspace\.yaml$/, () => ({ kind: 'workspace-config' })],
  [/^models\.yaml$/, () => ({ kind: 'model-limits' })],
  [/^variants\/([^/]+)\/variant\.yaml$/, (m) => ({ kind: 'variant-config', variantId: m[1] })],
  [/^variants\/([^/]+)\/overrides\/components\/([^/]+)\.md$/, (m) => ({ kind: 'component-override', variantId: m[1], componentId: m[2] })],
  [/^variants\/([^/]+)\/overrides\/tools\/([^/]+)\.md$/, (m) => ({ kind: 'tool-override', variantId: m[1], toolId: m[2] })],
  [/^components\/([^/]+)\.md$/, (m) => ({ kind: 'component', componentId: m[1] })],
  [/^tools\/([^/]+)\.yaml$/, (m) => ({ kind: 'tool', toolId: m[1] })],
  [/^contexts\/([^/]+)\.yaml$/, (m) => ({ kind: 'preset', name: m[1] })],
  [/^profiles\/([^/]+)\/(.+)$/, (m) => ({ kind: 'profile-file', profileId: m[1], file: m[2] })],
  [/^harnesses\/([^/]+)\/(.+)$/, (m) => ({ kind: 'harness-file', harnessId: m[1], file: m[2] })],
];

/** The DocRef of a workspace-relative path, or undefined for files that are not documents. */
export function refForPath(relative: string, templateOf: TemplateNameLookup): DocRef | undefined {
  const template = /^variants\/([^/]+)\/(.+)$/.exec(relative);
  if (template && template[2] === templateOf(template[1]!)) {
    const parsed = DocRefSchema.safeParse({ kind: 'variant-template', variantId: template[1] });
    if (parsed.success) return parsed.data;
  }
  for (const [pattern, make] of PATTERNS) {
    const m = pattern.exec(relative);
    if (!m) continue;
    const parsed = DocRefSchema.safeParse(make(m));
    return parsed.success ? parsed.data : undefined;
  }
  return undefined;
}

/** A short human title for a document. */
export function titleOf(ref: DocRef, relative: string): string {
  switch (ref.kind) {
    case 'workspace-config':
      return 'workspace.yaml';
    case 'model-limits':
      return 'models.yaml';
    case 'variant-config':
      return `${ref.variantId} · variant.yaml`;
    case 'variant-template':
      return `${ref.variantId} · ${path.posix.basename(relative)}`;
    case 'component-override':
      return `${ref.variantId} · ${ref.componentId} (override)`;
    case 'tool-override':
      return `${ref.variantId} · ${ref.toolId} (tool override)`;
    case 'component':
      return ref.componentId;
    case 'tool':
      return `${ref.toolId}.yaml`;
    case 'preset':
      return `${ref.name} (context)`;
    case 'profile-file':
      return `${ref.profileId} · ${ref.file}`;
    case 'harness-file':
      return `${ref.harnessId} · ${ref.file} (harness)`;
  }
}

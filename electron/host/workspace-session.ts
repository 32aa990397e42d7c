import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { WorkspaceView, ComponentInfo, DocumentInfo } from '../../shared/ipc/contract.js';
import { docKey, type DocRef } from '../../shared/ipc/doc-ref.js';
import { HostError } from '../../shared/ipc/host-error.js';
import {
  BASE_VARIABLE_NAMES,
  loadWorkspace,
  templateKeys,
  withEditedFiles,
  YamlParseCache,
  type ComponentEntry,
  type FileProblem,
  type WorkspaceSnapshot,
} from '../../shared/engine/index.js';
import { loadStackProfile, stackProfileIds, type StackProfile } from '../../shared/stack/index.js';
import { recoverInterruptedImports } from './bundles/import-journal.js';
import { resolveInside } from './confine.js';
import { DocumentSet, isDirty, type DocEntry } from './document-set.js';
import { contentHash } from './hash.js';
import { pathForRef, refForPath, scanWorkspace, templateFileOf, titleOf } from './workspace-files.js';

/**
 * One open workspace: its folder, its documents in memory, and the engine's view of them,
 * cached per edit state (a keystroke reloads the workspace with a parse cache, so only the
 * changed file is parsed again).
 */

export interface LoadedProfile {
  id: string;
  profile?: StackProfile | undefined;
  problems: FileProblem[];
}

export class WorkspaceSession {
  readonly id = randomUUID();
  readonly docs: DocumentSet;
  readonly skipped: { file: string; reason: string }[];
  /** What the user is told once about how this workspace opened (WorkspaceView.notices). */
  readonly notices: string[] = [];
  /** Problems of the host's own files for this workspace (a drafts file kept aside), shown with the file problems. */
  readonly hostProblems: FileProblem[] = [];
  private readonly parseCache = new YamlParseCache();
  private readonly savedParseCache = new YamlParseCache();
  private edited?: { version: number; snapshot: WorkspaceSnapshot };
  private saved?: { version: number; snapshot: WorkspaceSnapshot };
  private readonly templateNames = new Map<string, { rev: number | undefined; text: string | undefined; name: string }>();
  private readonly profileCache = new Map<string, { signature: string; loaded: LoadedProfile }>();
  /** Per document path: what its DocumentInfo was made from, and the info (view() reuses it while they stay the same). */
  private readonly documentInfos = new Map<
    string,
    { template: string; text: string; savedText: string | null; info: DocumentInfo | undefined }
  >();
  private lastDocuments: DocumentInfo[] = [];
  private lastProblems?: { sources: unknown[]; problems: FileProblem[] };
  private lastProfiles?: { loaded: LoadedProfile[]; infos: WorkspaceView['profiles'] };
  private lastNotices?: string[];
  /** The view's parts made from one snapshot (rebuilt only when the snapshot is). */
  private snapshotParts?: { snapshot: WorkspaceSnapshot; parts: SnapshotParts };
  /** Paths a save is writing now (how many saves), and the watcher's reports of them held until it is done. */
  private readonly saving = new Map<string, number>();
  private readonly heldDiskChanges = new Set<string>();

  private constructor(
    /** The folder as the user named it (shown in the UI). */
    readonly root: string,
    /** The folder with symlinks resolved: every path check is made against it. */
    readonly realRoot: string,
    readonly builtin: boolean,
  ) {
    // An import a kill interrupted is finished or rolled back before anything is read.
    if (!builtin) this.notices.push(...recoverInterruptedImports(realRoot));
    const scanned = scanWorkspace(realRoot, { removeStaleTemps: !builtin });
    this.docs = new DocumentSet(scanned.files, contentHash);
    this.skipped = scanned.skipped;
  }

  /** Opens a folder; NOT_FOUND unless it is an existing directory. */
  static open(root: string, builtin: boolean): WorkspaceSession {
    if (!path.isAbsolute(root)) throw new HostError('INVALID_REQUEST', `a workspace folder must be an absolute path: '${root}'`);
    let realRoot: string;
    try {
      realRoot = fs.realpathSync(root);
      if (!fs.statSync(realRoot).isDirectory()) throw new Error('not a folder');
    } catch {
      throw new HostError('NOT_FOUND', `there is no folder at '${root}'`);
    }
    return new WorkspaceSession(path.resolve(root), realRoot, builtin);
  }

  get readOnly(): boolean {
    return this.builtin;
  }

  /** A save starts writing these paths (see save-together.ts). */
  beginSave(rels: readonly string[]): void {
    for (const rel of rels) this.saving.set(rel, (this.saving.get(rel) ?? 0) + 1);
  }

  /** The save is done; answers the held disk reports of paths no save is writing any more. */
  endSave(rels: readonly string[]): string[] {
    for (const rel of rels) {
      const n = (this.saving.get(rel) ?? 1) - 1;
      if (n > 0) this.saving.set(rel, n);
      else this.saving.delete(rel);
    }
    const released = [...this.heldDiskChanges].filter((rel) => !this.saving.has(rel));
    for (const rel of released) this.heldDiskChanges.delete(rel);
    return released;
  }

  /** Whether a disk report of `rel` must wait for a save in progress (it is held, and answered by endSave). */
  holdDiskChange(rel: string): boolean {
    if (!this.saving.has(rel)) return false;
    this.heldDiskChanges.add(rel);
    return true;
  }

  /** The workspace as edited (builds use this). */
  snapshot(): WorkspaceSnapshot {
    if (this.edited?.version !== this.docs.version) {
      const last = this.edited;
      const source = this.docs.editedSource();
      // Typing in a base template changes that variant's text and nothing else, an edited preset
      // only the presets: the last snapshot with those parts replaced (edited-files.ts), not the
      // whole workspace loaded again.
      const changed = last ? this.docs.changedSince(last.version) : undefined;
      const quick = last && changed ? withEditedFiles(last.snapshot, changed, source, this.parseCache) : undefined;
      this.edited = {
        version: this.docs.version,
        snapshot: quick ?? loadWorkspace(source, { parseCache: this.parseCache, skipProfiles: true }),
      };
    }
    return this.edited.snapshot;
  }

  /** The workspace as last saved (the "saved" baseline). */
  savedSnapshot(): WorkspaceSnapshot {
    if (this.saved?.version !== this.docs.savedVersion) {
      this.saved = {
        version: this.docs.savedVersion,
        snapshot: loadWorkspace(this.docs.savedSource(), { parseCache: this.savedParseCache, skipProfiles: true }),
      };
    }
    return this.saved.snapshot;
  }

  /** A variant's base template file name, from its variant.yaml as edited. */
  readonly templateOf = (variantId: string): string => {
    const entry = this.docs.get(`variants/${variantId}/variant.yaml`);
    const cached = this.templateNames.get(variantId);
    if (cached && cached.rev === entry?.rev && cached.text === entry?.text) return cached.name;
    const name = templateFileOf(entry?.text);
    this.templateNames.set(variantId, { rev: entry?.rev, text: entry?.text, name });
    return name;
  };

  /** Workspace-relative path of a document (checked to stay inside the workspace). */
  pathOf(ref: DocRef): string {
    const rel = pathForRef(ref, this.templateOf);
    this.absolute(rel);
    return rel;
  }

  /** Absolute path of a workspace-relative path; PATH_OUTSIDE_WORKSPACE if it would leave it. */
  absolute(rel: string): string {
    return resolveInside(this.realRoot, rel);
  }

  refOf(rel: string): DocRef | undefined {
    return refForPath(rel, this.templateOf);
  }

  /** The document of a ref; NOT_FOUND when it is not open in this workspace. */
  entry(ref: DocRef): { rel: string; entry: DocEntry } {
    const rel = this.pathOf(ref);
    const entry = this.docs.get(rel);
    if (!entry) throw new HostError('NOT_FOUND', `no document ${docKey(ref)} (${rel}) in this workspace`);
    return { rel, entry };
  }

  name(): string {
    const snapshot = this.snapshot();
    const configured = (snapshot.config as { name?: unknown }).name;
    if (typeof configured === 'string' && configured.trim()) return configured;
    return this.builtin ? 'Built-in variants' : path.basename(this.root);
  }

  documentInfo(rel: string, ref: DocRef, entry: DocEntry): DocumentInfo {
    return { ref, key: docKey(ref), path: rel, title: titleOf(ref, rel), dirty: isDirty(entry), isNew: entry.savedText === null };
  }

  /**
   * The documents of the view. A document's info is made again only when what it is made
   * from changed (its texts, and for a variant's file the variant's template name), and kept
   * when it comes out the same; when no info changed, the same array as last time
   * (publishView then does not serialise it).
   */
  documents(): DocumentInfo[] {
    const out: DocumentInfo[] = [];
    let same = true;
    const seen = new Set<string>();
    for (const rel of this.docs.paths()) {
      const entry = this.docs.get(rel);
      if (!entry) continue;
      seen.add(rel);
      const slash = rel.startsWith('variants/') ? rel.indexOf('/', 9) : -1;
      const template = slash > 9 ? this.templateOf(rel.slice(9, slash)) : '';
      let cached = this.documentInfos.get(rel);
      // The texts are compared as they were last time: the same strings compare at once.
      if (!cached || cached.template !== template || cached.text !== entry.text || cached.savedText !== entry.savedText) {
        const ref = this.refOf(rel);
        const info = ref ? this.documentInfo(rel, ref, entry) : undefined;
        const old = cached?.info;
        // An info equal to the last one is kept, so the array stays the same.
        const equal =
          old && info && old.dirty === info.dirty && old.isNew === info.isNew && old.key === info.key && old.title === info.title;
        cached = { template, text: entry.text, savedText: entry.savedText, info: equal ? old : info };
        this.documentInfos.set(rel, cached);
      }
      if (!cached.info) continue;
      if (cached.info !== this.lastDocuments[out.length]) same = false;
      out.push(cached.info);
    }
    for (const rel of this.documentInfos.keys()) if (!seen.has(rel)) this.documentInfos.delete(rel);
    if (same && out.length === this.lastDocuments.length) return this.lastDocuments;
    this.lastDocuments = out;
    return out;
  }

  /** Stack profiles (profiles/<id>/profile.yaml), loaded from the edited texts. */
  profiles(): LoadedProfile[] {
    const source = this.docs.editedSource();
    const out: LoadedProfile[] = [];
    for (const id of stackProfileIds(source)) {
      if (source.read(`profiles/${id}/profile.yaml`) === undefined) continue;
      out.push(this.profile(id));
    }
    return out;
  }

  profile(id: string): LoadedProfile {
    const folder = `profiles/${id}`;
    // A profile naming a harness profile reads harnesses/ too.
    const signature = `${this.docs.signature(`${folder}/`)}|${this.docs.signature('harnesses/')}`;
    const cached = this.profileCache.get(id);
    if (cached?.signature === signature) return cached.loaded;
    const result = loadStackProfile(this.docs.editedSource(), folder);
    const loaded: LoadedProfile = { id, profile: result.profile, problems: result.problems };
    this.profileCache.set(id, { signature, loaded });
    return loaded;
  }

  /**
   * The workspace view. Each part is the same object as in the last view while what it is
   * made from is (publishView then serialises none of them when nothing changed).
   */
  view(): WorkspaceView {
    const snapshot = this.snapshot();
    const profiles = this.profiles();
    const parts = this.partsOf(snapshot);
    const problemSources = [snapshot.problems, ...profiles.map((p) => p.problems), this.hostProblems, this.hostProblems.length];
    let problems = this.lastProblems?.problems;
    if (!problems || !sameItems(this.lastProblems!.sources, problemSources)) {
      problems = [
        ...snapshot.problems,
        ...profiles.flatMap((p) => p.problems),
        ...this.skipped.map((s) => ({ file: s.file, message: `not loaded: ${s.reason}`, severity: 'warning' as const })),
        ...this.hostProblems,
      ];
      this.lastProblems = { sources: problemSources, problems };
    }
    let profileInfos = this.lastProfiles?.infos;
    if (!profileInfos || !sameItems(this.lastProfiles!.loaded, profiles)) {
      profileInfos = profiles.map((p) => ({ id: p.id, agents: p.profile ? Object.keys(p.profile.agents) : [] }));
      this.lastProfiles = { loaded: profiles, infos: profileInfos };
    }
    if (this.lastNotices?.length !== this.notices.length) this.lastNotices = [...this.notices];
    return {
      sessionId: this.id,
      name: this.name(),
      root: this.builtin ? null : this.root,
      builtin: this.builtin,
      readOnly: this.readOnly,
      documents: this.documents(),
      ...parts,
      profiles: profileInfos,
      problems,
      ...(this.notices.length > 0 ? { notices: this.lastNotices } : {}),
    };
  }

  private partsOf(snapshot: WorkspaceSnapshot): SnapshotParts {
    const last = this.snapshotParts;
    if (last?.snapshot === snapshot) return last.parts;
    // A snapshot with edited templates or presets only (withEditedFiles) keeps every other part's objects.
    const variants = snapshot.variants.map((v) => ({ id: v.id, family: v.family, description: v.description }));
    const sameVariants =
      last !== undefined &&
      last.parts.variants.length === variants.length &&
      variants.every((v, i) => {
        const o = last.parts.variants[i]!;
        return o.id === v.id && o.family === v.family && o.description === v.description;
      });
    const parts: SnapshotParts = {
      variants: sameVariants ? last.parts.variants : variants,
      components:
        last?.snapshot.components === snapshot.components ? last.parts.components : snapshot.components.values().map(componentInfo),
      tools:
        last?.snapshot.tools === snapshot.tools
          ? last.parts.tools
          : [...snapshot.tools.entries()].map(([id, tool]) => ({ id, families: tool.specs.map((s) => s.family) })),
      presets:
        last?.snapshot.presets === snapshot.presets && last.snapshot.stackPresets === snapshot.stackPresets
          ? last.parts.presets
          : [
              ...snapshot.presets.map((p) => ({ name: p.name, description: p.description, kind: 'variant' as const })),
              ...snapshot.stackPresets.map((p) => ({ name: p.name, description: p.description, kind: 'stack' as const })),
            ].sort((a, b) => a.name.localeCompare(b.name)),
    };
    this.snapshotParts = { snapshot, parts };
    return parts;
  }
}

function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

type SnapshotParts = Pick<WorkspaceView, 'variants' | 'components' | 'tools' | 'presets'>;

function variablesOf(template: string | undefined): string[] {
  const names = new Set<string>(BASE_VARIABLE_NAMES);
  if (template) {
    try {
      for (const k of templateKeys(template)) {
        const first = k.key.split('.')[0];
        if (first && !first.startsWith('@') && first !== 'this') names.add(first);
      }
    } catch {
      // a template that does not parse still has the base variables
    }
  }
  return [...names].sort();
}

function componentInfo(entry: ComponentEntry): ComponentInfo {
  switch (entry.kind) {
    case 'builtin':
      return {
        id: entry.id,
        kind: 'builtin',
        title: entry.component.title,
        description: entry.component.description,
        defaultTemplate: entry.component.defaultTemplate,
        variables: variablesOf(entry.component.defaultTemplate),
      };
    case 'workspace':
      return {
        id: entry.id,
        kind: 'workspace',
        title: entry.id,
        description: entry.description ?? (entry.file ? `Workspace component (${entry.file})` : 'Workspace component'),
        defaultTemplate: entry.template,
        variables: variablesOf(entry.template),
      };
    case 'code':
      return {
        id: entry.id,
        kind: 'code',
        title: entry.id,
        description: 'Component registered in code',
        variables: [...BASE_VARIABLE_NAMES],
      };
  }
}

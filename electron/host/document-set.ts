import type { WorkspaceFileSource } from '../../shared/domain/file-source.js';
import { randomBytes } from 'node:crypto';
import { revisionIds } from '../../shared/ipc/text-revision.js';
import { applySplices, editMadeBy, type EditMadeBy, type TextSplice } from '../../shared/ipc/text-splice.js';

/**
 * The open workspace's files in memory: for each workspace-relative path, the text as last
 * saved (or loaded), the text as edited, and the hash of the content on disk the saved text
 * corresponds to. Builds read the edited texts through `editedSource()`; the "as saved"
 * baseline reads `savedSource()`. Version counters let callers cache work per state.
 */

export interface DocEntry {
  readonly rel: string;
  /** null: a document created in the app and never saved. */
  savedText: string | null;
  text: string;
  /** Hash of the disk content `savedText` came from (null: not on disk). */
  baseHash: string | null;
  /** Bumped on every change of `text`. */
  rev: number;
  /** The id of `text` (shared/ipc/text-revision.ts): an edit made on another one is stale. */
  revision: string;
  /**
   * The file on disk changed (or went) while this document had unsaved edits, or a restored
   * draft was based on another version than the one on disk: the disk's version, until the
   * user chooses (keep mine, take the disk's, revert, or save over it). Kept here, in the
   * host, so it survives closing the document's tab or reloading the window.
   */
  conflict?: DiskConflict | undefined;
  /** How `text` was made from the text before it, when one splice made it (a column made ahead takes the edit from here). */
  madeBy?: EditMadeBy | undefined;
}

export interface DiskConflict {
  /** The text on disk; null when the file is gone. */
  diskText: string | null;
  /** Its content hash (null: gone). */
  diskHash: string | null;
}

export function isDirty(entry: DocEntry): boolean {
  return entry.savedText === null || entry.text !== entry.savedText;
}

type Index = Map<string, string[]>;

/** How many of the last versions changedSince can tell about. */
const MAX_CHANGES = 256;

function buildIndex(paths: Iterable<string>): Index {
  const sets = new Map<string, Set<string>>();
  const add = (folder: string, name: string): void => {
    let set = sets.get(folder);
    if (!set) sets.set(folder, (set = new Set()));
    set.add(name);
  };
  for (const rel of paths) {
    const parts = rel.split('/');
    for (let i = 0; i < parts.length; i++) {
      const folder = parts.slice(0, i).join('/');
      add(folder, i === parts.length - 1 ? parts[i]! : `${parts[i]}/`);
    }
  }
  const index: Index = new Map();
  for (const [folder, names] of sets) index.set(folder, [...names].sort());
  return index;
}

export class DocumentSet {
  private readonly entries = new Map<string, DocEntry>();
  /** Bumped when any edited text or the set of files changes. */
  version = 0;
  /**
   * What made each of the last versions: the path whose edited text changed, or undefined
   * for a change of the set of files. Entry i made version changesBase + i + 1.
   */
  private readonly changes: (string | undefined)[] = [];
  private changesBase = 0;
  /** Bumped when any saved text or the set of saved files changes. */
  savedVersion = 0;
  /** Bumped when files appear or disappear. */
  structureVersion = 0;
  private editedIndex?: { at: number; index: Index };
  /** Ids of the texts the host gives documents itself (read from disk, reverted, created). */
  private readonly newRevision = revisionIds(`h${randomBytes(6).toString('base64url')}`);
  private savedIndex?: { at: string; index: Index };

  constructor(files: Iterable<[string, string]> = [], hashOf: (text: string) => string = () => '') {
    for (const [rel, text] of files)
      this.entries.set(rel, { rel, savedText: text, text, baseHash: hashOf(text), rev: 0, revision: this.newRevision() });
  }

  get size(): number {
    return this.entries.size;
  }

  get(rel: string): DocEntry | undefined {
    return this.entries.get(rel);
  }

  paths(): string[] {
    return [...this.entries.keys()].sort();
  }

  values(): DocEntry[] {
    return [...this.entries.values()];
  }

  dirty(): DocEntry[] {
    return this.values().filter(isDirty);
  }

  /** Replaces the edited text (its revision: `revision`, else a new one of the host's); returns whether it changed. */
  setText(rel: string, text: string, revision?: string): boolean {
    const entry = this.entries.get(rel);
    if (!entry) throw new Error(`no document at ${rel}`);
    if (entry.text === text) {
      // The same text under the sender's id: its next edit is made on this one.
      if (revision !== undefined) entry.revision = revision;
      return false;
    }
    this.changeText(entry, text, revision);
    return true;
  }

  /**
   * Applies an edit given as what changed (throws a RangeError when a splice falls outside
   * the text, leaving it as it was). No comparison with the text before: the cost does not
   * grow with the document.
   */
  splice(rel: string, splices: readonly TextSplice[], revision?: string): void {
    const entry = this.entries.get(rel);
    if (!entry) throw new Error(`no document at ${rel}`);
    const from = entry.text;
    const text = applySplices(from, splices);
    this.changeText(entry, text, revision);
    entry.madeBy = editMadeBy(from, text, splices);
  }

  private changeText(entry: DocEntry, text: string, revision: string | undefined): void {
    entry.text = text;
    entry.madeBy = undefined;
    entry.rev++;
    entry.revision = revision ?? this.newRevision();
    this.bump(entry.rel);
  }

  /** Adds a document that exists only in memory until it is saved. */
  create(rel: string, text: string): DocEntry {
    if (this.entries.has(rel)) throw new Error(`document exists: ${rel}`);
    const entry: DocEntry = { rel, savedText: null, text, baseHash: null, rev: 0, revision: this.newRevision() };
    this.entries.set(rel, entry);
    this.bump(undefined);
    this.structureVersion++;
    return entry;
  }

  /** The edited text reached the disk. */
  markSaved(rel: string, text: string, hash: string): void {
    const entry = this.entries.get(rel);
    if (!entry) return;
    const wasNew = entry.savedText === null;
    entry.savedText = text;
    entry.baseHash = hash;
    entry.conflict = undefined;
    this.savedVersion++;
    if (wasNew) this.structureVersion++;
  }

  /** The file on disk is now `text` (an external edit taken over, or a new file appeared). */
  applyDisk(rel: string, text: string, hash: string): void {
    const entry = this.entries.get(rel);
    if (!entry) {
      this.entries.set(rel, { rel, savedText: text, text, baseHash: hash, rev: 0, revision: this.newRevision() });
      this.structureVersion++;
    } else {
      if (entry.text !== text) {
        entry.rev++;
        entry.revision = this.newRevision();
      }
      entry.savedText = text;
      entry.text = text;
      entry.baseHash = hash;
      entry.conflict = undefined;
    }
    this.bump(entry ? rel : undefined);
    this.savedVersion++;
  }

  /**
   * The disk holds `diskText` now and the edits are kept on top of it (the user chose their
   * version in a conflict): it becomes the saved text, and a save writes over it.
   */
  rebase(rel: string, diskText: string | null, diskHash: string | null): void {
    const entry = this.entries.get(rel);
    if (!entry) return;
    const wasOnDisk = entry.savedText !== null;
    entry.savedText = diskText;
    entry.baseHash = diskHash;
    entry.conflict = undefined;
    this.savedVersion++;
    if (wasOnDisk !== (diskText !== null)) this.structureVersion++;
  }

  /** Drops the edits; a never-saved document disappears. Returns the remaining text ('' if gone). */
  revert(rel: string): string {
    const entry = this.entries.get(rel);
    if (!entry) return '';
    if (entry.savedText === null) {
      this.remove(rel);
      return '';
    }
    if (entry.text !== entry.savedText) this.changeText(entry, entry.savedText, undefined);
    return entry.text;
  }

  remove(rel: string): void {
    const entry = this.entries.get(rel);
    if (!entry) return;
    this.entries.delete(rel);
    this.bump(undefined);
    this.structureVersion++;
    if (entry.savedText !== null) this.savedVersion++;
  }

  /**
   * The paths whose edited text changed since `version` (each once); undefined when the set
   * of files changed meanwhile, or it is too long ago to tell.
   */
  changedSince(version: number): string[] | undefined {
    if (version < this.changesBase || version > this.version) return undefined;
    const out = new Set<string>();
    for (let i = version - this.changesBase; i < this.changes.length; i++) {
      const rel = this.changes[i];
      if (rel === undefined) return undefined;
      out.add(rel);
    }
    return [...out];
  }

  private bump(rel: string | undefined): void {
    this.version++;
    this.changes.push(rel);
    if (this.changes.length > MAX_CHANGES) {
      const drop = this.changes.length - MAX_CHANGES;
      this.changes.splice(0, drop);
      this.changesBase += drop;
    }
  }

  /** A signature of the edited texts of the files under a folder (for per-folder caches). */
  signature(prefix: string): string {
    const parts: string[] = [];
    for (const entry of this.entries.values()) if (entry.rel.startsWith(prefix)) parts.push(`${entry.rel}#${entry.rev}`);
    return parts.sort().join('|');
  }

  /** The workspace as edited (what builds read). */
  editedSource(): WorkspaceFileSource {
    return {
      read: (rel) => this.entries.get(rel)?.text,
      list: (folder) => this.index('edited').get(folder.replace(/\/+$/, '')) ?? [],
    };
  }

  /** The workspace as last saved. */
  savedSource(): WorkspaceFileSource {
    return {
      read: (rel) => this.entries.get(rel)?.savedText ?? undefined,
      list: (folder) => this.index('saved').get(folder.replace(/\/+$/, '')) ?? [],
    };
  }

  /** All edited texts (for copying the workspace). */
  editedFiles(): Map<string, string> {
    return new Map([...this.entries.values()].map((e) => [e.rel, e.text]));
  }

  private index(which: 'edited' | 'saved'): Index {
    if (which === 'edited') {
      if (this.editedIndex?.at !== this.structureVersion)
        this.editedIndex = { at: this.structureVersion, index: buildIndex(this.entries.keys()) };
      return this.editedIndex.index;
    }
    const at = `${this.structureVersion}:${this.savedVersion}`;
    if (this.savedIndex?.at !== at) {
      const saved = [...this.entries.values()].filter((e) => e.savedText !== null).map((e) => e.rel);
      this.savedIndex = { at, index: buildIndex(saved) };
    }
    return this.savedIndex.index;
  }
}

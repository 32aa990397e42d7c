import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { FileProblem } from '../../shared/domain/problems.js';
import { DocRefSchema } from '../../shared/ipc/doc-ref.js';
import { writeFileAtomicAsync, writeFileAtomicSync } from './atomic-save.js';

/**
 * Unsaved edits kept on disk, per workspace, in <user data>/drafts/<hash of the workspace>.json,
 * so that after a crash or a kill the next start can offer them back.
 *
 * The file always holds the union of two sets: the drafts a previous session left that the
 * user has not yet restored or discarded ("pending"), and the current session's dirty
 * documents (which win for the same document). It is rewritten (atomically) shortly after
 * the last edit of a burst, and at least every `maxWaitMs` while edits keep coming (so a kill
 * loses at most the last fraction of a second, however long the typing went on without a
 * pause), and synchronously when the workspace closes; with nothing to keep it is removed.
 *
 * A file that cannot be read back (not JSON, not this format, another workspace's, unreadable)
 * is never overwritten: it is renamed next to itself (`<id>.unreadable-<time>.json`) and
 * `problem` says so; if even the rename fails, this session keeps no drafts on disk.
 */

const StoredDraftSchema = z
  .object({
    key: z.string(),
    ref: DocRefSchema,
    path: z.string(),
    text: z.string(),
    savedAt: z.string(),
    /** Hash of the file on disk the edit started from (null: a new document). */
    baseHash: z.string().nullable(),
  })
  .strict();
export type StoredDraft = z.infer<typeof StoredDraftSchema>;

const DraftFileSchema = z.object({ version: z.literal(1), workspace: z.string(), drafts: z.array(StoredDraftSchema) }).strict();

export function draftFileFor(userDataDir: string, workspaceKey: string): string {
  const id = createHash('sha256').update(workspaceKey).digest('hex').slice(0, 24);
  return path.join(userDataDir, 'drafts', `${id}.json`);
}

export class DraftStore {
  readonly file: string;
  private readonly pending = new Map<string, StoredDraft>();
  private timer?: NodeJS.Timeout;
  /** When the oldest change not yet written came in (performance.now()). */
  private unwrittenSince?: number;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;
  /** The previous session's file could not be moved aside: it must not be overwritten. */
  private blocked = false;
  /** Why the previous session's file was not used and where it is now (set by loadPrevious). */
  problem?: FileProblem | undefined;

  constructor(
    userDataDir: string,
    private readonly workspaceKey: string,
    /** The current session's unsaved documents. */
    private readonly current: () => StoredDraft[],
    private readonly debounceMs = 200,
    /** Longest time a change waits for the file while edits keep coming (default 500 ms). */
    private readonly maxWaitMs = 500,
  ) {
    this.file = draftFileFor(userDataDir, workspaceKey);
  }

  /** Reads what a previous session left; `obsolete` drops drafts that no longer differ from the files. */
  loadPrevious(obsolete: (draft: StoredDraft) => boolean): void {
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return;
      return this.keepAside(`it cannot be read (${code ?? errorText(error)})`);
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      return this.keepAside(`it is not valid JSON (${errorText(error)})`);
    }
    const parsed = DraftFileSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return this.keepAside(
        `it is not a drafts file of this version (${issue ? `${issue.path.join('.') || 'top level'}: ${issue.message}` : 'invalid'})`,
      );
    }
    if (parsed.data.workspace !== this.workspaceKey)
      return this.keepAside(`it holds the drafts of another workspace (${parsed.data.workspace})`);
    for (const draft of parsed.data.drafts) if (!obsolete(draft)) this.pending.set(draft.key, draft);
  }

  /** Moves an unusable drafts file out of the way (it may still hold someone's edits) and records why. */
  private keepAside(reason: string): void {
    const aside = `${this.file.replace(/\.json$/, '')}.unreadable-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
    const what = 'The unsaved edits of an earlier session could not be restored';
    try {
      fs.renameSync(this.file, aside);
      this.problem = { file: aside, severity: 'warning', message: `${what}: ${reason}. The file was kept here, not overwritten.` };
    } catch (error) {
      this.blocked = true;
      this.problem = {
        file: this.file,
        severity: 'warning',
        message: `${what}: ${reason}, and it could not be moved aside (${errorText(error)}). So that it is not overwritten, this session keeps no drafts.`,
      };
    }
  }

  /** Drafts of the previous session still waiting for a decision. */
  list(): StoredDraft[] {
    return [...this.pending.values()].sort((a, b) => a.key.localeCompare(b.key));
  }

  has(key: string): boolean {
    return this.pending.has(key);
  }

  /** Removes drafts from the waiting list and returns them (to apply). */
  take(keys: readonly string[]): StoredDraft[] {
    const out: StoredDraft[] = [];
    for (const key of keys) {
      const draft = this.pending.get(key);
      if (draft) {
        out.push(draft);
        this.pending.delete(key);
      }
    }
    this.schedule();
    return out;
  }

  discard(keys: readonly string[]): string[] {
    const out = keys.filter((key) => this.pending.delete(key));
    this.schedule();
    return out;
  }

  /** Rewrites the file soon: after a pause in the edits, or when the oldest unwritten one has waited maxWaitMs. */
  schedule(): void {
    if (this.closed || this.blocked) return;
    const now = performance.now();
    this.unwrittenSince ??= now;
    if (this.timer) clearTimeout(this.timer);
    const wait = Math.max(0, Math.min(this.debounceMs, this.unwrittenSince + this.maxWaitMs - now));
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, wait);
  }

  private contents(): string | undefined {
    const all = new Map(this.pending);
    for (const draft of this.current()) all.set(draft.key, draft);
    if (all.size === 0) return undefined;
    return `${JSON.stringify({ version: 1, workspace: this.workspaceKey, drafts: [...all.values()] })}\n`;
  }

  /** Writes the file now (after any write in progress). */
  flush(): Promise<void> {
    if (this.blocked) return this.writing;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    this.unwrittenSince = undefined;
    this.writing = this.writing.then(async () => {
      const text = this.contents();
      try {
        if (text === undefined) await fs.promises.rm(this.file, { force: true });
        else await writeFileAtomicAsync(this.file, text);
      } catch {
        // The drafts are a safety net; a failed write must not break editing.
      }
    });
    return this.writing;
  }

  /** Resolves once the write in progress, if any, is on disk (without starting one). */
  settled(): Promise<void> {
    return this.writing;
  }

  /** Final synchronous write (closing the workspace). */
  close(): void {
    if (this.closed) return;
    this.flushSync();
    this.closed = true;
  }

  /** Writes the file now, synchronously (the process is about to quit). */
  flushSync(): void {
    if (this.closed || this.blocked) return;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    this.unwrittenSince = undefined;
    const text = this.contents();
    try {
      if (text === undefined) fs.rmSync(this.file, { force: true });
      else writeFileAtomicSync(this.file, text);
    } catch {
      // see flush
    }
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

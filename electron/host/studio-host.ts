import fs from 'node:fs';
import path from 'node:path';
import {
  EVENTS,
  type BaselineSpec,
  type BuildOutcome,
  type BuildTarget,
  type DeleteOutcome,
  type DocumentInfo,
  type EventName,
  type EventPayload,
  type PreviewResult,
  type SaveOutcome,
  type WorkspaceView,
} from '../../shared/ipc/contract.js';
import { createDispatcher, type ChannelHandlers, type Dispatch } from '../../shared/ipc/dispatch.js';
import { docKey, type DocRef } from '../../shared/ipc/doc-ref.js';
import { HostError } from '../../shared/ipc/host-error.js';
import { parseContext, selectVariant } from '../../shared/engine/index.js';
import { loadStackProfile } from '../../shared/stack/index.js';
import { deleteChecked, saveTextAtomic, writeFileAtomicAsync } from './atomic-save.js';
import { builtinWorkspaceDir } from './builtin-workspace.js';
import { outcomeText, resolveVariantContext, runBuild, type BuildInputs, type ParsedContextSpec } from './build-runner.js';
import { isInside } from './confine.js';
import { isDirty } from './document-set.js';
import { DraftStore, type StoredDraft } from './drafts.js';
import { contentHash } from './hash.js';
import { hostBuildOptions, machineInfo } from './machine.js';
import { readTextFile } from './text-file.js';
import { countTokens, warmUpTokenizer } from './tokens.js';
import { UserSettings } from './user-settings.js';
import { WorkspaceWatcher } from './watcher.js';
import { isWorkspacePath } from './workspace-files.js';
import { WorkspaceSession } from './workspace-session.js';

/** What a folder dialog is for: opening a workspace, copying one, or the working folder of real discovery. */
export type FolderPurpose = 'open' | 'copy' | 'working-folder';

/** How long the workspace view waits after a rebuild (see scheduleViewRefresh). */
const VIEW_REFRESH_AFTER_REBUILD_MS = 50;

/**
 * The host: everything the renderer can ask for, as plain Node code (no Electron). The
 * Electron wiring registers `dispatch` on ipcMain and forwards events to the window; browser
 * mode does the same over a WebSocket. One open workspace at a time.
 */

export interface StudioHostOptions {
  /** Folder for settings, drafts and window state (Electron: app.getPath('userData')). */
  userDataDir: string;
  /** The built-in workspace (default: the repository's variants/ folder). */
  builtinDir?: string | undefined;
  /** Open this folder at start instead of the last (or built-in) workspace. */
  initialWorkspace?: string | undefined;
  /** Folder dialog (Electron); without one, channels that need it answer DIALOG_UNAVAILABLE. */
  pickFolder?: ((purpose: FolderPurpose, defaultPath?: string) => Promise<string | null>) | undefined;
  /** Milliseconds to wait after the last file event before reading changes (default 100). */
  watchDebounceMs?: number | undefined;
  /** Milliseconds after the last edit before drafts are written (default 200). */
  draftDebounceMs?: number | undefined;
  /** Milliseconds after the last preview result before tokens are counted (default 150). */
  tokenDebounceMs?: number | undefined;
  /** Watch the workspace folder for external edits (default true). */
  watch?: boolean | undefined;
  /** Check responses and events against the contract (tests, development). */
  validate?: boolean | undefined;
  /** Told about unexpected errors (bugs), for logging. */
  onError?: ((where: string, error: unknown) => void) | undefined;
}

type Listener = (event: EventName, payload: unknown) => void;

interface PreviewSpec {
  target: BuildTarget;
  context: ParsedContextSpec;
  baseline: BaselineSpec;
}

export class StudioHost {
  readonly dispatch: Dispatch;
  readonly handlers: ChannelHandlers;
  private readonly settings: UserSettings;
  private readonly builtinDir: string | undefined;
  private readonly listeners = new Set<Listener>();
  private session?: WorkspaceSession;
  private drafts?: DraftStore;
  private watcher?: WorkspaceWatcher;
  private readonly editedAt = new Map<string, string>();
  private preview?: PreviewSpec;
  private seq = 0;
  /** Folders the user chose for real instruction-file discovery (stack:grantFolder), real paths; for this run of the app. */
  private readonly grantedFolders = new Set<string>();
  /** Resolves once the scheduled rebuild has run (its result emitted). */
  private rebuildScheduled?: Promise<void> | undefined;
  private rebuildRunning?: Promise<void>;
  private tokenTimer?: NodeJS.Timeout;
  private lastViewJson?: string;
  private readonly pins = new Map<string, string>();
  private savedBaselineCache?: { key: string; outcome: BuildOutcome };
  private opening: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(private readonly options: StudioHostOptions) {
    this.settings = new UserSettings(options.userDataDir);
    this.builtinDir = options.builtinDir ?? safeBuiltinDir();
    this.handlers = this.createHandlers();
    this.dispatch = createDispatcher(this.handlers, {
      validateResponses: options.validate,
      onUnexpectedError: (channel, error) => this.reportError(channel, error),
    });
  }

  // ---------- lifecycle ----------

  /** Opens the first workspace: the one asked for, else the last one, else the built-ins. */
  async start(): Promise<WorkspaceView | null> {
    if (this.options.initialWorkspace) return this.openFolder(path.resolve(this.options.initialWorkspace));
    const last = this.settings.last();
    if (last?.kind === 'folder' && isDirectory(last.path)) {
      try {
        return await this.openFolder(last.path);
      } catch (error) {
        this.reportError('start', error);
      }
    }
    if (this.builtinDir) return this.openBuiltin();
    return null;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.tokenTimer) clearTimeout(this.tokenTimer);
    if (this.viewRefresh) clearTimeout(this.viewRefresh.timer);
    this.viewRefresh = undefined;
    await this.closeSession();
    this.listeners.clear();
  }

  /**
   * Loads the tokenizer's encoders now (about half a second of blocking work) instead of at
   * the first token count. Call it once the window or the server is up.
   */
  warmUp(): void {
    warmUpTokenizer();
  }

  /** Writes drafts now, synchronously (before the process quits). */
  flushDraftsSync(): void {
    this.drafts?.flushSync();
  }

  /** Listens to every host event; returns the function that stops listening. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get current(): WorkspaceSession | undefined {
    return this.session;
  }

  /** Waits until pending drafts are on disk (tests). */
  async flushDrafts(): Promise<void> {
    await this.drafts?.flush();
  }

  /** Waits until a scheduled rebuild has run and publishes a pending view now (tests, benchmarks). */
  async settle(): Promise<void> {
    while (this.rebuildScheduled || this.rebuildRunning) {
      await new Promise((resolve) => setImmediate(resolve));
      if (this.rebuildRunning) await this.rebuildRunning;
    }
    this.flushViewRefresh();
  }

  private emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    if (this.options.validate) {
      const checked = EVENTS[event].safeParse(payload);
      if (!checked.success)
        this.reportError(`event ${event}`, new Error(`event ${event} does not match the contract: ${checked.error.message}`));
    }
    for (const listener of this.listeners) {
      try {
        listener(event, payload);
      } catch (error) {
        this.reportError(`listener of ${event}`, error);
      }
    }
  }

  private reportError(where: string, error: unknown): void {
    this.options.onError?.(where, error);
  }

  // ---------- workspaces ----------

  private requireSession(): WorkspaceSession {
    if (!this.session) throw new HostError('NO_WORKSPACE', 'no workspace is open');
    return this.session;
  }

  private async openBuiltin(): Promise<WorkspaceView> {
    if (!this.builtinDir) throw new HostError('NOT_FOUND', 'the built-in variants folder is missing from this installation');
    return this.openSession(WorkspaceSession.open(this.builtinDir, true));
  }

  private async openFolder(folder: string): Promise<WorkspaceView> {
    if (this.builtinDir && samePath(folder, this.builtinDir)) return this.openBuiltin();
    return this.openSession(WorkspaceSession.open(folder, false));
  }

  private createDraftStore(session: WorkspaceSession, loadPrevious: boolean): DraftStore {
    const store = new DraftStore(
      this.options.userDataDir,
      session.builtin ? 'builtin' : session.realRoot,
      () => this.currentDrafts(session),
      this.options.draftDebounceMs ?? 200,
    );
    if (loadPrevious) {
      store.loadPrevious((draft) => {
        const entry = session.docs.get(draft.path);
        return entry !== undefined && entry.savedText === draft.text;
      });
    }
    return store;
  }

  private currentDrafts(session: WorkspaceSession): StoredDraft[] {
    const out: StoredDraft[] = [];
    for (const entry of session.docs.dirty()) {
      const ref = session.refOf(entry.rel);
      if (!ref) continue;
      out.push({
        key: docKey(ref),
        ref,
        path: entry.rel,
        text: entry.text,
        savedAt: this.editedAt.get(entry.rel) ?? new Date().toISOString(),
        baseHash: entry.baseHash,
      });
    }
    return out;
  }

  private async closeSession(): Promise<void> {
    const watcher = this.watcher;
    this.drafts?.close();
    this.drafts = undefined;
    this.watcher = undefined;
    this.session = undefined;
    this.editedAt.clear();
    this.savedBaselineCache = undefined;
    await watcher?.close();
  }

  private openSession(session: WorkspaceSession): Promise<WorkspaceView> {
    const run = async (): Promise<WorkspaceView> => {
      await this.closeSession();
      this.session = session;
      this.drafts = this.createDraftStore(session, true);
      if (this.options.watch !== false) {
        const watcher = new WorkspaceWatcher(
          session.realRoot,
          (paths) => this.onDiskChanges(session, paths),
          this.options.watchDebounceMs ?? 100,
          (error) => this.reportError('watcher', error),
        );
        this.watcher = watcher;
        await watcher.start();
      }
      this.settings.opened(session.builtin ? null : session.root, session.name());
      const view = this.publishView(true);
      if (this.preview) this.scheduleRebuild();
      return view;
    };
    const next = this.opening.then(run, run);
    this.opening = next.catch(() => undefined);
    return next;
  }

  /** Sends workspace:changed when the view differs from the last one sent (or always with force). */
  private publishView(force = false): WorkspaceView {
    const view = this.requireSession().view();
    const json = JSON.stringify(view);
    if (force || json !== this.lastViewJson) {
      this.lastViewJson = json;
      this.emit('workspace:changed', view);
    }
    return view;
  }

  /**
   * The folder a request is about. With a folder dialog (the desktop) the user's choice in it
   * decides: a path from the renderer is taken as is only when `known` vouches for it (a
   * recent workspace) and otherwise just opens the dialog there. Browser mode has no dialog;
   * its token is the boundary, and the path the user typed is taken.
   */
  private async chooseFolder(
    purpose: FolderPurpose,
    given: string | undefined,
    known: (p: string) => boolean = () => false,
  ): Promise<string | null> {
    if (!this.options.pickFolder) return given ?? this.pick(purpose);
    if (given !== undefined && known(given)) return given;
    return this.pick(purpose, given);
  }

  private async pick(purpose: FolderPurpose, defaultPath?: string): Promise<string | null> {
    if (!this.options.pickFolder) throw new HostError('DIALOG_UNAVAILABLE', 'no folder dialog here (browser mode): pass the folder path');
    return this.options.pickFolder(purpose, defaultPath);
  }

  private async copyWorkspace(target: string): Promise<WorkspaceView> {
    const session = this.requireSession();
    if (!path.isAbsolute(target)) throw new HostError('INVALID_REQUEST', `the copy's folder must be an absolute path: '${target}'`);
    const resolved = path.resolve(target);
    if (fs.existsSync(resolved)) {
      if (!isDirectory(resolved)) throw new HostError('INVALID_REQUEST', `'${resolved}' exists and is not a folder`);
      if (fs.readdirSync(resolved).length > 0)
        throw new HostError('INVALID_REQUEST', `'${resolved}' is not empty; choose a new or empty folder`);
    }
    const realParent = realpathOfExistingAncestor(resolved);
    // Both are real paths: plain path arithmetic decides.
    if (isInside(session.realRoot, realParent)) {
      throw new HostError('INVALID_REQUEST', 'the copy cannot be made inside the workspace it copies');
    }
    try {
      fs.mkdirSync(resolved, { recursive: true });
      fs.cpSync(session.realRoot, resolved, {
        recursive: true,
        verbatimSymlinks: false,
        filter: (source) => {
          const rel = path.relative(session.realRoot, source);
          if (rel === '') return true;
          if (rel.split(path.sep).some((s) => s.startsWith('.') || s === 'node_modules')) return false;
          // Symlinks are not copied: the copy holds only the workspace's own files.
          return !fs.lstatSync(source).isSymbolicLink();
        },
      });
      for (const [rel, text] of session.docs.editedFiles()) await writeFileAtomicAsync(path.join(resolved, ...rel.split('/')), text);
    } catch (error) {
      throw new HostError(
        'IO_ERROR',
        `copying the workspace to '${resolved}' failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    // The edits now live in the copy: the old workspace keeps no drafts of them.
    for (const entry of session.docs.dirty()) session.docs.revert(entry.rel);
    return this.openFolder(resolved);
  }

  // ---------- documents ----------

  private docInfo(session: WorkspaceSession, ref: DocRef): DocumentInfo {
    const { rel, entry } = session.entry(ref);
    return session.documentInfo(rel, ref, entry);
  }

  private edited(session: WorkspaceSession, rel: string): Promise<void> {
    this.editedAt.set(rel, new Date().toISOString());
    this.drafts?.schedule();
    return this.changed([rel]);
  }

  /**
   * Something in the workspace changed: rebuild if it is an input of the preview, and refresh
   * the view. Resolves when the rebuild's result has been emitted.
   */
  private changed(paths: readonly string[]): Promise<void> {
    if (!this.preview || paths.some((p) => this.affectsPreview(p, this.preview!))) return this.scheduleRebuild();
    this.scheduleViewRefresh(0);
    return Promise.resolve();
  }

  private viewRefresh?: { timer: ReturnType<typeof setTimeout>; due: number } | undefined;
  /**
   * Publishes the workspace view after `delayMs` (a later request for sooner wins). After a
   * rebuild caused by typing the view waits a little: its dirty markers already came with
   * the doc:update answer, and computing it would compete with the renderer for the CPU
   * while it shows the new result.
   */
  private scheduleViewRefresh(delayMs: number): void {
    const due = performance.now() + delayMs;
    if (this.viewRefresh) {
      if (this.viewRefresh.due <= due) return;
      clearTimeout(this.viewRefresh.timer);
    }
    const timer = setTimeout(() => this.flushViewRefresh(), delayMs);
    this.viewRefresh = { timer, due };
  }

  private flushViewRefresh(): void {
    if (!this.viewRefresh) return;
    clearTimeout(this.viewRefresh.timer);
    this.viewRefresh = undefined;
    if (this.session && !this.closed) this.publishView();
  }

  private affectsPreview(rel: string, spec: PreviewSpec): boolean {
    const { target, baseline, context } = spec;
    if (rel.startsWith('profiles/')) return target.kind === 'profile' && rel.startsWith(`profiles/${target.profileId}/`);
    if (target.kind === 'profile') return context.kind !== 'stack' && rel.startsWith('contexts/');
    const variant = /^variants\/([^/]+)\//.exec(rel)?.[1];
    if (variant === undefined) return true;
    if (target.kind === 'selected') return true;
    return variant === target.variantId || (baseline.kind === 'variant' && baseline.variantId === variant);
  }

  private async save(session: WorkspaceSession, ref: DocRef, overwrite: boolean): Promise<SaveOutcome> {
    if (session.readOnly)
      throw new HostError(
        'READ_ONLY',
        'the built-in variants are read-only: copy them into a workspace of your own (workspace:copyTo) to save',
      );
    const { rel, entry } = session.entry(ref);
    const absolute = session.absolute(rel);
    const text = entry.text;
    let result;
    try {
      result = await saveTextAtomic(absolute, text, overwrite ? undefined : entry.baseHash);
    } catch (error) {
      if (error instanceof HostError) throw error;
      throw new HostError('IO_ERROR', `saving ${rel} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (result.status === 'conflict') return { status: 'conflict', path: rel, diskText: result.diskText };
    session.docs.markSaved(rel, text, result.hash);
    this.drafts?.schedule();
    this.invalidateSavedBaseline();
    return { status: 'saved', path: rel };
  }

  private invalidateSavedBaseline(): void {
    this.savedBaselineCache = undefined;
    if (this.preview?.baseline.kind === 'saved') this.scheduleRebuild();
    else this.scheduleViewRefresh(0);
  }

  /** Reads the changed files and applies them: reload clean documents, report conflicts for dirty ones. */
  private onDiskChanges(session: WorkspaceSession, paths: readonly string[]): void {
    if (session !== this.session) return;
    const candidates = new Set<string>();
    for (const rel of paths) {
      if (!isWorkspacePath(rel)) continue;
      candidates.add(rel);
      for (const known of session.docs.paths()) if (known.startsWith(`${rel}/`)) candidates.add(known);
    }
    const changedPaths: string[] = [];
    for (const rel of candidates) {
      let read;
      try {
        read = readTextFile(session.absolute(rel));
      } catch {
        read = { kind: 'missing' as const };
      }
      const entry = session.docs.get(rel);
      const ref = session.refOf(rel);
      if (read.kind !== 'text') {
        if (!entry || entry.savedText === null) continue;
        if (read.kind === 'skipped' && read.reason === 'not a file') continue;
        if (!isDirty(entry)) {
          session.docs.remove(rel);
          changedPaths.push(rel);
          if (ref) this.emit('doc:changedOnDisk', { ref, text: null, conflict: false });
        } else if (entry.reportedConflictHash !== null) {
          entry.reportedConflictHash = null;
          if (ref) this.emit('doc:changedOnDisk', { ref, text: null, conflict: true });
        }
        continue;
      }
      const hash = contentHash(read.text);
      if (!entry) {
        session.docs.applyDisk(rel, read.text, hash);
        changedPaths.push(rel);
        continue;
      }
      if (hash === entry.baseHash) continue; // our own save, or a touch: nothing new
      if (!isDirty(entry)) {
        session.docs.applyDisk(rel, read.text, hash);
        changedPaths.push(rel);
        if (ref) this.emit('doc:changedOnDisk', { ref, text: read.text, conflict: false });
      } else if (entry.text === read.text) {
        session.docs.markSaved(rel, read.text, hash);
        changedPaths.push(rel);
      } else if (entry.reportedConflictHash !== hash) {
        entry.reportedConflictHash = hash;
        if (ref) this.emit('doc:changedOnDisk', { ref, text: read.text, conflict: true });
      }
    }
    if (changedPaths.length > 0) {
      this.savedBaselineCache = undefined;
      this.drafts?.schedule();
      if (this.preview && this.preview.baseline.kind === 'saved') this.scheduleRebuild();
      else this.changed(changedPaths);
    }
  }

  // ---------- builds ----------

  private buildInputs(session: WorkspaceSession, which: 'edited' | 'saved'): BuildInputs {
    if (which === 'edited') {
      return {
        snapshot: session.snapshot(),
        profile: (id) => session.profile(id),
        options: hostBuildOptions(),
        grantedFolders: this.grantedFolders,
      };
    }
    return {
      snapshot: session.savedSnapshot(),
      profile: (id) => loadStackProfile(session.docs.savedSource(), `profiles/${id}`),
      options: hostBuildOptions(),
      grantedFolders: this.grantedFolders,
    };
  }

  private async baselineOf(session: WorkspaceSession, spec: PreviewSpec): Promise<PreviewResult['baseline']> {
    const { baseline } = spec;
    const fromOutcome = (outcome: BuildOutcome): PreviewResult['baseline'] =>
      outcome.ok ? { spec: baseline, text: outcomeText(outcome) } : { spec: baseline, text: null, error: outcome.error };
    switch (baseline.kind) {
      case 'none':
        return { spec: baseline, text: null };
      case 'saved': {
        // The same context as the preview (a preset as edited): the question is what the
        // unsaved edits of the prompt's files change in the prompt.
        const context = (spec.context.kind === 'preset' ? this.presetAsInline(session, spec.context.name) : undefined) ?? spec.context;
        const key = JSON.stringify([session.id, session.docs.savedVersion, spec.target, context]);
        if (this.savedBaselineCache?.key !== key) {
          this.savedBaselineCache = { key, outcome: await runBuild(this.buildInputs(session, 'saved'), spec.target, context) };
        }
        return fromOutcome(this.savedBaselineCache.outcome);
      }
      case 'variant':
        return fromOutcome(
          await runBuild(this.buildInputs(session, 'edited'), { kind: 'variant', variantId: baseline.variantId }, spec.context),
        );
      case 'preset':
        return fromOutcome(await runBuild(this.buildInputs(session, 'edited'), spec.target, { kind: 'preset', name: baseline.name }));
      case 'snapshot': {
        const text = this.pins.get(baseline.name);
        return text === undefined
          ? { spec: baseline, text: null, error: `no pinned snapshot '${baseline.name}'` }
          : { spec: baseline, text };
      }
    }
  }

  private presetAsInline(session: WorkspaceSession, name: string): ParsedContextSpec | undefined {
    const resolved = resolveVariantContext(session.snapshot(), { kind: 'preset', name });
    return resolved.ok ? { kind: 'inline', context: resolved.value } : undefined;
  }

  private async computePreview(session: WorkspaceSession, spec: PreviewSpec): Promise<PreviewResult> {
    const seq = ++this.seq;
    const outcome = await runBuild(this.buildInputs(session, 'edited'), spec.target, spec.context);
    const baseline = await this.baselineOf(session, spec);
    return { seq, target: spec.target, outcome, baseline };
  }

  private scheduleRebuild(): Promise<void> {
    this.rebuildScheduled ??= new Promise((resolve) => setImmediate(() => void this.runRebuild().then(resolve)));
    return this.rebuildScheduled;
  }

  private async runRebuild(): Promise<void> {
    if (this.rebuildRunning) await this.rebuildRunning;
    this.rebuildScheduled = undefined;
    const session = this.session;
    const spec = this.preview;
    if (!session || this.closed) return;
    const work = (async () => {
      if (spec) {
        const result = await this.computePreview(session, spec);
        if (session === this.session && spec === this.preview) {
          this.emit('preview:result', result);
          this.scheduleTokens(result);
        }
      }
      if (session === this.session) this.scheduleViewRefresh(VIEW_REFRESH_AFTER_REBUILD_MS);
    })();
    this.rebuildRunning = work.catch((error) => this.reportError('rebuild', error));
    await this.rebuildRunning;
    this.rebuildRunning = undefined;
  }

  private scheduleTokens(result: PreviewResult): void {
    if (this.tokenTimer) clearTimeout(this.tokenTimer);
    this.tokenTimer = setTimeout(() => {
      this.tokenTimer = undefined;
      if (result.seq !== this.seq || this.closed) return;
      const text = outcomeText(result.outcome);
      void (async () => {
        try {
          const counts = await countTokens(text ?? '');
          const baseline = result.baseline.text === null ? null : await countTokens(result.baseline.text);
          if (result.seq === this.seq && !this.closed) this.emit('preview:tokens', { seq: result.seq, text: counts, baseline });
        } catch (error) {
          this.reportError('tokens', error);
        }
      })();
    }, this.options.tokenDebounceMs ?? 150);
  }

  // ---------- the contract ----------

  private createHandlers(): ChannelHandlers {
    return {
      'workspace:get': () => (this.session ? this.session.view() : null),
      'workspace:openBuiltin': () => this.openBuiltin(),
      'workspace:openFolder': async ({ path: folder }) => {
        const chosen = await this.chooseFolder('open', folder, (p) => this.settings.recent().some((r) => r.path === p));
        if (chosen === null) return null;
        if (!path.isAbsolute(chosen)) throw new HostError('INVALID_REQUEST', `a workspace folder must be an absolute path: '${chosen}'`);
        return this.openFolder(chosen);
      },
      'workspace:recent': () => this.settings.recent(),
      'workspace:copyTo': async ({ path: folder }) => {
        this.requireSession();
        const chosen = await this.chooseFolder('copy', folder);
        if (chosen === null) return null;
        return this.copyWorkspace(chosen);
      },
      'doc:read': ({ ref }) => {
        const { entry } = this.requireSession().entry(ref);
        return { text: entry.text, savedText: entry.savedText, dirty: isDirty(entry) };
      },
      'doc:update': async ({ ref, text }) => {
        const session = this.requireSession();
        const { rel, entry } = session.entry(ref);
        // The answer follows the rebuild's result: the preview reaches the renderer first.
        if (session.docs.setText(rel, text)) await this.edited(session, rel);
        return { dirty: isDirty(entry) };
      },
      'doc:save': ({ ref, overwrite }) => this.save(this.requireSession(), ref, overwrite === true),
      'doc:saveAll': async () => {
        const session = this.requireSession();
        const dirty = session.docs.dirty();
        if (dirty.length > 0 && session.readOnly) {
          throw new HostError(
            'READ_ONLY',
            'the built-in variants are read-only: copy them into a workspace of your own (workspace:copyTo) to save',
          );
        }
        const out: { key: string; outcome: SaveOutcome }[] = [];
        for (const entry of dirty) {
          const ref = session.refOf(entry.rel);
          if (ref) out.push({ key: docKey(ref), outcome: await this.save(session, ref, false) });
        }
        return out;
      },
      'doc:revert': ({ ref }) => {
        const session = this.requireSession();
        const { rel } = session.entry(ref);
        const text = session.docs.revert(rel);
        this.drafts?.schedule();
        this.changed([rel]);
        return { text };
      },
      'doc:delete': async ({ ref, overwrite }): Promise<DeleteOutcome> => {
        const session = this.requireSession();
        if (session.readOnly)
          throw new HostError(
            'READ_ONLY',
            'the built-in variants are read-only: copy them into a workspace of your own (workspace:copyTo) to change them',
          );
        const { rel, entry } = session.entry(ref);
        if (entry.savedText !== null) {
          const result = await deleteChecked(session.absolute(rel), overwrite ? undefined : entry.baseHash);
          if (result.status === 'conflict') return { status: 'conflict', path: rel, diskText: result.diskText };
        }
        session.docs.remove(rel);
        this.drafts?.schedule();
        this.invalidateSavedBaseline();
        this.changed([rel]);
        return { status: 'deleted', path: rel };
      },
      'doc:create': ({ ref, text }) => {
        const session = this.requireSession();
        const rel = session.pathOf(ref);
        if (session.docs.get(rel)) throw new HostError('INVALID_REQUEST', `${docKey(ref)} exists already (${rel})`);
        if (fs.existsSync(session.absolute(rel))) throw new HostError('INVALID_REQUEST', `${rel} exists on disk already`);
        session.docs.create(rel, text ?? '');
        this.edited(session, rel);
        return this.docInfo(session, ref);
      },
      'drafts:list': () => (this.drafts?.list() ?? []).map(({ key, ref, text, savedAt }) => ({ key, ref, text, savedAt })),
      'drafts:restore': ({ keys }) => {
        const session = this.requireSession();
        const restored: string[] = [];
        const paths: string[] = [];
        for (const draft of this.drafts?.take(keys) ?? []) {
          let rel: string;
          try {
            rel = session.pathOf(draft.ref);
          } catch (error) {
            this.reportError('drafts:restore', error);
            continue;
          }
          if (!session.docs.get(rel)) session.docs.create(rel, draft.text);
          else session.docs.setText(rel, draft.text);
          this.editedAt.set(rel, draft.savedAt);
          restored.push(draft.key);
          paths.push(rel);
        }
        this.drafts?.schedule();
        if (paths.length) this.changed(paths);
        return restored;
      },
      'drafts:discard': ({ keys }) => {
        this.requireSession();
        return this.drafts?.discard(keys) ?? [];
      },
      'preview:set': async ({ target, context, baseline }) => {
        const session = this.requireSession();
        const spec: PreviewSpec = { target, context: context as ParsedContextSpec, baseline };
        this.preview = spec;
        this.savedBaselineCache = undefined;
        const result = await this.computePreview(session, spec);
        this.scheduleTokens(result);
        return result;
      },
      'stack:grantFolder': async ({ path: folder }) => {
        const chosen = await this.chooseFolder('working-folder', folder);
        if (chosen === null) return null;
        if (!path.isAbsolute(chosen)) throw new HostError('INVALID_REQUEST', `a working folder must be an absolute path: '${chosen}'`);
        let real: string;
        try {
          real = await fs.promises.realpath(chosen);
          if (!(await fs.promises.stat(real)).isDirectory()) throw new Error('not a folder');
        } catch {
          throw new HostError('NOT_FOUND', `no folder at '${chosen}'`);
        }
        this.grantedFolders.add(real);
        if (this.preview?.context.kind === 'stack' && this.preview.context.discovery === 'real') this.scheduleRebuild();
        return { path: real };
      },
      'build:run': ({ target, context }) =>
        runBuild(this.buildInputs(this.requireSession(), 'edited'), target, context as ParsedContextSpec),
      'select:explain': ({ context, modelIds }) => {
        const session = this.requireSession();
        const snapshot = session.snapshot();
        const resolved = resolveVariantContext(snapshot, context as ParsedContextSpec);
        if (!resolved.ok) throw new HostError('INVALID_REQUEST', resolved.error);
        const base = resolved.value;
        const provider = base.providerInfo ?? parseContext({ providerInfo: {} }).providerInfo!;
        const ids = modelIds ?? [provider.model.id];
        return ids.map((modelId) => {
          const ctx = { ...base, providerInfo: { ...provider, model: { ...provider.model, id: modelId } } };
          const selection = selectVariant(snapshot.variants, ctx, snapshot.config.fallback);
          return selection.ok
            ? { modelId, variantId: selection.variant.id, summary: selection.summary, steps: selection.steps }
            : { modelId, variantId: null, summary: selection.error, steps: selection.steps };
        });
      },
      'tokens:count': async ({ texts }) => {
        const out = [];
        for (const text of texts) out.push(await countTokens(text));
        return out;
      },
      'snapshot:pin': ({ name, text }) => {
        this.pins.set(name, text);
        if (this.preview?.baseline.kind === 'snapshot' && this.preview.baseline.name === name) this.scheduleRebuild();
        return [...this.pins.keys()].sort();
      },
      'machine:info': () => machineInfo(),
    };
  }
}

function safeBuiltinDir(): string | undefined {
  try {
    const dir = builtinWorkspaceDir();
    return isDirectory(dir) ? dir : undefined;
  } catch {
    return undefined;
  }
}

function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function samePath(a: string, b: string): boolean {
  try {
    return fs.realpathSync(a) === fs.realpathSync(b);
  } catch {
    return path.resolve(a) === path.resolve(b);
  }
}

function realpathOfExistingAncestor(p: string): string {
  let dir = p;
  for (;;) {
    try {
      return path.join(fs.realpathSync(dir), path.relative(dir, p));
    } catch {
      const parent = path.dirname(dir);
      if (parent === dir) return p;
      dir = parent;
    }
  }
}

export function createStudioHost(options: StudioHostOptions): StudioHost {
  return new StudioHost(options);
}

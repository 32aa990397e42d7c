import fs from 'node:fs';
import path from 'node:path';
import { EVENTS, type EventName, type EventPayload, type WorkspaceView } from '../../shared/ipc/contract.js';
import { createDispatcher, type ChannelHandlers, type Dispatch } from '../../shared/ipc/dispatch.js';
import { docKey } from '../../shared/ipc/doc-ref.js';
import { HostError } from '../../shared/ipc/host-error.js';
import { builtinWorkspaceDir } from './builtin-workspace.js';
import { buildHandlers } from './channels/build-channels.js';
import { bundleHandlers } from './channels/bundle-channels.js';
import { checkHandlers } from './channels/check-channels.js';
import { entityHandlers } from './channels/entity-channels.js';
import { folderHandlers } from './channels/folder-channels.js';
import { helpHandlers } from './channels/help-channels.js';
import { compareHandlers } from './channels/compare-channels.js';
import { documentHandlers } from './channels/document-channels.js';
import { stackHandlers } from './channels/stack-channels.js';
import { harnessHandlers } from './channels/harness-channels.js';
import { runHandlers } from './channels/run-channels.js';
import { workspaceHandlers } from './channels/workspace-channels.js';
import { applyDiskChanges } from './disk-changes.js';
import { DraftStore, type StoredDraft } from './drafts.js';
import type { FolderPurpose, HostContext, StudioHostOptions } from './host-context.js';
import { isDirectory } from './is-directory.js';
import { PreviewService } from './preview-service.js';
import { warmUpTokenizer } from './tokens.js';
import { UserSettings } from './user-settings.js';
import { WorkspaceWatcher } from './watcher.js';
import { WorkspaceSession } from './workspace-session.js';

export type { FilePurpose, FolderPurpose, StudioHostOptions } from './host-context.js';

type Listener = (event: EventName, payload: unknown) => void;

/**
 * The host: everything the renderer can ask for, as plain Node code (no Electron). The
 * Electron wiring registers `dispatch` on ipcMain and forwards events to the window; browser
 * mode does the same over a WebSocket. One open workspace at a time.
 *
 * This class owns the state (the open workspace, its drafts and watcher, the listeners) and
 * its lifecycle; the request handlers live with their channel group in channels/, and the
 * live preview in PreviewService.
 */
export class StudioHost implements HostContext {
  readonly dispatch: Dispatch;
  readonly handlers: ChannelHandlers;
  readonly settings: UserSettings;
  readonly preview: PreviewService;
  private readonly closeRuns: () => void;
  readonly grantedFolders = new Set<string>();
  readonly editedAt = new Map<string, string>();
  private readonly builtinDir: string | undefined;
  private readonly listeners = new Set<Listener>();
  private currentSession?: WorkspaceSession | undefined;
  private currentDrafts?: DraftStore | undefined;
  private watcher?: WorkspaceWatcher | undefined;
  private lastViewJson?: string;
  private viewRefresh?: { timer: ReturnType<typeof setTimeout>; due: number } | undefined;
  private opening: Promise<unknown> = Promise.resolve();
  private isClosed = false;

  constructor(readonly options: StudioHostOptions) {
    this.settings = new UserSettings(options.userDataDir);
    this.builtinDir = options.builtinDir ?? safeBuiltinDir();
    this.preview = new PreviewService(this);
    const runs = runHandlers(this, { keyCipher: options.keyCipher, env: options.environment, limits: options.runLimits });
    this.closeRuns = runs.close;
    this.handlers = {
      ...workspaceHandlers(this),
      ...documentHandlers(this),
      ...buildHandlers(this),
      ...stackHandlers(this),
      ...bundleHandlers(this),
      ...checkHandlers(this),
      ...folderHandlers(this),
      ...entityHandlers(this),
      ...helpHandlers(this),
      ...harnessHandlers(this),
      ...compareHandlers(this),
      ...runs.handlers,
    };
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
    if (this.isClosed) return;
    this.isClosed = true;
    this.preview.close();
    this.closeRuns();
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
    this.currentDrafts?.flushSync();
  }

  /** Listens to every host event; returns the function that stops listening. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get current(): WorkspaceSession | undefined {
    return this.currentSession;
  }

  get session(): WorkspaceSession | undefined {
    return this.currentSession;
  }

  get drafts(): DraftStore | undefined {
    return this.currentDrafts;
  }

  get closed(): boolean {
    return this.isClosed;
  }

  /** Waits until pending drafts are on disk (tests). */
  async flushDrafts(): Promise<void> {
    await this.currentDrafts?.flush();
  }

  /** Waits until a scheduled rebuild has run and publishes a pending view now (tests, benchmarks). */
  async settle(): Promise<void> {
    await this.preview.settle();
    this.flushViewRefresh();
  }

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
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

  reportError(where: string, error: unknown): void {
    this.options.onError?.(where, error);
  }

  // ---------- workspaces ----------

  requireSession(): WorkspaceSession {
    if (!this.currentSession) throw new HostError('NO_WORKSPACE', 'no workspace is open');
    return this.currentSession;
  }

  async openBuiltin(): Promise<WorkspaceView> {
    if (!this.builtinDir) throw new HostError('NOT_FOUND', 'the built-in variants folder is missing from this installation');
    return this.openSession(WorkspaceSession.open(this.builtinDir, true));
  }

  async openFolder(folder: string): Promise<WorkspaceView> {
    if (this.builtinDir && samePath(folder, this.builtinDir)) return this.openBuiltin();
    return this.openSession(WorkspaceSession.open(folder, false));
  }

  async chooseFolder(
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

  private createDraftStore(session: WorkspaceSession): DraftStore {
    const store = new DraftStore(
      this.options.userDataDir,
      session.builtin ? 'builtin' : session.realRoot,
      () => this.draftsOf(session),
      this.options.draftDebounceMs ?? 200,
    );
    store.loadPrevious((draft) => {
      const entry = session.docs.get(draft.path);
      return entry !== undefined && entry.savedText === draft.text;
    });
    if (store.problem) session.hostProblems.push(store.problem);
    return store;
  }

  private draftsOf(session: WorkspaceSession): StoredDraft[] {
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
    this.currentDrafts?.close();
    this.currentDrafts = undefined;
    this.watcher = undefined;
    this.currentSession = undefined;
    this.editedAt.clear();
    await watcher?.close();
  }

  private openSession(session: WorkspaceSession): Promise<WorkspaceView> {
    const run = async (): Promise<WorkspaceView> => {
      await this.closeSession();
      this.currentSession = session;
      this.currentDrafts = this.createDraftStore(session);
      if (this.options.watch !== false) {
        const watcher = new WorkspaceWatcher(
          session.realRoot,
          (paths) => applyDiskChanges(this, session, paths),
          this.options.watchDebounceMs ?? 100,
          (error) => this.reportError('watcher', error),
        );
        this.watcher = watcher;
        await watcher.start();
      }
      this.settings.opened(session.builtin ? null : session.root, session.name());
      const view = this.publishView(true);
      this.preview.sessionOpened();
      return view;
    };
    const next = this.opening.then(run, run);
    this.opening = next.catch(() => undefined);
    return next;
  }

  // ---------- edits and the workspace view ----------

  edited(session: WorkspaceSession, rel: string): Promise<void> {
    this.editedAt.set(rel, new Date().toISOString());
    this.currentDrafts?.schedule();
    return this.preview.changed([rel]);
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
   * Publishes the workspace view after `delayMs` (a later request for sooner wins). After a
   * rebuild caused by typing the view waits a little: its dirty markers already came with
   * the doc:update answer, and computing it would compete with the renderer for the CPU
   * while it shows the new result.
   */
  scheduleViewRefresh(delayMs: number): void {
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
    if (this.currentSession && !this.isClosed) this.publishView();
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

function samePath(a: string, b: string): boolean {
  try {
    return fs.realpathSync(a) === fs.realpathSync(b);
  } catch {
    return path.resolve(a) === path.resolve(b);
  }
}

export function createStudioHost(options: StudioHostOptions): StudioHost {
  return new StudioHost(options);
}

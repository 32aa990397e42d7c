import fs from 'node:fs';
import path from 'node:path';
import { EVENTS, type EventName, type EventPayload, type WorkspaceView } from '../../shared/ipc/contract.js';
import { createDispatcher, type ChannelHandlers, type Dispatch } from '../../shared/ipc/dispatch.js';
import { docKey } from '../../shared/ipc/doc-ref.js';
import { HostError } from '../../shared/ipc/host-error.js';
import { mark } from '../../shared/ipc/trace.js';
import { builtinWorkspaceDir } from './builtin-workspace.js';
import { buildHandlers } from './channels/build-channels.js';
import { bundleHandlers } from './channels/bundle-channels.js';
import { checkHandlers } from './channels/check-channels.js';
import { entityHandlers } from './channels/entity-channels.js';
import { folderHandlers } from './channels/folder-channels.js';
import { helpHandlers } from './channels/help-channels.js';
import { compareHandlers } from './channels/compare-channels.js';
import { debugHandlers } from './channels/debug-channels.js';
import { documentHandlers } from './channels/document-channels.js';
import { stackHandlers } from './channels/stack-channels.js';
import { harnessHandlers } from './channels/harness-channels.js';
import { runHandlers } from './channels/run-channels.js';
import { workspaceHandlers } from './channels/workspace-channels.js';
import { applyDiskChanges } from './disk-changes.js';
import { DraftStore, type StoredDraft } from './drafts.js';
import type { FolderPurpose, HostContext, StudioHostOptions } from './host-context.js';
import { isDirectory } from './is-directory.js';
import { hostTraceWanted, startHostTrace } from './host-trace.js';
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
  private readonly compare: ReturnType<typeof compareHandlers>;
  private warmedUp = false;
  readonly grantedFolders = new Set<string>();
  readonly editedAt = new Map<string, string>();
  private readonly builtinDir: string | undefined;
  private readonly listeners = new Set<Listener>();
  private currentSession?: WorkspaceSession | undefined;
  private currentDrafts?: DraftStore | undefined;
  private watcher?: WorkspaceWatcher | undefined;
  /** The parts of the last view sent: each part's object and its JSON. */
  private readonly lastViewParts = new Map<string, { value: unknown; json: string }>();
  private viewRefresh?: { timer: ReturnType<typeof setTimeout>; due: number } | undefined;
  private opening: Promise<unknown> = Promise.resolve();
  private isClosed = false;

  constructor(readonly options: StudioHostOptions) {
    if (options.trace || hostTraceWanted()) startHostTrace();
    this.settings = new UserSettings(options.userDataDir);
    this.builtinDir = options.builtinDir ?? safeBuiltinDir();
    this.preview = new PreviewService(this);
    const runs = runHandlers(this, { keyCipher: options.keyCipher, env: options.environment, limits: options.runLimits });
    this.closeRuns = runs.close;
    this.compare = compareHandlers(this);
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
      ...this.compare.handlers,
      ...debugHandlers(),
      ...runs.handlers,
    };
    const dispatch = createDispatcher(this.handlers, {
      validateResponses: options.validate,
      onUnexpectedError: (channel, error) => this.reportError(channel, error),
    });
    this.dispatch = (channel, payload) => {
      // A request is the user at work: the matrix's builds ahead wait until the host is idle.
      this.compare.noteActivity();
      return dispatch(channel, payload);
    };
  }

  // ---------- lifecycle ----------

  /**
   * Opens the first workspace: the one asked for, else the last one, else the built-ins. A
   * remembered folder that fails to open, or whose opening ended the previous run (a crash
   * nothing could catch), gives way to the built-ins with a notice saying why: never a loop
   * of starts that all end the same way.
   */
  async start(): Promise<WorkspaceView | null> {
    if (this.options.initialWorkspace) return this.openFolder(path.resolve(this.options.initialWorkspace));
    const last = this.settings.last();
    const interrupted = this.settings.interruptedOpening();
    this.settings.endOpening();
    let notice: string | undefined;
    if (last?.kind === 'folder' && isDirectory(last.path)) {
      if (interrupted !== undefined && samePath(interrupted, last.path)) {
        notice = `The last run of the app ended while opening ${last.path}, so it was not opened again: the built-in variants are open instead. Open the folder again (File ▸ Open) once it is fixed.`;
      } else {
        try {
          return await this.openFolder(last.path);
        } catch (error) {
          this.reportError('start', error);
          notice = `${last.path} could not be opened (${firstLine(error)}): the built-in variants are open instead.`;
        }
      }
    }
    if (!this.builtinDir) return null;
    const view = await this.openBuiltin();
    if (notice === undefined) return view;
    this.currentSession?.notices.push(notice);
    return this.publishView(true);
  }

  async close(): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    this.preview.close();
    this.closeRuns();
    this.compare.close();
    if (this.viewRefresh) clearTimeout(this.viewRefresh.timer);
    this.viewRefresh = undefined;
    await this.closeSession();
    this.listeners.clear();
  }

  /**
   * Loads the tokenizer's encoders now (about half a second of blocking work) instead of at
   * the first token count, and starts the snapshot matrix's workers when the workspace is large
   * enough for them (again for each workspace opened after). Call it once the window or the server is up.
   */
  warmUp(): void {
    this.warmedUp = true;
    warmUpTokenizer();
    this.compare.warmUp();
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

  /**
   * The last resort for a failure nothing else caught (in a timer, an event handler, a
   * promise nobody awaits): it is logged, the renderer is told with a notice, and the host
   * keeps serving.
   */
  contain(where: string, error: unknown): void {
    this.reportError(where, error);
    this.emit('host:notice', {
      kind: 'error',
      message: `Something failed in the background (${where}: ${firstLine(error)}). The app keeps running.`,
    });
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
    // Remembered until the folder is open: if the process ends meanwhile, the next start knows.
    this.settings.beginOpening(folder);
    try {
      return await this.openSession(WorkspaceSession.open(folder, false));
    } finally {
      this.settings.endOpening();
    }
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
          (error) => this.contain('watcher', error),
        );
        this.watcher = watcher;
        await watcher.start();
      }
      this.settings.opened(session.builtin ? null : session.root, session.name());
      const view = this.publishView(true);
      this.preview.sessionOpened();
      // A workspace opened after the warm-up: its matrix's workers start now, if it has workers.
      if (this.warmedUp) this.compare.warmUp();
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

  /**
   * Sends workspace:changed when the view differs from the last one sent (or always with
   * force). A part of the view that is the same object as in the last view sent (the session
   * reuses unchanged parts) is not serialised again; the others are compared as JSON.
   */
  private publishView(force = false): WorkspaceView {
    mark('host:view');
    const view = this.requireSession().view();
    let changed = force || this.lastViewParts.size === 0;
    for (const [key, value] of Object.entries(view)) {
      const last = this.lastViewParts.get(key);
      if (last?.value === value) continue;
      const json = JSON.stringify(value);
      if (last?.json !== json) changed = true;
      this.lastViewParts.set(key, { value, json });
    }
    mark('host:viewed');
    if (changed) this.emit('workspace:changed', view);
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
    try {
      if (this.currentSession && !this.isClosed) this.publishView();
    } catch (error) {
      this.contain('view refresh', error);
    }
  }
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0] ?? text;
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

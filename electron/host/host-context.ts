import type { EventName, EventPayload, WorkspaceView } from '../../shared/ipc/contract.js';
import type { DraftStore } from './drafts.js';
import type { PreviewService } from './preview-service.js';
import type { ClientLimits } from './run/http-client.js';
import type { KeyCipher } from './run/key-store.js';
import type { UserSettings } from './user-settings.js';
import type { WorkspaceSession } from './workspace-session.js';

/** What a folder dialog is for: opening a workspace, copying one, or the working folder of real discovery. */
export type FolderPurpose = 'open' | 'copy' | 'working-folder';

/** What a file dialog is for: a bundle to import (open), or an export or a capture's conformance cases to write (save, with a suggested name). */
export type FilePurpose = 'import-bundle' | 'export-bundle' | 'export-files' | 'export-case';

export interface StudioHostOptions {
  /** Folder for settings, drafts and window state (Electron: app.getPath('userData')). */
  userDataDir: string;
  /** The built-in workspace (default: the repository's variants/ folder). */
  builtinDir?: string | undefined;
  /** Open this folder at start instead of the last (or built-in) workspace. */
  initialWorkspace?: string | undefined;
  /** Folder dialog (Electron); without one, channels that need it answer DIALOG_UNAVAILABLE. */
  pickFolder?: ((purpose: FolderPurpose, defaultPath?: string) => Promise<string | null>) | undefined;
  /** File dialogs (Electron): open for 'import-bundle', save for the exports; without them bundles travel in chunks. */
  pickFile?: ((purpose: FilePurpose, defaultName?: string) => Promise<string | null>) | undefined;
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
  /** Record timing marks for bench:ui (shared/ipc/trace.ts; also VARIANT_STUDIO_TRACE=1). */
  trace?: boolean | undefined;
  /** Told about unexpected errors (bugs), for logging. */
  onError?: ((where: string, error: unknown) => void) | undefined;
  /** The OS keychain for connection keys (Electron's safeStorage); without it keys live in memory for the session. */
  keyCipher?: KeyCipher | undefined;
  /** Where connection keys are read from standard variables (default process.env). */
  environment?: Readonly<Record<string, string | undefined>> | undefined;
  /** Limits of model requests (tests shorten them). */
  runLimits?: Partial<ClientLimits> | undefined;
}

/**
 * The host's state and shared operations, as the channel groups (channels/) and services see
 * them. StudioHost is the one implementation; the groups hold the request handlers.
 */
export interface HostContext {
  readonly options: StudioHostOptions;
  readonly settings: UserSettings;
  /** The open workspace, if any. */
  readonly session: WorkspaceSession | undefined;
  /** Drafts of the open workspace's unsaved edits. */
  readonly drafts: DraftStore | undefined;
  readonly preview: PreviewService;
  /** Folders the user chose for real instruction-file discovery (stack:grantFolder), real paths; for this run of the app. */
  readonly grantedFolders: Set<string>;
  /** When each document was last edited (workspace-relative path -> ISO time), for drafts. */
  readonly editedAt: Map<string, string>;
  readonly closed: boolean;
  requireSession(): WorkspaceSession;
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  reportError(where: string, error: unknown): void;
  openBuiltin(): Promise<WorkspaceView>;
  openFolder(folder: string): Promise<WorkspaceView>;
  /**
   * The folder a request is about. With a folder dialog (the desktop) the user's choice in it
   * decides: a path from the renderer is taken as is only when `known` vouches for it (a
   * recent workspace) and otherwise just opens the dialog there. Browser mode has no dialog;
   * its token is the boundary, and the path the user typed is taken.
   */
  chooseFolder(purpose: FolderPurpose, given: string | undefined, known?: (p: string) => boolean): Promise<string | null>;
  /** A document was edited: remember when, keep a draft, rebuild. Resolves when the rebuild's result has been emitted. */
  edited(session: WorkspaceSession, rel: string): Promise<void>;
  /** Publishes the workspace view after `delayMs` (a later request for sooner wins). */
  scheduleViewRefresh(delayMs: number): void;
}

/**
 * variant-studio/host: the host services behind the app, as plain Node modules (no Electron).
 * The Electron main process and browser mode both wrap a StudioHost; the CLI uses the folder
 * source and the machine facts.
 */
export { StudioHost, createStudioHost, type StudioHostOptions } from './studio-host.js';
export { WorkspaceSession, type LoadedProfile } from './workspace-session.js';
export { DocumentSet, isDirty, type DocEntry } from './document-set.js';
export { DraftStore, draftFileFor, type StoredDraft } from './drafts.js';
export { WorkspaceWatcher } from './watcher.js';
export { saveTextAtomic, deleteChecked, diskHash, type AtomicSaveResult } from './atomic-save.js';
export { resolveInside, checkRelativePath } from './confine.js';
export { folderFileSource } from './folder-source.js';
export { builtinWorkspaceDir, packageRoot } from './builtin-workspace.js';
export { machineInfo, hostBuildOptions } from './machine.js';
export { countTokens, type TokenCounts } from './tokens.js';
export { UserSettings, type RecentWorkspace } from './user-settings.js';
export { loadWindowState, saveWindowState, placeWindow, type WindowState, type Rect } from './window-state.js';
export { runBuild, resolveVariantContext, stackContextFromVariantContext } from './build-runner.js';
export { pathForRef, refForPath, scanWorkspace, WORKSPACE_ENTRIES } from './workspace-files.js';
export { APP_DATA_NAME, defaultUserDataDir } from './user-data-dir.js';

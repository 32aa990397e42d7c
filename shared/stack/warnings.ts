/**
 * Warnings of a stack build. Codes are stable (tests, the CLI and the app key on them);
 * messages are for people and may change.
 */
export const STACK_WARNING_CODES = [
  /** The context names an agent the profile does not have. */
  'unknown-agent',
  /** The agent's prompt is empty, so the provider prompt is used (as OpenCode does). */
  'empty-agent-prompt',
  /** No provider rule matched the model; the stack has no provider prompt. */
  'no-provider-rule',
  /** The environment template uses a placeholder the engine does not know. */
  'environment-unknown-placeholder',
  /** The working directory is not inside the worktree root given by the context. */
  'cwd-outside-worktree',
  /** The context says git, but no `.git` was found above the working directory. */
  'worktree-not-found',
  /** An instruction file (or a path on the way to it) could not be read or examined. */
  'instruction-unreadable',
  /** An instruction file holds NUL bytes or is not UTF-8; it is left out. */
  'instruction-binary',
  /** Something by an instruction file's name is a folder (or not a regular file). */
  'instruction-not-a-file',
  /** An instruction file exists but is empty: no block (but it still won over later names). */
  'instruction-empty',
  /** An instruction file holds only whitespace; it is used as is. */
  'instruction-whitespace-only',
  /** A deprecated instruction file name (CONTEXT.md) supplied instructions. */
  'instruction-deprecated-name',
  /** Two blocks come from the same file on disk through different paths. */
  'instruction-duplicate-file',
  /** An instruction file is a symlink to a file outside the worktree (it is used). */
  'instruction-symlink-outside-worktree',
  /** The agent drops an instruction file whole (Kilo: a substitution a project file may not make). */
  'instruction-dropped',
  /** A configured path does not exist. */
  'instruction-missing',
  /** A configured glob matched no file. */
  'instruction-glob-no-match',
  /** A relative configured entry points above the folder it is resolved against; it is not read. */
  'instruction-outside-worktree',
  /**
   * The app reads the real disk only inside the folder the user chose: a configured absolute,
   * home or parent path from the renderer's context is not read there.
   */
  'instruction-not-granted',
  /** On the real disk without a .git, the walk up stopped at the granted folder. */
  'walk-stops-at-granted-folder',
  /** A global location could not be turned into an absolute path. */
  'instruction-location-invalid',
  /** A glob walk met a symlink that leads back to a folder being walked; it was not followed. */
  'instruction-symlink-loop',
  /** A glob walk stopped after too many entries. */
  'instruction-walk-limit',
  /** A folder could not be listed during a glob walk. */
  'instruction-directory-unreadable',
  /** URLs are listed but were not fetched (the caller did not ask). */
  'url-not-fetched',
  /** Fetching was asked for, but no fetch function was given. */
  'url-fetcher-missing',
  /** A URL fetch failed (network error or a non-2xx status). */
  'url-fetch-failed',
  /** A URL fetch took longer than the timeout. */
  'url-timeout',
  /** An entry of the context's virtual file tree could not be placed (e.g. a path below a file). */
  'virtual-tree-problem',
  /** Every part of the system prompt is empty. */
  'empty-system-prompt',
] as const;

export type StackWarningCode = (typeof STACK_WARNING_CODES)[number];

export type StackLayer = 'agent-prompt' | 'provider-prompt' | 'environment' | 'instructions' | 'mcp' | 'skills' | 'user-system';

export interface StackWarning {
  code: StackWarningCode;
  severity: 'error' | 'warning' | 'info';
  message: string;
  /** The file or URL concerned, when there is one. */
  path?: string | undefined;
  layer?: StackLayer | undefined;
}

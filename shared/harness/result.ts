import type { PathPatterns } from './text/path-patterns.js';

/**
 * What a harness run gives: the parts of the request that carry instruction text (with their
 * placement), and a report on every file the harness looked at — loaded, cut, skipped, or
 * never looked for — with the reason.
 */

export type HarnessPlacement = 'system' | 'user' | 'read';

export interface HarnessPart {
  placement: HarnessPlacement;
  /** For `read`: the path whose read-tool result gets this text. */
  readPath?: string | undefined;
  /** A short name: `AGENTS.md fragment`, `global memory`, `rules section`, ... */
  label: string;
  text: string;
  /** The instruction files whose text this part carries (empty: context only, e.g. an environment block). */
  files: string[];
  /**
   * When only a stretch of `text` is instruction text and the rest is the agent's own context
   * that its spec does not fix (Gemini CLI's session block: date, OS, workspace folders, folder
   * listing): that stretch ('' when there is none). A capture's verdict compares only it.
   */
  instruction?: string | undefined;
}

export type HarnessFileStatus =
  /** In the request. */
  | 'loaded'
  /** In the request, but cut to a limit. */
  | 'truncated'
  /** Found, but it adds nothing (empty after processing). */
  | 'empty'
  /** Found, and left out on purpose (a limit, a toggle, a condition, a duplicate, trust, ...). */
  | 'skipped'
  /** Looked for, not there (or not a file). */
  | 'missing'
  /** There, but it could not be read. */
  | 'unreadable'
  /** Not looked for (an earlier name or location won, a flag switched it off, ...). */
  | 'not-looked-for'
  /** Not read: outside what the user granted on the real disk (the agent would look there). */
  | 'not-granted';

/** Why a file could not be read, when it was not. */
export type HarnessReadProblem =
  /** Nothing there. */
  | 'missing'
  /** Something of that name, but a folder or not a regular file. */
  | 'not-a-file'
  /** Permission denied (EACCES, EPERM). */
  | 'permission'
  /** Over a size limit: the harness's own, else the engine's cap; not read. */
  | 'too-large'
  /** Not text: a NUL byte, or not valid UTF-8 where the harness needs it. */
  | 'not-utf8'
  /** Outside what the user granted on the real disk. */
  | 'not-granted'
  /** Another error (a symlink loop, an I/O error). */
  | 'error';

export interface HarnessTruncation {
  /** Bytes kept, of `bytes`. */
  keptBytes: number;
  /** Where the cut falls (1-based, in the file's text). */
  line: number;
  column: number;
}

export interface HarnessFileReport {
  path: string;
  /** The path with symlinks resolved, when it differs. */
  realPath?: string | undefined;
  /** The profile's name for the kind of file: global, project, local, rules, import, ... */
  group: string;
  status: HarnessFileStatus;
  /** Why, in words. */
  reason: string;
  placement?: HarnessPlacement | undefined;
  /** For files loaded on a read: the read that loaded them. */
  readPath?: string | undefined;
  /** The file's size in bytes, when it was found. */
  bytes?: number | undefined;
  /** The text this file contributes to the request (after processing), when loaded. */
  text?: string | undefined;
  truncation?: HarnessTruncation | undefined;
  /** When the file could not be read: the real reason. */
  readProblem?: HarnessReadProblem | undefined;
  /** For imports: the file that imported it. */
  importedBy?: string | undefined;
  /** A size limit that cut this file, or dropped it whole. */
  limit?: { bytes: number; effect: 'cut' | 'dropped' } | undefined;
  /** For imports that did not load: why. */
  importProblem?: 'missing' | 'unreadable' | 'too-large' | 'outside' | 'cycle' | 'depth' | 'refused' | 'budget' | undefined;
  /** A conditional rule's `paths:` patterns, the folder they are relative to, and how they match. */
  paths?: PathPatterns | undefined;
}

export type HarnessWarningSeverity = 'error' | 'warning' | 'info';

export interface HarnessWarning {
  code: string;
  severity: HarnessWarningSeverity;
  message: string;
  path?: string | undefined;
}

/** A run that hit one of the engine's budgets (docs/harnesses.md, "Limits of the engine"): what it shows is cut there. */
export interface HarnessTruncated {
  budget: 'import-files' | 'import-bytes' | 'time' | 'walk';
  message: string;
}

export interface HarnessResult {
  /** The profile id. */
  harness: string;
  /** The profile's display name, e.g. `Codex CLI`. */
  name: string;
  /** The agent and version the profile describes. */
  agent: string;
  version: string;
  /** The agent releases whose requests the profile was checked against. */
  observedWith: string[];
  parts: HarnessPart[];
  files: HarnessFileReport[];
  warnings: HarnessWarning[];
  /** Set when the agent would send no request at all (e.g. a missing include directory). */
  stopped?: string | undefined;
  /** Set when the run hit one of the engine's budgets: the parts are cut there. */
  truncated?: HarnessTruncated | undefined;
  /** Facts the run worked out (roots, trust, chosen base prompt, ...), for explanations. */
  facts: Record<string, string>;
}

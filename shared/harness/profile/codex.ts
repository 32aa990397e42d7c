import { z } from 'zod';
import { EnvName, FileName, HarnessBaseFields, HarnessText, PathTemplate, SettingKey } from './common.js';

/** Codex CLI: a global AGENTS.md and one file per folder from the project root down to the cwd, under a shared byte budget. */
export const CodexProfileSchema = z
  .object({
    ...HarnessBaseFields,
    loader: z.literal('codex'),
    /** The variable that moves the global folder; when set it must be an existing folder, taken by its real path. */
    homeVariable: EnvName.default('CODEX_HOME'),
    /** The global folder when the variable is unset or empty (not checked). */
    homeDefault: PathTemplate.default('{{home}}/.codex'),
    /** Global names, first non-blank one wins. Fallback names never apply here. */
    globalNames: z.array(FileName).min(1),
    /** Names per project folder, before the configured fallback names; the first regular file wins. */
    projectNames: z.array(FileName).min(1),
    settings: z
      .object({
        maxBytes: SettingKey.default('project_doc_max_bytes'),
        fallbackNames: SettingKey.default('project_doc_fallback_filenames'),
        rootMarkers: SettingKey.default('project_root_markers'),
        /** `projects["<path>"].trust_level`. */
        projects: SettingKey.default('projects'),
      })
      .strict()
      .prefault({}),
    defaults: z
      .object({
        maxBytes: z.number().int().nonnegative().default(32768),
        rootMarkers: z.array(z.string().min(1)).default(['.git']),
      })
      .strict()
      .prefault({}),
    /** The trust_level value that skips project docs. */
    untrustedLevel: z.string().default('untrusted'),
    /** Search order of the project folders. */
    order: z.enum(['root-first', 'cwd-first']).default('root-first'),
    /** With no root marker found: search the cwd only, or every folder up to the filesystem root. */
    noRoot: z.enum(['cwd-only', 'filesystem-root']).default('cwd-only'),
    /** A file bigger than this is a read error (which drops every project doc). */
    maxFileBytes: z.number().int().positive().default(536870912),
    placement: z.enum(['system', 'user']).default('user'),
    wrapper: z
      .object({
        /** Header with no project doc loaded. */
        header: HarnessText,
        /** Header when project docs were loaded: `{{cwd}}`. */
        headerForCwd: HarnessText,
        open: HarnessText,
        close: HarnessText,
        /** Between the global text and the project docs. */
        projectSeparator: HarnessText,
        /** Between project docs. */
        entrySeparator: HarnessText,
      })
      .strict(),
  })
  .strict();

export type CodexProfile = z.infer<typeof CodexProfileSchema>;

import { z } from 'zod';
import { EnvName, FileName, HarnessBaseFields, HarnessText, PerOs, RelativePath, SettingKey } from './common.js';

const Label = z.enum(['managed', 'user', 'project', 'local', 'autoMemory']);

/** One kind of memory file in a folder: a file, or a rules folder searched recursively. */
const FolderEntry = z.union([
  z.object({ file: RelativePath, label: Label }).strict(),
  z.object({ rules: RelativePath, label: Label }).strict(),
]);

const Wrapper = z
  .object({
    /** `{{payload}}`, `{{date}}`. */
    memory: HarnessText,
    /** Used when there is no payload; absent: nothing is sent. */
    empty: HarnessText.optional(),
    /** A date block of its own, after the memory block; absent: the wrapper carries the date, or `laterSystem` does. */
    date: HarnessText.optional(),
    /**
     * How the system message after the first user message ends (`{{date}}`): where `claude -p`
     * puts the date. Not instruction text: the run gives it as the fact `laterSystemMessageEnd`.
     */
    laterSystem: HarnessText.optional(),
  })
  .strict();

/** Claude Code: memory files concatenated into one user-message block; nested files on reads. */
export const ClaudeCodeProfileSchema = z
  .object({
    ...HarnessBaseFields,
    loader: z.literal('claude-code'),
    managedFile: PerOs(z.string().min(1)),
    /** The managed settings file whose `managedTextKey` holds instruction text. */
    managedSettingsFile: PerOs(z.string().min(1)),
    managedTextKey: z.string().default('claudeMd'),
    /** The label path of the managed text. */
    managedTextPath: z.string().default('<managed-settings>'),
    configDirVariable: EnvName.default('CLAUDE_CONFIG_DIR'),
    /** The user folder when the variable is unset. */
    configDirDefault: z.string().default('{{home}}/.claude'),
    userFile: FileName.default('CLAUDE.md'),
    userRules: RelativePath.default('rules'),
    /** Kinds of file per folder of the walk (and of add-dirs and nested folders), in order. */
    perFolder: z.array(FolderEntry).min(1),
    /** AGENTS.md files, loaded after the other files of a folder depending on the mode. */
    agentsFiles: z.array(RelativePath).default([]),
    agentsModes: z
      .object({
        /** Loads AGENTS.md only when no walk folder has one of the `perFolder` files (rules aside). */
        either: z.string(),
        /** Always loads them. */
        both: z.string(),
      })
      .strict(),
    agentsDefault: z.string(),
    autoMemory: z
      .object({
        /** Below the user folder; `{{cwdSlug}}` is the cwd with each separator as `-`. */
        path: z.string().min(1),
        maxLines: z.number().int().positive(),
        maxBytes: z.number().int().positive(),
      })
      .strict(),
    env: z
      .object({
        disableAll: EnvName.default('CLAUDE_CODE_DISABLE_CLAUDE_MDS'),
        addDirMemory: EnvName.default('CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD'),
        disableAutoMemory: EnvName.default('CLAUDE_CODE_DISABLE_AUTO_MEMORY'),
      })
      .strict()
      .prefault({}),
    settings: z
      .object({
        addDirs: SettingKey.default('addDirs'),
        excludes: SettingKey.default('claudeMdExcludes'),
        externalApproved: SettingKey.default('hasClaudeMdExternalIncludesApproved'),
        agentsMode: SettingKey.default('pluginConfigs.agents-md@builtin.options.instructionFiles'),
        /** `--setting-sources` as a list (user, project, local). */
        settingSources: SettingKey.default('settingSources'),
        /** `--bare` / `--safe-mode`. */
        bare: SettingKey.default('bare'),
        date: SettingKey.default('date'),
      })
      .strict()
      .prefault({}),
    maxFileBytes: z.number().int().positive().default(4194304),
    /** Hops: the top-level file is depth 0; a file at this depth still loads. */
    importMaxDepth: z.number().int().nonnegative().default(4),
    ruleExtension: z.string().default('.md'),
    /** Brace expansion budget per rule: patterns, and bytes. */
    braceBudget: z.object({ patterns: z.number().int().positive(), bytes: z.number().int().positive() }).strict(),
    labels: z
      .object({ managed: HarnessText, user: HarnessText, project: HarnessText, local: HarnessText, autoMemory: HarnessText })
      .strict(),
    preamble: HarnessText,
    /** `{{path}}`, `{{label}}`, `{{content}}`. */
    block: HarnessText,
    blockSeparator: HarnessText,
    /** `{{preamble}}`, `{{blocks}}`. */
    payload: HarnessText,
    wrappers: z.record(z.string(), Wrapper),
    /** Which of `wrappers` the agent version uses. */
    wrapper: z.string(),
    /** A file loaded on a read: `{{path}}`, `{{content}}`. */
    onRead: HarnessText,
    onReadSeparator: HarnessText,
  })
  .strict();

export type ClaudeCodeProfile = z.infer<typeof ClaudeCodeProfileSchema>;
export type ClaudeLabel = z.infer<typeof Label>;
export type ClaudeFolderEntry = z.infer<typeof FolderEntry>;

import { z } from 'zod';
import { EnvName, FileName, HarnessBaseFields, HarnessText, PathTemplate, RelativePath } from './common.js';

/**
 * GitHub Copilot CLI (docs/harnesses/copilot.md): wrapped instruction files (the user's, the
 * repository's and the working folder's copilot-instructions.md, AGENTS.md / CLAUDE.md /
 * GEMINI.md per folder), inline `.instructions.md` files, and tables of path-specific and
 * nested files, all in the system message.
 */
export const CopilotProfileSchema = z
  .object({
    ...HarnessBaseFields,
    loader: z.literal('copilot'),
    /** Moves the user folder when set and not empty. */
    userFolderVariable: EnvName.default('COPILOT_HOME'),
    userFolderDefault: PathTemplate.default('{{home}}/.copilot'),
    /** Extra directories, comma-separated. */
    customDirsVariable: EnvName.default('COPILOT_CUSTOM_INSTRUCTIONS_DIRS'),
    /** In the user folder. */
    userFile: FileName,
    /** Below the repository root and the working folder. */
    repositoryFile: RelativePath,
    /** Read in each folder from the repository root to the working folder. */
    agentNames: z.array(FileName).min(1),
    /** Names whose `@path` imports are expanded. */
    importIn: z.array(FileName).default([]),
    /** The agent-file name a custom directory contributes to the nested table. */
    customAgentsName: FileName,
    /** Folders of instruction files: below the user folder, and below the repository root (and each custom directory). */
    instructions: z.object({ user: RelativePath, repository: RelativePath, suffix: z.string().min(1) }).strict(),
    /** Claude rules the agent also reads (below the repository root): folder, extension; `paths` plays `applyTo`. */
    claudeRules: z
      .object({ folder: RelativePath, extension: z.string().min(1) })
      .strict()
      .optional(),
    /** The `applyTo` value that means "everywhere": such files are inlined. */
    everywhere: z.string().default('**'),
    wrapper: z
      .object({
        /** `{{content}}`. */
        block: HarnessText,
        /** After an import's token: `{{path}}` (absolute), `{{content}}`; `importClose` follows, after a newline unless the text ends with one. */
        importOpen: HarnessText,
        importClose: HarnessText,
        /** An import of a file already imported: `{{path}}`. */
        alreadyLoaded: HarnessText,
        /** Between items (wrapped blocks, inline files, tables). */
        separator: HarnessText,
        tableHeader: HarnessText,
        /** `{{pattern}}`, `{{path}}`, `{{description}}`. */
        tableRow: HarnessText,
        nestedHeader: HarnessText,
        /** `{{dir}}` relative to the working folder. */
        nestedRow: HarnessText,
      })
      .strict(),
  })
  .strict();

export type CopilotProfile = z.infer<typeof CopilotProfileSchema>;

import { z } from 'zod';
import { EnvName, FileName, HarnessBaseFields, HarnessText, RelativePath, SettingKey } from './common.js';

/**
 * Gemini CLI and its fork Qwen Code (docs/harnesses/gemini-cli.md, qwen-code.md): GEMINI.md-style
 * memory with `@` imports. `layout` says how it is gathered and placed: Gemini CLI's tiers
 * (global memory in the system instruction, project memory in the first user message, context
 * files on reads), or Qwen Code's per-name walk into one section of the system prompt, with
 * rules, a generated language file and a local file.
 */
export const GeminiProfileSchema = z
  .object({
    ...HarnessBaseFields,
    loader: z.literal('gemini'),
    layout: z.enum(['tiers', 'by-name']).default('tiers'),
    /** Replaces the home folder when set and not empty (Gemini CLI's GEMINI_CLI_HOME). */
    homeVariable: EnvName.optional(),
    /** Replaces the global folder itself when set and not empty (Qwen Code's QWEN_HOME). */
    globalFolderVariable: EnvName.optional(),
    /** `context.fileName` goes in front of the default names (Gemini CLI) or replaces them (Qwen Code). */
    fileNames: z.enum(['prepend', 'replace']).default('prepend'),
    /** How a block names its file: the absolute path, or the path relative to the working folder. */
    display: z.enum(['absolute', 'cwd-relative']).default('absolute'),
    /** The global folder, below home. */
    globalFolder: FileName.default('.gemini'),
    /** Names configured names are put in front of. */
    defaultNames: z.array(FileName).min(1),
    settings: z
      .object({
        fileName: SettingKey.default('context.fileName'),
        markers: SettingKey.default('context.memoryBoundaryMarkers'),
        importFormat: SettingKey.default('context.importFormat'),
        includeDirectories: SettingKey.default('context.includeDirectories'),
        model: SettingKey.default('model.name'),
        folderTrust: SettingKey.default('security.folderTrust.enabled'),
        /** Test-context key: the session date (YYYY-MM-DD). */
        date: SettingKey.default('date'),
        /** Test-context key: the project's temporary folder, when known. */
        tempDir: SettingKey.default('tempDir'),
        /** by-name: include directories contribute files only when this is true. */
        loadIncludes: SettingKey.default('context.loadFromIncludeDirectories'),
        /** by-name: the language the generated language file asks for (unset: `auto`). */
        outputLanguage: SettingKey.default('general.outputLanguage'),
      })
      .strict()
      .prefault({}),
    defaults: z
      .object({
        markers: z.array(z.string().min(1)).default(['.git']),
        importFormat: z.enum(['tree', 'flat']).default('tree'),
        model: z.string().default('auto'),
      })
      .strict()
      .prefault({}),
    trust: z
      .object({
        /** `true` / `false` forces the trust decision. */
        variable: EnvName.optional(),
        /** In the global folder: `{ "<path>": "TRUST_FOLDER" | "TRUST_PARENT" | "DO_NOT_TRUST" }`. */
        file: FileName.default('trustedFolders.json'),
        /** Whether folder trust is on when the setting does not say (Gemini CLI: on; Qwen Code: off, every folder trusted). */
        enabledByDefault: z.boolean().default(true),
      })
      .strict()
      .prefault({}),
    /** by-name: rules folders after the context files (qwen-code.md rule 10). */
    rules: z
      .object({
        /** Below the global folder. */
        global: RelativePath,
        /** Below the project root (the working folder without one). */
        project: RelativePath,
        extension: z.string().min(1),
        /** `{{path}}` (relative to the project root), `{{content}}`. */
        block: HarnessText,
      })
      .strict()
      .optional(),
    /** by-name: the output-language file the agent writes and always loads (qwen-code.md rule 12). */
    languageFile: z
      .object({
        name: FileName,
        /** Below the working folder: a file there is used instead of the global one. */
        project: RelativePath,
        /** The marker that makes the agent keep an existing global file: prefix, the language, suffix. */
        markerPrefix: z.string().min(1),
        markerSuffix: z.string().min(1),
        /** The generated text for `auto`, and for a named language (`{{language}}`). */
        auto: HarnessText,
        named: HarnessText,
      })
      .strict()
      .optional(),
    /** by-name: a private file below the project root, loaded last (`.qwen/QWEN.local.md`). */
    localFile: RelativePath.optional(),
    /** A file imported at this depth keeps its own `@` tokens (tree format). */
    importMaxDepth: z.number().int().positive().default(5),
    /** Model names that always list the default name in the header (prefix match, after an optional `provider/`). */
    legacyModels: z.array(z.string().min(1)).default([]),
    /** Tool names that load context on demand (documentation: every read in the context is one of them). */
    jitTools: z.array(z.string()).default([]),
    block: HarnessText,
    blockSeparator: HarnessText,
    imports: z
      .object({
        imported: HarnessText,
        traversal: HarnessText,
        alreadyProcessed: HarnessText,
        failed: HarnessText,
        /** The error text of a URL import. */
        urlError: HarnessText,
        flatEntry: HarnessText,
        flatSeparator: HarnessText,
        /** A missing file: the failure comment (Gemini CLI), or the `@path` kept as written (Qwen Code). */
        missing: z.enum(['fail', 'keep']).default('fail'),
        /** The allowed area is checked on real paths (Gemini CLI) or on the lexical path (Qwen Code). */
        realPaths: z.boolean().default(true),
        /** Where `@` is code: backtick runs (Gemini CLI), or Markdown code spans and blocks (Qwen Code). */
        code: z.enum(['backticks', 'markdown']).default('backticks'),
        /** The top-level file is in its own import chain from the start (Qwen Code). */
        chainHasTopLevel: z.boolean().default(false),
        /** Flat format: the top-level entry is named by its folder (Gemini CLI) or its file (Qwen Code). */
        flatTopPath: z.enum(['folder', 'file']).default('folder'),
      })
      .strict(),
    system: z
      .object({
        /** A stand-in for the base prompt the memory follows (the agent's own prompt is not reproduced). */
        base: HarnessText.default(''),
        /** Between the base prompt and the memory section. */
        separator: HarnessText,
        /** `{{names}}`, `{{memory}}`. */
        memory: HarnessText,
        namesSeparator: HarnessText,
      })
      .strict(),
    /** tiers: the first user message. */
    user: z
      .object({
        /** `{{date}}`, `{{platform}}`, `{{tempDir}}`, `{{tree}}`, `{{memory}}`. */
        session: HarnessText,
        /** `{{sections}}`. */
        memory: HarnessText,
        sectionSeparator: HarnessText,
        extension: HarnessText,
        project: HarnessText,
      })
      .strict()
      .optional(),
    /** tiers: context appended to read results. */
    jit: z.object({ header: HarnessText, footer: HarnessText }).strict().optional(),
  })
  .strict();

export type GeminiProfile = z.infer<typeof GeminiProfileSchema>;

import { z } from 'zod';
import { EnvName, FileName, HarnessBaseFields, HarnessText, SettingKey } from './common.js';

/** Gemini CLI: global memory in the system instruction, project memory in the first user message, context files on reads. */
export const GeminiProfileSchema = z
  .object({
    ...HarnessBaseFields,
    loader: z.literal('gemini'),
    /** Replaces the home folder when set and not empty. */
    homeVariable: EnvName.default('GEMINI_CLI_HOME'),
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
        variable: EnvName.default('GEMINI_CLI_TRUST_WORKSPACE'),
        /** In the global folder: `{ "<path>": "TRUST_FOLDER" | "TRUST_PARENT" | "DO_NOT_TRUST" }`. */
        file: FileName.default('trustedFolders.json'),
      })
      .strict()
      .prefault({}),
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
      .strict(),
    jit: z.object({ header: HarnessText, footer: HarnessText }).strict(),
  })
  .strict();

export type GeminiProfile = z.infer<typeof GeminiProfileSchema>;

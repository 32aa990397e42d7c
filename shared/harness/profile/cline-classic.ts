import { z } from 'zod';
import { FileName, HarnessBaseFields, HarnessText, RelativePath, SettingKey } from './common.js';

/**
 * Cline's classic rules loader: one block per kind of rules file, each with its own wrapper,
 * in a fixed order, gathered into the USER'S CUSTOM INSTRUCTIONS section. The same blocks are
 * the rule-text fields of a Cline-style context (USER_INSTRUCTIONS component).
 */
export const ClineClassicProfileSchema = z
  .object({
    ...HarnessBaseFields,
    loader: z.literal('cline-classic'),
    settings: z
      .object({
        documentsDir: SettingKey.default('documentsDir'),
        preferredLanguage: SettingKey.default('preferredLanguage'),
        promptVariant: SettingKey.default('promptVariant'),
        globalToggles: SettingKey.default('globalClineRulesToggles'),
        localToggles: SettingKey.default('localClineRulesToggles'),
        cursorToggles: SettingKey.default('localCursorRulesToggles'),
        windsurfToggles: SettingKey.default('localWindsurfRulesToggles'),
        agentsToggles: SettingKey.default('localAgentsRulesToggles'),
        evaluationPaths: SettingKey.default('evaluationPaths'),
      })
      .strict()
      .prefault({}),
    /** Documents folder when the setting is absent. */
    documentsDefault: z.string().default('{{home}}/Documents'),
    /** Global rules folder below the documents folder. */
    globalRules: RelativePath,
    /** Workspace rules, file or folder. */
    workspaceRules: RelativePath,
    /** Folders below the workspace rules folder that hold no rules. */
    workspaceRulesExclude: z.array(RelativePath).default([]),
    cursorRulesFile: RelativePath,
    cursorRulesFolder: RelativePath,
    cursorRulesExtension: z.string().default('.mdc'),
    windsurfRulesFile: RelativePath,
    ignoreFile: RelativePath,
    /** Listing: names dropped from every rules folder. */
    ignoredNames: z.array(FileName).default([]),
    agents: z
      .object({
        /** Must exist at the cwd, exactly so named, for any AGENTS.md to load. */
        name: FileName,
        /** Entries the breadth-first listing of the cwd visits at most. */
        scanLimit: z.number().int().positive(),
        /** Folder names never entered (hidden folders are never entered either). */
        skipFolders: z.array(z.string()),
        /** Cwd-relative folder paths never entered. */
        skipPaths: z.array(z.string()),
        /** Honour the cwd's .gitignore. */
        gitignore: z.boolean().default(true),
      })
      .strict(),
    /** Display name -> language key; `en` and unknown names give no block. */
    languages: z.record(z.string(), z.string()),
    /** The language key that gives no block. */
    defaultLanguage: z.string().default('en'),
    /** Section heading, before the blocks. */
    section: HarnessText,
    /** Section headings of particular prompt variants. */
    variantSections: z.record(z.string(), HarnessText).default({}),
    blockSeparator: HarnessText,
    entry: HarnessText,
    entrySeparator: HarnessText,
    blocks: z
      .object({
        preferredLanguage: HarnessText,
        globalRules: HarnessText,
        workspaceRulesFolder: HarnessText,
        workspaceRulesFile: HarnessText,
        cursorRulesFile: HarnessText,
        cursorRulesFolder: HarnessText,
        windsurfRulesFile: HarnessText,
        agents: HarnessText,
        agentsEntry: HarnessText,
        ignore: HarnessText,
      })
      .strict(),
    /** Apply Cline's whole-prompt clean-up to the section (it runs on the whole prompt). */
    postProcess: z.boolean().default(true),
  })
  .strict();

export type ClineClassicProfile = z.infer<typeof ClineClassicProfileSchema>;

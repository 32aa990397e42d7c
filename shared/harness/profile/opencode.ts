import { z } from 'zod';
import {
  DEFAULT_STACK_FLAGS,
  GlobalFileSchema,
  InstructionFileNameSchema,
  ProviderRuleSchema,
  StackFlagsSchema,
} from '../../stack/profile.js';
import { HarnessBaseFields, HarnessText, ID, PathTemplate, SettingKey } from './common.js';

/** Parts of the instruction list, in the order a version sends them. */
export const OPENCODE_BLOCK_GROUPS = ['project', 'global', 'configured', 'urls'] as const;

/** A rules location (Kilo): folders whose top-level `.md` files load, or one file; `{cwd}`, `{home}`, `{configDir}`, `~/`, `{mode}`. */
const RulesLocation = z.union([
  z.object({ folders: z.array(PathTemplate).min(1), scope: z.enum(['global', 'project']) }).strict(),
  z.object({ file: PathTemplate, scope: z.enum(['global', 'project']) }).strict(),
]);

/**
 * OpenCode and its fork Kilo (docs/harnesses/opencode.md, kilo.md): project files found walking up from the cwd (the first name found anywhere wins),
 * a global file, configured entries, each as an `Instructions from:` block of the system
 * prompt. The discovery fields are also what a stack profile (profiles/<id>) uses.
 */
export const OpencodeProfileSchema = z
  .object({
    ...HarnessBaseFields,
    loader: z.literal('opencode'),
    /** Project instruction file names, in order: the first found anywhere in the walk wins. */
    instructionFiles: z.array(InstructionFileNameSchema).min(1),
    /** Also look for `<stem>.local.md` next to each project file (no released OpenCode does). */
    localCompanions: z.boolean().default(false),
    /** Global locations, in order: the first existing one is used (an empty one still ends the search). */
    globalFiles: z.array(GlobalFileSchema).default([]),
    flags: StackFlagsSchema.default({ ...DEFAULT_STACK_FLAGS }),
    /** Configured entries the profile always has (the context's `instructions` setting adds to them). */
    instructions: z.array(z.string().min(1)).default([]),
    blockOrder: z.array(z.enum(OPENCODE_BLOCK_GROUPS)).length(4),
    /**
     * Where a relative configured entry is looked for: from the worktree root (the seed), or
     * as a glob in every folder from the cwd up to the worktree root, nearest first (1.18.33).
     */
    relativeInstructions: z.enum(['worktree-root', 'find-up']).default('worktree-root'),
    /** What makes a repository: any `.git` entry (OpenCode), or what git accepts (Kilo). */
    gitCheck: z.enum(['entry', 'git']).default('entry'),
    /** Outside a repository: walk up to the filesystem root (OpenCode 1.18.33), or stay in the cwd (Kilo). */
    outsideRepository: z.enum(['filesystem-root', 'cwd']).default('filesystem-root'),
    /** Where relative configured entries are looked for with project config off: `{configDir}`. */
    configFolder: PathTemplate.default('{configDir}/opencode'),
    /** Rules folders and files after the configured entries (Kilo); `modes` repeats `each` per mode, in order. */
    rules: z
      .array(z.union([RulesLocation, z.object({ modes: z.array(ID).min(1), each: z.array(RulesLocation).min(1) }).strict()]))
      .default([]),
    /** `{file:…}` and `{env:…}` in instruction files are replaced (Kilo), with its trust rules for project files. */
    substitution: z.boolean().default(false),
    /** `{{path}}`, `{{content}}`. */
    block: HarnessText.default('Instructions from: {{path}}\n{{content}}'),
    /** Between the parts of the system prompt. */
    partSeparator: HarnessText.default('\n'),
    /** The environment block before the instructions (`{{modelId}}`, `{{providerId}}`, `{{cwd}}`, `{{worktreeRoot}}`, `{{isGitRepo}}`, `{{platform}}`, `{{date}}`). */
    environment: HarnessText.optional(),
    /**
     * false: the spec does not give the environment block's whole text (Kilo: its "Project
     * config" line and the board section after the block), so the profile's own wording stands
     * in for it, and a capture's verdict compares only the instruction blocks of the part.
     */
    environmentSpecified: z.boolean().default(true),
    /** Which provider prompt a model gets (the texts are not reproduced; the run names the choice). */
    providerRules: z.array(ProviderRuleSchema).default([]),
    /** One MCP server's instructions: `{{name}}`, `{{instructions}}`. */
    mcpBlock: HarnessText.optional(),
    /** The skills list: `{{skills}}` made of `skill` entries (`{{name}}`, `{{description}}`). */
    skills: z
      .object({
        list: HarnessText,
        skill: HarnessText,
        separator: HarnessText,
        /** Sent when there is no skill (Kilo sends the heading alone); absent: nothing. */
        whenEmpty: HarnessText.optional(),
      })
      .strict()
      .optional(),
    settings: z
      .object({
        date: SettingKey.default('date'),
        providerId: SettingKey.default('providerId'),
        modelId: SettingKey.default('modelId'),
        instructions: SettingKey.default('instructions'),
        configDir: SettingKey.default('configDir'),
        worktreeRoot: SettingKey.default('worktreeRoot'),
        mcp: SettingKey.default('mcp'),
        skills: SettingKey.default('skills'),
        userSystem: SettingKey.default('userSystem'),
      })
      .strict()
      .prefault({}),
  })
  .strict();

export type OpencodeProfile = z.infer<typeof OpencodeProfileSchema>;
export type OpencodeRulesLocation = z.infer<typeof RulesLocation>;

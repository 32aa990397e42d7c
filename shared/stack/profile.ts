import { z } from 'zod';
import { StringConditionSchema } from '../domain/matcher.js';

/**
 * profiles/<id>/profile.yaml: an OpenCode-style stack profile. Prompt texts live in files
 * next to it (paths relative to the profile folder) or inline as `{ text: ... }`.
 */

const ID = z.string().regex(/^[A-Za-z0-9_.-]+$/, 'ids use letters, digits, _ . -');

/** A prompt text: a file relative to the profile folder, or inline text. */
export const TextRefSchema = z.union([
  z.string().min(1).describe('file relative to the profile folder'),
  z.object({ text: z.string() }).strict(),
]);

/**
 * A model-id (or provider-id) condition. A bare string is a case-sensitive substring test,
 * which is how OpenCode picks provider prompts; the object form is the variant matcher's
 * string condition (equals / contains / prefix / suffix / regex, case-insensitive by default).
 */
export const IdConditionSchema = z.union([z.string().min(1), StringConditionSchema]);

export const ProviderRuleSchema = z
  .object({
    id: ID,
    description: z.string().optional(),
    /** Matches when the model id satisfies any of these; absent = any model. */
    modelId: z.array(IdConditionSchema).min(1).optional(),
    /** Matches when the provider id satisfies any of these; absent = any provider. */
    providerId: z.array(IdConditionSchema).min(1).optional(),
    /** Key in providerPrompts. */
    prompt: ID,
  })
  .strict();

/** The flag variables when a profile names none. */
export const DEFAULT_STACK_FLAGS = {
  configDirOverride: 'OPENCODE_CONFIG_DIR',
  disableClaudePrompts: 'OPENCODE_DISABLE_CLAUDE_CODE_PROMPT',
  disableProjectConfig: 'OPENCODE_DISABLE_PROJECT_CONFIG',
} as const;

/** Flags a lookup can be switched off by. */
export const STACK_FLAG_NAMES = ['disableClaudePrompts', 'disableProjectConfig'] as const;
export type StackFlagName = (typeof STACK_FLAG_NAMES)[number];

export const AgentSchema = z
  .object({
    description: z.string().default(''),
    mode: z.enum(['primary', 'subagent', 'all']).default('primary'),
    /** The agent's own prompt; when set (and non-empty) it replaces the provider prompt. */
    prompt: TextRefSchema.optional(),
    /** Text added to the user message while this agent answers (the plan-mode reminder). */
    reminder: TextRefSchema.optional(),
  })
  .strict();

export const SwitchReminderSchema = z
  .object({
    from: ID,
    to: ID,
    /** Added to the user message when the previous message was answered by `from` and this one by `to`. */
    text: TextRefSchema,
  })
  .strict();

export const InstructionFileNameSchema = z
  .object({
    /** A file name (no folders), e.g. AGENTS.md. */
    name: z
      .string()
      .min(1)
      .refine((n) => !/[\\/]/.test(n) && n !== '.' && n !== '..', { message: 'a file name, without folders' }),
    /** This name is not looked for while the flag is on. */
    skipWhen: z.enum(STACK_FLAG_NAMES).optional(),
    /** Still honoured, but a build that uses it says so. */
    deprecated: z.boolean().default(false),
  })
  .strict();

export const GlobalFileSchema = z
  .object({
    /**
     * Absolute path template: `{configDirOverride}` (the override variable's value; the
     * location is skipped while it is unset), `{configDir}`, `{home}`, or a leading `~/`.
     */
    path: z.string().min(1),
    /**
     * Not looked at while the flag is on; `configDirOverride`: while the override variable is
     * set (the override replaces this location instead of coming before it).
     */
    skipWhen: z.enum([...STACK_FLAG_NAMES, 'configDirOverride']).optional(),
  })
  .strict();

const ENV_NAME = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name');
/** A flag: one variable, or several of which any one switches it on. */
const FLAG_NAMES = z.union([ENV_NAME, z.array(ENV_NAME).min(1)]);

export const StackFlagsSchema = z
  .object({
    /** Variable whose value is a config folder searched first for global instructions. */
    configDirOverride: ENV_NAME.default('OPENCODE_CONFIG_DIR'),
    /** Variable(s) that, when "true" or "1", turn Claude Code compatibility off. */
    disableClaudePrompts: FLAG_NAMES.default('OPENCODE_DISABLE_CLAUDE_CODE_PROMPT'),
    /** Variable(s) that, when "true" or "1", turn project-level instruction discovery off. */
    disableProjectConfig: FLAG_NAMES.default('OPENCODE_DISABLE_PROJECT_CONFIG'),
  })
  .strict();

/** The variables of a flag, as a list. */
export function flagVariables(names: string | readonly string[]): string[] {
  return typeof names === 'string' ? [names] : [...names];
}

export const StackProfileFileSchema = z
  .object({
    $schema: z.string().optional(),
    id: ID,
    name: z.string().optional(),
    description: z.string().default(''),
    /** Agent used when the context names none. */
    defaultAgent: ID.default('build'),
    /** Provider prompts by key. */
    providerPrompts: z.record(ID, TextRefSchema),
    /** Tried in order; the first rule that matches picks the provider prompt. */
    providerRules: z.array(ProviderRuleSchema).min(1),
    agents: z.record(ID, AgentSchema),
    switchReminders: z.array(SwitchReminderSchema).default([]),
    /** Environment block template with {{modelId}}, {{cwd}}, {{isGitRepo}}, {{platform}}, {{date}}, ... */
    environment: TextRefSchema,
    /**
     * The harness profile (harnesses/<id>, loader `opencode`) whose instruction discovery the
     * stack uses: file names, companions, global locations, flags, block order. Without it the
     * fields below describe the discovery inline.
     */
    harness: ID.optional(),
    /** Project instruction file names, in order: the first found anywhere in the walk wins. */
    instructionFiles: z.array(InstructionFileNameSchema).min(1).optional(),
    /** Also look for `<stem>.local.md` next to each project instruction file (no released OpenCode does). */
    localCompanions: z.boolean().optional(),
    /** Global instruction locations, in order: the first existing one is used. */
    globalFiles: z.array(GlobalFileSchema).optional(),
    flags: StackFlagsSchema.optional(),
    /** Configured instruction entries: paths, globs, `~/` paths, http(s) URLs. */
    instructions: z.array(z.string().min(1)).default([]),
  })
  .strict();

export type TextRef = z.infer<typeof TextRefSchema>;
export type IdCondition = z.infer<typeof IdConditionSchema>;
export type ProviderRule = z.infer<typeof ProviderRuleSchema>;
export type StackAgentFile = z.infer<typeof AgentSchema>;
export type InstructionFileName = z.infer<typeof InstructionFileNameSchema>;
export type GlobalFileLocation = z.infer<typeof GlobalFileSchema>;
export type StackFlags = z.infer<typeof StackFlagsSchema>;
export type StackProfileFile = z.infer<typeof StackProfileFileSchema>;
export type StackProfileFileInput = z.input<typeof StackProfileFileSchema>;

/** A prompt text with where it came from. */
export interface StackText {
  text: string;
  /** Workspace-relative file, when the text came from a file. */
  file?: string | undefined;
}

export interface StackAgent {
  name: string;
  description: string;
  mode: 'primary' | 'subagent' | 'all';
  prompt?: StackText | undefined;
  reminder?: StackText | undefined;
}

export interface StackSwitchReminder {
  from: string;
  to: string;
  text: StackText;
}

/** From an opencode harness profile: discovery options beyond OpenCode's (Kilo's) and the texts after the instructions. */
export interface StackHarnessExtras {
  gitCheck: 'entry' | 'git';
  outsideRepository: 'filesystem-root' | 'cwd';
  /** A location template (`{configDir}`). */
  configFolder: string;
  rules: OpencodeRulesEntry[];
  substitution: boolean;
  /** One MCP server's instructions: `{{name}}`, `{{instructions}}`. */
  mcpBlock?: string | undefined;
  skills?: { list: string; skill: string; separator: string; whenEmpty?: string | undefined } | undefined;
}

/** A rules location of a harness profile (templates), or a list repeated per mode. */
export type OpencodeRulesEntry =
  | { folders: string[]; scope: 'global' | 'project' }
  | { file: string; scope: 'global' | 'project' }
  | { modes: string[]; each: ({ folders: string[]; scope: 'global' | 'project' } | { file: string; scope: 'global' | 'project' })[] };

/** A profile ready for the engine: the YAML with every text resolved. */
export interface StackProfile {
  id: string;
  name: string;
  description: string;
  defaultAgent: string;
  providerPrompts: Record<string, StackText>;
  providerRules: ProviderRule[];
  agents: Record<string, StackAgent>;
  switchReminders: StackSwitchReminder[];
  environment: StackText;
  /** The harness profile the discovery below comes from, when the profile names one. */
  harness?: string | undefined;
  instructionFiles: InstructionFileName[];
  localCompanions: boolean;
  globalFiles: GlobalFileLocation[];
  flags: StackFlags;
  instructions: string[];
  /** Order of the instruction block groups (default project, global, configured, urls). */
  blockOrder?: readonly ('project' | 'global' | 'configured' | 'urls')[] | undefined;
  /** Where relative configured entries are looked for (default: from the worktree root). */
  relativeInstructions?: 'worktree-root' | 'find-up' | undefined;
  /** The block of one instruction file, `{{path}}` and `{{content}}` (default `Instructions from: ...`). */
  instructionBlock?: string | undefined;
  /** What else the named harness profile gives the build: Kilo's discovery options, the MCP and skills text. */
  harnessExtras?: StackHarnessExtras | undefined;
  /** Where it was loaded from (workspace-relative); absent for profiles made in code. */
  files?: { folder: string; config: string } | undefined;
}

/** Placeholders the environment template may use. */
export const ENVIRONMENT_PLACEHOLDERS = [
  'modelId',
  'providerId',
  'agent',
  'cwd',
  'worktreeRoot',
  'isGitRepo',
  'platform',
  'date',
  'isoDate',
  'homeDir',
  /** The user's config folder (XDG config home), e.g. for `Global config: <configDir>/kilo/`. */
  'configDir',
] as const;
export type EnvironmentPlaceholder = (typeof ENVIRONMENT_PLACEHOLDERS)[number];

/** Placeholders a global location may use. */
export const GLOBAL_PATH_PLACEHOLDERS = ['configDirOverride', 'configDir', 'home'] as const;

/** JSON Schema of profile.yaml (the input form: fields with defaults are optional). */
export function stackProfileJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(StackProfileFileSchema, { io: 'input', unrepresentable: 'any' });
  return {
    ...schema,
    title: 'Variant Studio stack profile (profiles/<id>/profile.yaml)',
  };
}

import { z } from 'zod';
import { HarnessRepositorySchema } from '../harness/context.js';

/**
 * The simulated runtime state a prompt is built for (Cline's SystemPromptContext,
 * plus the machine facts Cline reads from the process, so a build has no hidden inputs).
 * Every field is optional: a preset sets what it needs, the engine supplies documented defaults.
 */

export const ModelInfoSchema = z
  .object({
    contextWindow: z.number().int().positive().optional(),
    maxTokens: z.number().int().positive().optional(),
    supportsImages: z.boolean().optional(),
    supportsPromptCache: z.boolean().optional(),
  })
  .strict();

export const ProviderInfoSchema = z
  .object({
    providerId: z.string().default('anthropic'),
    model: z
      .object({
        id: z.string().default(''),
        info: ModelInfoSchema.optional(),
      })
      .strict()
      .default({ id: '' }),
    mode: z.enum(['act', 'plan']).default('act'),
    customPrompt: z.string().optional(),
  })
  .strict();

export const McpToolSchema = z
  .object({
    name: z.string(),
    description: z.string().optional(),
    inputSchema: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

export const McpResourceSchema = z
  .object({
    uri: z.string(),
    name: z.string(),
    mimeType: z.string().optional(),
    description: z.string().optional(),
  })
  .strict();

export const McpResourceTemplateSchema = z
  .object({
    uriTemplate: z.string(),
    name: z.string(),
    mimeType: z.string().optional(),
    description: z.string().optional(),
  })
  .strict();

export const McpServerSchema = z
  .object({
    name: z.string(),
    status: z.enum(['connected', 'connecting', 'disconnected']).default('connected'),
    disabled: z.boolean().optional(),
    tools: z.array(McpToolSchema).default([]),
    resources: z.array(McpResourceSchema).default([]),
    resourceTemplates: z.array(McpResourceTemplateSchema).default([]),
  })
  .strict();

export const SkillSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    path: z.string().optional(),
  })
  .strict();

export const WorkspaceRootSchema = z
  .object({
    path: z.string(),
    name: z.string().optional(),
    vcs: z.enum(['git', 'none']).optional(),
    commitHash: z.string().optional(),
  })
  .strict();

export const MachineInfoSchema = z
  .object({
    os: z.string().optional(),
    shell: z.string().optional(),
    homeDir: z.string().optional(),
    /** Node-style platform id (linux, darwin, win32). */
    platform: z.string().optional(),
  })
  .strict();

export const SystemPromptContextSchema = z
  .object({
    providerInfo: ProviderInfoSchema.optional(),
    cwd: z.string().optional(),
    ide: z.string().optional(),
    editorTabs: z
      .object({ open: z.array(z.string()).default([]), visible: z.array(z.string()).default([]) })
      .strict()
      .optional(),
    supportsBrowserUse: z.boolean().optional(),
    browserSettings: z
      .object({
        viewport: z.object({ width: z.number().int().positive(), height: z.number().int().positive() }).strict(),
      })
      .strict()
      .optional(),
    mcpServers: z.array(McpServerSchema).optional(),
    skills: z.array(SkillSchema).optional(),
    focusChainSettings: z
      .object({ enabled: z.boolean(), remindClineInterval: z.number().int().positive().default(6) })
      .strict()
      .optional(),
    globalClineRulesFileInstructions: z.string().optional(),
    localClineRulesFileInstructions: z.string().optional(),
    localCursorRulesFileInstructions: z.string().optional(),
    localCursorRulesDirInstructions: z.string().optional(),
    localWindsurfRulesFileInstructions: z.string().optional(),
    localAgentsRulesFileInstructions: z.string().optional(),
    clineIgnoreInstructions: z.string().optional(),
    preferredLanguageInstructions: z.string().optional(),
    yoloModeToggled: z.boolean().optional(),
    subagentsEnabled: z.boolean().optional(),
    clineWebToolsEnabled: z.boolean().optional(),
    isMultiRootEnabled: z.boolean().optional(),
    workspaceRoots: z.array(WorkspaceRootSchema).optional(),
    isCliEnvironment: z.boolean().optional(),
    isSubagentRun: z.boolean().optional(),
    enableNativeToolCalls: z.boolean().optional(),
    enableParallelToolCalling: z.boolean().optional(),
    terminalExecutionMode: z.enum(['vscodeTerminal', 'backgroundExec']).optional(),
    runtimePlaceholders: z.record(z.string(), z.unknown()).optional(),
    /**
     * A repository's rules files (.clinerules, .cursorrules, .windsurfrules, AGENTS.md,
     * .clineignore, the global rules folder), read as the harness profile (default
     * cline-classic) says Cline reads them. Before a build they replace the rule-text fields
     * above (withRepositoryRules).
     */
    repository: HarnessRepositorySchema.optional(),
    /** Machine facts (OS, shell, home directory, platform); missing ones come from the build options. */
    machine: MachineInfoSchema.optional(),
    /** The build date as YYYY-MM-DD; missing means the build options' clock. */
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD')
      .optional(),
  })
  .strict();

export type ModelInfo = z.infer<typeof ModelInfoSchema>;
export type ProviderInfo = z.infer<typeof ProviderInfoSchema>;
export type McpServer = z.infer<typeof McpServerSchema>;
export type McpTool = z.infer<typeof McpToolSchema>;
export type Skill = z.infer<typeof SkillSchema>;
export type WorkspaceRoot = z.infer<typeof WorkspaceRootSchema>;
export type MachineInfo = z.infer<typeof MachineInfoSchema>;
export type SystemPromptContext = z.infer<typeof SystemPromptContextSchema>;
/** A context as written by hand (defaults not yet applied). */
export type SystemPromptContextInput = z.input<typeof SystemPromptContextSchema>;

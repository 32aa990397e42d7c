import { INSTRUCTION_FIELDS } from '../components/builtin/instructions.js';

/**
 * The context fields that change from one session of an agent to the next (another day,
 * another folder, another machine, other MCP servers, rules, skills or roots), and so break
 * a provider's prompt cache for everything after the first byte they touch. A build run with
 * a ReadTracker records which of them each part of the prompt read.
 *
 * Names are context paths: `cwd`, `date`, `machine.os`, `runtimePlaceholders.<KEY>`, ...
 * (`cwd` covers the process working directory Cline falls back to; `date` the build clock).
 */
export type VolatileField = string;

/** Top-level context fields that are volatile as a whole. */
export const VOLATILE_TOP_FIELDS: readonly string[] = ['cwd', 'date', 'mcpServers', 'skills', 'workspaceRoots', ...INSTRUCTION_FIELDS];

/** Machine facts (context.machine or the build options), each its own field. */
export const MACHINE_FIELDS = ['os', 'shell', 'homeDir', 'platform'] as const;

const TOP = new Set(VOLATILE_TOP_FIELDS);

export function isVolatileTopField(name: string): boolean {
  return TOP.has(name);
}

const LABELS: Record<string, string> = {
  cwd: 'the working directory',
  date: "today's date",
  'machine.os': 'the operating system',
  'machine.shell': 'the shell',
  'machine.homeDir': 'the home directory',
  'machine.platform': 'the platform',
  mcpServers: 'the MCP servers',
  skills: 'the skills',
  workspaceRoots: 'the workspace roots',
  preferredLanguageInstructions: 'the preferred language',
  globalClineRulesFileInstructions: 'the global Cline rules',
  localClineRulesFileInstructions: 'the local Cline rules',
  localCursorRulesFileInstructions: 'the Cursor rules file',
  localCursorRulesDirInstructions: 'the Cursor rules folder',
  localWindsurfRulesFileInstructions: 'the Windsurf rules',
  localAgentsRulesFileInstructions: 'the AGENTS.md rules',
  clineIgnoreInstructions: 'the .clineignore instructions',
  // Stack profiles (OpenCode-style)
  worktreeRoot: 'the worktree root',
  isGitRepo: 'whether the folder is a git repository',
  instructionFiles: 'the instruction files',
  userSystem: "the user's system text",
};

/** Plain words for a field, e.g. "the working directory". */
export function describeField(field: VolatileField): string {
  if (field.startsWith('runtimePlaceholders.')) return `the runtime placeholder ${field.slice('runtimePlaceholders.'.length)}`;
  return LABELS[field] ?? field;
}

/** Every volatile field, in a fixed order (for lists and the per-field tests). */
export const ALL_VOLATILE_FIELDS: readonly string[] = [
  'cwd',
  'date',
  ...MACHINE_FIELDS.map((f) => `machine.${f}`),
  'mcpServers',
  'skills',
  'workspaceRoots',
  ...INSTRUCTION_FIELDS,
];

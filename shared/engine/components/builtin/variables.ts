import { BASE_VARIABLE_NAMES, BASE_VARIABLE_TABLE } from '../base-variables.js';
import { memoized, type ComponentInput } from '../component-types.js';
import { enabledTools, joinToolTexts } from '../tool-texts.js';
import { tableVariables, type VariableTable } from '../variable-table.js';
import { canAskUser, focusChainEnabled, hasConnectedServer, multiRootRoots, toolEnabled } from './facts.js';
import { gatherInstructions, type InstructionItem } from './instructions.js';
import { connectedServers, mcpServersList } from './mcp-servers.js';
import { exampleFlags, NO_EXAMPLES, type ExampleFlags } from './tool-examples.js';
import { rootItems } from './workspace-roots.js';

/**
 * The variables of the built-in components: the base variables plus every built-in's own
 * variables, in one object per build that all built-ins share (docs/components.md lists
 * them, and which component reads which). So an override template of any built-in can use
 * any of them. Each variable is one function of the input (see variable-table.ts); values
 * several variables need are computed once per build. Treat the object as read-only.
 */

const DEFAULT_AGENT_NAME = 'Cline';
const DEFAULT_REMIND_INTERVAL = 6;
/** Tool ids that load a skill, in order of preference. */
const SKILL_TOOLS = ['use_skill', 'skill'] as const;

export function builtinVariables(input: ComponentInput): Record<string, unknown> {
  return tableVariables(input, 'builtinVariables', BUILTIN_VARIABLE_TABLE);
}

/** The keys of the base variables, all of which the built-ins see too (a test checks it). */
export const BASE_KEYS = BASE_VARIABLE_NAMES;

const cwdOf = (i: ComponentInput): string => (i.context.cwd || i.env.processCwd) as string;
const roots = (i: ComponentInput) => memoized(i, 'roots', () => multiRootRoots(i.context));
const servers = (i: ComponentInput) => memoized(i, 'servers', () => connectedServers(i.context.mcpServers));
const instructions = (i: ComponentInput): InstructionItem[] => memoized(i, 'instructions', () => gatherInstructions(i.context));
const examples = (i: ComponentInput): ExampleFlags =>
  memoized(i, 'examples', () => (i.context.enableNativeToolCalls === true ? NO_EXAMPLES : exampleFlags(i)));
const supportsBrowser = (i: ComponentInput): boolean => i.context.supportsBrowserUse === true;
const mode = (i: ComponentInput): 'act' | 'plan' => i.context.providerInfo?.mode ?? 'act';

function skillTool(i: ComponentInput): string {
  for (const id of SKILL_TOOLS) if (toolEnabled(i, id)) return id;
  return '';
}

function joinedInstructions(i: ComponentInput): string {
  let joined = '';
  for (const item of instructions(i)) joined = joined ? joined + '\n\n' + item.text : item.text;
  return joined;
}

export const BUILTIN_VARIABLE_TABLE: VariableTable = {
  ...BASE_VARIABLE_TABLE,
  // Browser wording needs both: the context supports browser use and the variant enables browser_action.
  BROWSER: (i) => supportsBrowser(i) && toolEnabled(i, 'browser_action'),
  TOOLS: joinToolTexts,
  // flags of the context
  ASK_USER: (i) => canAskUser(i.context),
  NATIVE_TOOLS: (i) => i.context.enableNativeToolCalls === true,
  PARALLEL_TOOLS: (i) => i.context.enableParallelToolCalling === true,
  FOCUS_CHAIN: (i) => focusChainEnabled(i.context),
  HAS_MCP: (i) => hasConnectedServer(i.context),
  MULTI_ROOT: (i) => roots(i).length > 0,
  CLI: (i) => i.context.isCliEnvironment === true,
  SUBAGENT_RUN: (i) => i.context.isSubagentRun === true,
  BACKGROUND_EXEC: (i) => i.context.terminalExecutionMode === 'backgroundExec',
  WEB_TOOLS: (i) => i.context.clineWebToolsEnabled === true,
  SUBAGENTS: (i) => i.context.subagentsEnabled === true && i.context.isSubagentRun !== true,
  // AGENT_ROLE
  AGENT_NAME: (i) => i.variant.placeholders.AGENT_NAME || DEFAULT_AGENT_NAME,
  // ACT_VS_PLAN
  MODE_NAME: (i) => (mode(i) === 'plan' ? 'PLAN MODE' : 'ACT MODE'),
  // TOOL_USE, TOOLS
  TOOL_COUNT: (i) => enabledTools(i).length,
  HAS_EXAMPLES: (i) => {
    const e = examples(i);
    return e.executeCommand || e.writeToFile || e.replaceInFile || e.newTask || e.useMcpTool;
  },
  EXAMPLE_EXECUTE_COMMAND: (i) => examples(i).executeCommand,
  EXAMPLE_TASK_PROGRESS: (i) => examples(i).taskProgress,
  EXAMPLE_WRITE_TO_FILE: (i) => examples(i).writeToFile,
  EXAMPLE_REPLACE_IN_FILE: (i) => examples(i).replaceInFile,
  EXAMPLE_NEW_TASK: (i) => examples(i).newTask,
  EXAMPLE_USE_MCP_TOOL: (i) => examples(i).useMcpTool,
  // MCP
  servers,
  SERVER_COUNT: (i) => servers(i).length,
  MCP_SERVERS_LIST: (i) => mcpServersList(servers(i)),
  // CAPABILITIES, RULES
  VIEWPORT: (i) => {
    const viewport = i.context.browserSettings?.viewport;
    return viewport ? `${viewport.width}x${viewport.height}` : '';
  },
  // SYSTEM_INFO, CAPABILITIES
  IDE: (i) => i.context.ide ?? '',
  roots: (i) => {
    const r = roots(i);
    return r.length > 0 ? rootItems(r, cwdOf(i)) : [];
  },
  ROOT_COUNT: (i) => roots(i).length,
  // SKILLS, CAPABILITIES
  skills: (i) => i.context.skills ?? [],
  SKILL_COUNT: (i) => i.context.skills?.length ?? 0,
  HAS_SKILLS: (i) => (i.context.skills?.length ?? 0) > 0,
  SKILL_TOOL: skillTool,
  // USER_INSTRUCTIONS
  instructions,
  INSTRUCTIONS: joinedInstructions,
  // TASK_PROGRESS
  REMIND_INTERVAL: (i) => i.context.focusChainSettings?.remindClineInterval ?? DEFAULT_REMIND_INTERVAL,
};

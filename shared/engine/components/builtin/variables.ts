import { BASE_VARIABLE_NAMES, baseVariables } from '../base-variables.js';
import { memoized, type ComponentInput } from '../component-types.js';
import { canAskUser, focusChainEnabled, hasConnectedServer, joinToolTexts, multiRootRoots, toolEnabled } from './facts.js';
import { gatherInstructions } from './instructions.js';
import { connectedServers, mcpServersList } from './mcp-servers.js';
import { exampleFlags, NO_EXAMPLES } from './tool-examples.js';
import { rootItems } from './workspace-roots.js';

/**
 * The variables of the built-in components: baseVariables plus every built-in's own
 * variables, in one object per build that all built-ins share (docs/components.md lists
 * them, and which component reads which). So an override template of any built-in can use
 * any of them.
 *
 * Speed: the object is computed once per build (cached by the build's input object) as one
 * object literal, so its shape is the same on every build and no component pays for
 * copying or extending it. Treat it as read-only.
 */

const DEFAULT_AGENT_NAME = 'Cline';
const DEFAULT_REMIND_INTERVAL = 6;
/** Tool ids that load a skill, in order of preference. */
const SKILL_TOOLS = ['use_skill', 'skill'] as const;

export function builtinVariables(input: ComponentInput): Record<string, unknown> {
  return memoized(input, 'builtinVariables', () => compute(input));
}

/** The keys of baseVariables copied below (a test checks that none is missing). */
export const BASE_KEYS = BASE_VARIABLE_NAMES;

function compute(input: ComponentInput): Record<string, unknown> {
  const base = baseVariables(input);
  const c = input.context;
  const native = c.enableNativeToolCalls === true;
  const viewport = c.browserSettings?.viewport;
  const roots = multiRootRoots(c);
  const cwd = base.CWD as string;
  const servers = connectedServers(c.mcpServers);
  const instructions = gatherInstructions(c);
  let joined = '';
  for (const item of instructions) joined = joined ? joined + '\n\n' + item.text : item.text;
  const examples = native ? NO_EXAMPLES : exampleFlags(input);
  const skills = c.skills ?? [];
  let skillTool = '';
  for (const id of SKILL_TOOLS) {
    if (toolEnabled(input, id)) {
      skillTool = id;
      break;
    }
  }
  const mode = base.MODE;
  return {
    // baseVariables
    CWD: cwd,
    OS: base.OS,
    SHELL: base.SHELL,
    HOME_DIR: base.HOME_DIR,
    PLATFORM: base.PLATFORM,
    CURRENT_DATE: base.CURRENT_DATE,
    MODEL_FAMILY: base.MODEL_FAMILY,
    SUPPORTS_BROWSER: base.SUPPORTS_BROWSER,
    // Browser wording needs both: the context supports browser use and the variant enables browser_action.
    BROWSER: base.SUPPORTS_BROWSER === true && toolEnabled(input, 'browser_action'),
    MODE: mode,
    YOLO: base.YOLO,
    // baseVariables joins the tool texts; joining here keeps TOOLS right should it stop doing so.
    TOOLS: typeof base.TOOLS === 'string' ? base.TOOLS : joinToolTexts(input),
    context: base.context,
    variant: base.variant,
    sections: base.sections,
    // flags of the context
    ASK_USER: canAskUser(c),
    NATIVE_TOOLS: native,
    PARALLEL_TOOLS: c.enableParallelToolCalling === true,
    FOCUS_CHAIN: focusChainEnabled(c),
    HAS_MCP: hasConnectedServer(c),
    MULTI_ROOT: roots.length > 0,
    CLI: c.isCliEnvironment === true,
    SUBAGENT_RUN: c.isSubagentRun === true,
    BACKGROUND_EXEC: c.terminalExecutionMode === 'backgroundExec',
    WEB_TOOLS: c.clineWebToolsEnabled === true,
    SUBAGENTS: c.subagentsEnabled === true && c.isSubagentRun !== true,
    // AGENT_ROLE
    AGENT_NAME: input.variant.placeholders.AGENT_NAME || DEFAULT_AGENT_NAME,
    // ACT_VS_PLAN
    MODE_NAME: mode === 'plan' ? 'PLAN MODE' : 'ACT MODE',
    // TOOL_USE, TOOLS
    TOOL_COUNT: input.tools.selection.enabled.length,
    HAS_EXAMPLES: examples.executeCommand || examples.writeToFile || examples.replaceInFile || examples.newTask || examples.useMcpTool,
    EXAMPLE_EXECUTE_COMMAND: examples.executeCommand,
    EXAMPLE_TASK_PROGRESS: examples.taskProgress,
    EXAMPLE_WRITE_TO_FILE: examples.writeToFile,
    EXAMPLE_REPLACE_IN_FILE: examples.replaceInFile,
    EXAMPLE_NEW_TASK: examples.newTask,
    EXAMPLE_USE_MCP_TOOL: examples.useMcpTool,
    // MCP
    servers,
    SERVER_COUNT: servers.length,
    MCP_SERVERS_LIST: mcpServersList(servers),
    // CAPABILITIES, RULES
    VIEWPORT: viewport ? `${viewport.width}x${viewport.height}` : '',
    // SYSTEM_INFO, CAPABILITIES
    IDE: c.ide ?? '',
    roots: roots.length > 0 ? rootItems(roots, cwd) : [],
    ROOT_COUNT: roots.length,
    // SKILLS, CAPABILITIES
    skills,
    SKILL_COUNT: skills.length,
    HAS_SKILLS: skills.length > 0,
    SKILL_TOOL: skillTool,
    // USER_INSTRUCTIONS
    instructions,
    INSTRUCTIONS: joined,
    // TASK_PROGRESS
    REMIND_INTERVAL: c.focusChainSettings?.remindClineInterval ?? DEFAULT_REMIND_INTERVAL,
  };
}

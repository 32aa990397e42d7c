import type { McpServer, SystemPromptContext, WorkspaceRoot } from '../../../domain/context.js';
import { requirementHolds } from '../../tools/requirements.js';
import type { ComponentInput } from '../component-types.js';
import { toolEnabled } from '../tool-texts.js';

/**
 * Context facts the built-in components depend on. Everything here is a handful of
 * property reads: components run on every build.
 */

/** A server whose tools and resources the agent can use: connected and not disabled. */
export function isServerConnected(server: McpServer): boolean {
  return server.status === 'connected' && server.disabled !== true;
}

export function hasConnectedServer(context: SystemPromptContext): boolean {
  const servers = context.mcpServers;
  if (!servers) return false;
  for (const server of servers) if (isServerConnected(server)) return true;
  return false;
}

export function focusChainEnabled(context: SystemPromptContext): boolean {
  return context.focusChainSettings?.enabled === true;
}

/**
 * Whether the prompt may tell the agent to ask the user things (ask_followup_question,
 * "ask the user to ..."). Not in yolo mode (nobody answers) and not in a subagent run
 * (the agent works for a parent agent, not for a person at the keyboard).
 */
export function canAskUser(context: SystemPromptContext): boolean {
  return context.yoloModeToggled !== true && context.isSubagentRun !== true;
}

const NO_ROOTS: readonly WorkspaceRoot[] = [];

/** The workspace roots to show: only with multi-root enabled and at least one root. */
export function multiRootRoots(context: SystemPromptContext): readonly WorkspaceRoot[] {
  if (context.isMultiRootEnabled !== true) return NO_ROOTS;
  return context.workspaceRoots ?? NO_ROOTS;
}

export { toolEnabled, hasToolText } from '../tool-texts.js';

/**
 * Whether an enabled tool's parameter is kept for this context (its dependency tools are
 * enabled and its context requirement holds), as the tool text would show it.
 */
export function parameterKept(input: ComponentInput, toolId: string, name: string): boolean {
  if (!toolEnabled(input, toolId)) return false;
  for (const spec of input.tools.selection.enabled) {
    if (spec.id !== toolId) continue;
    for (const p of spec.parameters ?? []) {
      if (p.name !== name) continue;
      for (const dep of p.dependencies ?? []) if (!toolEnabled(input, dep)) return false;
      return requirementHolds(p.contextRequirement, input.context);
    }
    return false;
  }
  return false;
}

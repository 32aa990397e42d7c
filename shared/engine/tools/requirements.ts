import type { SystemPromptContext } from '../../domain/context.js';
import type { ContextRequirement } from '../../domain/tool.js';

/** Whether a tool's or parameter's context requirement holds for a context. */
export function requirementHolds(requirement: ContextRequirement | undefined, context: SystemPromptContext): boolean {
  switch (requirement) {
    case undefined:
    case 'none':
      return true;
    case 'browser':
      return context.supportsBrowserUse === true;
    case 'mcp':
      return (context.mcpServers ?? []).some((s) => s.status === 'connected' && !s.disabled);
    case 'focusChain':
      return context.focusChainSettings?.enabled === true;
    case 'multiRoot':
      return context.isMultiRootEnabled === true && (context.workspaceRoots?.length ?? 0) > 1;
    case 'nativeToolCalls':
      return context.enableNativeToolCalls === true;
    case 'noNativeToolCalls':
      return context.enableNativeToolCalls !== true;
    case 'yolo':
      return context.yoloModeToggled === true;
    case 'notYolo':
      return context.yoloModeToggled !== true;
    case 'subagents':
      return context.subagentsEnabled === true;
    case 'skills':
      return (context.skills?.length ?? 0) > 0;
    case 'askUser':
      return context.yoloModeToggled !== true && context.isSubagentRun !== true;
    case 'webTools':
      return context.clineWebToolsEnabled === true;
    case 'cli':
      return context.isCliEnvironment === true;
    case 'planMode':
      return context.providerInfo?.mode === 'plan';
    case 'actMode':
      return context.providerInfo?.mode !== 'plan';
  }
}

export function describeRequirement(requirement: ContextRequirement): string {
  const text: Record<ContextRequirement, string> = {
    none: 'always',
    browser: 'browser use is supported',
    mcp: 'an MCP server is connected',
    focusChain: 'the focus chain is enabled',
    multiRoot: 'a multi-root workspace is open',
    nativeToolCalls: 'native tool calls are enabled',
    noNativeToolCalls: 'native tool calls are disabled',
    yolo: 'yolo mode is on',
    notYolo: 'yolo mode is off',
    subagents: 'subagents are enabled',
    skills: 'the context lists skills',
    askUser: 'someone can answer questions (not yolo mode, not a subagent run)',
    webTools: 'web tools are enabled',
    cli: 'running in the CLI',
    planMode: 'plan mode',
    actMode: 'act mode',
  };
  return text[requirement];
}
